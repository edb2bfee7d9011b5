import { describe, expect, it } from 'vitest';
import { contrast, decideColors, luminance, over, type PageColors, type Rgba } from '../../src/ui/decideColors.ts';

const white = [255, 255, 255, 1];
const clear = [0, 0, 0, 0];

/** A page: backgrounds from the element outwards; no color-scheme, a light system, dark grey text unless given. */
const page = (backgrounds: Rgba[], rest: Partial<PageColors> = {}): PageColors => ({
  backgrounds,
  rootScheme: 'normal',
  systemDark: false,
  text: [34, 34, 34, 1],
  link: null,
  ...rest,
});
const rounded = (color: Rgba) => color.map(Math.round);

describe('luminance and contrast', () => {
  it('follow WCAG 2', () => {
    expect(luminance(white)).toBe(1);
    expect(luminance([0, 0, 0, 1])).toBe(0);
    expect(contrast([0, 0, 0, 1], white)).toBe(21);
    expect(contrast(white, [118, 118, 118, 1])).toBeCloseTo(4.54, 2);
    expect(contrast([118, 118, 118, 1], white)).toBe(contrast(white, [118, 118, 118, 1]));
  });

  it('paint a translucent colour over an opaque one', () => {
    expect(over([0, 0, 0, 0.5], white)).toEqual([127.5, 127.5, 127.5, 1]);
    expect(over([10, 20, 30, 1], white)).toEqual([10, 20, 30, 1]);
  });
});

describe('decideColors', () => {
  it('takes the first opaque background behind the element: a dark theme chosen by a class is dark on a light system', () => {
    const decision = decideColors(page([clear, [22, 24, 29, 1]], { text: [227, 227, 227, 1] }));
    expect(decision).toEqual({ dark: true, page: [22, 24, 29, 1], text: [227, 227, 227, 1], link: [227, 227, 227, 1], carries: true });
  });

  it('never decides by the system alone: a light-only page, or a page with no color-scheme, is light on a dark system', () => {
    expect(decideColors(page([white], { rootScheme: 'light', systemDark: true })).dark).toBe(false);
    expect(decideColors(page([clear, clear], { systemDark: true }))).toMatchObject({ dark: false, page: white });
  });

  it('takes the canvas of the root’s color-scheme when nothing behind is opaque; light dark follows the system', () => {
    const bare = (rootScheme: string, systemDark: boolean) => decideColors(page([clear], { rootScheme, systemDark })).page;
    const darkCanvas = [18, 18, 18, 1];
    expect(bare('dark', false)).toEqual(darkCanvas);
    expect(bare('only dark', false)).toEqual(darkCanvas);
    expect(bare('light dark', true)).toEqual(darkCanvas);
    expect(bare('dark light', true)).toEqual(darkCanvas);
    expect(bare('light dark', false)).toEqual(white);
    expect(bare('only light', true)).toEqual(white);
    expect(bare('', true)).toEqual(white);
  });

  it('paints translucent backgrounds over what is under them', () => {
    // A header at 85 % white over a sepia body.
    expect(
      rounded(
        decideColors(
          page([
            [255, 255, 255, 0.85],
            [243, 241, 236, 1],
          ]),
        ).page,
      ),
    ).toEqual([253, 253, 252, 1]);
    // Half black over no background at all: over the light canvas.
    expect(decideColors(page([[0, 0, 0, 0.5]]))).toMatchObject({ dark: false, page: [127.5, 127.5, 127.5, 1] });
  });

  it('lets the text decide over a background image: light text, a dark picture', () => {
    const hero = page([clear, white], { image: true, text: [250, 250, 250, 1] });
    expect(decideColors(hero)).toMatchObject({ dark: true, page: [18, 18, 18, 1] });
    const pale = page([white], { image: true, text: [20, 20, 20, 1] });
    expect(decideColors(pale)).toMatchObject({ dark: false, page: white });
  });

  it('takes the theme’s link colour where it reads on the background, else the text colour', () => {
    expect(decideColors(page([white], { link: [138, 59, 18, 1] })).link).toEqual([138, 59, 18, 1]);
    // A pale link on white (1.9:1), and the browser's default blue on a dark page (2.2:1), do not read.
    expect(decideColors(page([white], { link: [120, 180, 240, 1], text: [30, 30, 30, 1] })).link).toEqual([30, 30, 30, 1]);
    expect(decideColors(page([[13, 17, 23, 1]], { link: [0, 0, 238, 1], text: [201, 209, 217, 1] })).link).toEqual([201, 209, 217, 1]);
  });

  it('reads translucent text and links as painted on the background', () => {
    // Material's 87 % black text on white.
    expect(rounded(decideColors(page([white], { text: [0, 0, 0, 0.87] })).link)).toEqual([33, 33, 33, 1]);
    // Half-transparent blue on white is a pale blue (3.5:1): the text colour instead.
    expect(decideColors(page([white], { link: [0, 0, 255, 0.5] })).link).toEqual([34, 34, 34, 1]);
  });

  it('says whether the background carries the text, its secondary text (at 72 %) too, at ≥ 4.5:1', () => {
    const pink = [255, 26, 117, 1];
    // White on Ghost's default accent: 3.7:1, and 2.4:1 at 72 %.
    expect(decideColors(page([pink], { text: white })).carries).toBe(false);
    // Near-black on it: 4.8:1, but 3.6:1 at 72 %.
    expect(decideColors(page([pink], { text: [21, 23, 26, 1] })).carries).toBe(false);
    // Casper's text on white, and its dark mode (white at 75 % on #151719).
    expect(decideColors(page([white], { text: [21, 23, 26, 1] })).carries).toBe(true);
    expect(decideColors(page([[21, 23, 25, 1]], { text: [255, 255, 255, 0.75] })).carries).toBe(true);
    // White text on a transparent header over a white body (a cover picture the page does not say).
    expect(decideColors(page([clear, white], { text: white })).carries).toBe(false);
  });

  it('never says that a picture or a gradient carries the text, whatever its colour under it', () => {
    const hero = page([white], { image: true, text: [20, 20, 20, 1] });
    expect(decideColors(hero)).toMatchObject({ dark: false, page: white, carries: false });
    expect(decideColors(page([[13, 17, 23, 1]], { image: true, text: white })).carries).toBe(false);
  });

  it('gives a link colour that reads on the background it decides (≥ 4.5:1) on light, dark, tinted and translucent pages', () => {
    const pages = [
      page([[244, 236, 216, 1]], { text: [59, 47, 30, 1], link: [138, 59, 18, 1] }),
      page([[13, 17, 23, 1]], { rootScheme: 'dark', text: [201, 209, 217, 1], link: [88, 166, 255, 1] }),
      page([clear], { rootScheme: 'light dark', systemDark: true, text: [230, 237, 243, 1], link: [0, 0, 238, 1] }),
      page([[255, 255, 255, 0.5]], { rootScheme: 'dark', text: [10, 10, 10, 1], link: [40, 40, 40, 1] }),
    ];
    for (const p of pages) {
      const { page: background, link } = decideColors(p);
      expect(contrast(link, background)).toBeGreaterThanOrEqual(4.5);
    }
  });
});
