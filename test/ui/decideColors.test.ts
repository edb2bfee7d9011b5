import { describe, expect, it } from 'vitest';
import { contrast, decideColors, parseColor, type PageColors } from '../../src/ui/decideColors.ts';

/** A page: backgrounds from the element outwards, everything else light and plain unless given. */
const page = (backgrounds: (string | { color: string; image?: boolean })[], rest: Partial<PageColors> = {}): PageColors => ({
  backgrounds: backgrounds.map((b) => (typeof b === 'string' ? { color: b } : b)),
  rootScheme: 'normal',
  systemDark: false,
  text: 'rgb(34, 34, 34)',
  link: null,
  ...rest,
});

describe('parseColor', () => {
  it('reads the forms computed styles give', () => {
    expect(parseColor('rgb(1, 2, 3)')).toEqual([1, 2, 3, 1]);
    expect(parseColor('rgba(10, 20, 30, 0.5)')).toEqual([10, 20, 30, 0.5]);
    expect(parseColor('rgb(10 20 30 / 25%)')).toEqual([10, 20, 30, 0.25]);
    expect(parseColor('color(srgb 1 0.5 0 / 0.6)')).toEqual([255, 127.5, 0, 0.6]);
    expect(parseColor('transparent')).toEqual([0, 0, 0, 0]);
  });

  it('returns null for what it cannot read, and clamps what is out of range', () => {
    for (const text of ['oklch(0.5 0.1 200)', 'color(display-p3 1 0 0)', 'rgb(1, 2)', 'rgb(a, b, c)', 'red', '#ffaa00', ''])
      expect(parseColor(text)).toBeNull();
    expect(parseColor('rgb(300, -4, 20, 2)')).toEqual([255, 0, 20, 1]);
  });
});

describe('decideColors', () => {
  it('takes the first opaque background behind the element: a dark theme chosen by a class is dark on a light system', () => {
    const decision = decideColors(page(['rgba(0, 0, 0, 0)', 'rgb(22, 24, 29)', 'rgb(255, 255, 255)'], { text: 'rgb(227, 227, 227)' }));
    expect(decision).toEqual({ scheme: 'dark', page: 'rgb(22 24 29)', link: 'rgb(227 227 227)' });
  });

  it('never decides by the system alone: a light-only page on a dark system is light', () => {
    expect(decideColors(page(['rgb(255, 255, 255)'], { rootScheme: 'light', systemDark: true })).scheme).toBe('light');
    expect(decideColors(page(['transparent', 'transparent'], { rootScheme: 'normal', systemDark: true }))).toMatchObject({
      scheme: 'light',
      page: 'rgb(255 255 255)',
    });
  });

  it('takes the canvas of the root’s color-scheme when nothing behind is opaque; light dark follows the system', () => {
    const bare = (rootScheme: string, systemDark: boolean) => decideColors(page(['transparent'], { rootScheme, systemDark })).page;
    expect(bare('dark', false)).toBe('rgb(18 18 18)');
    expect(bare('only dark', false)).toBe('rgb(18 18 18)');
    expect(bare('light dark', true)).toBe('rgb(18 18 18)');
    expect(bare('light dark', false)).toBe('rgb(255 255 255)');
    expect(bare('only light', true)).toBe('rgb(255 255 255)');
  });

  it('paints translucent backgrounds over what is under them', () => {
    // A header at 85 % white over a sepia body.
    const decision = decideColors(page(['rgba(255, 255, 255, 0.85)', 'rgb(243, 241, 236)']));
    expect(decision.page).toBe('rgb(253 253 252)');
    expect(decideColors(page(['rgba(0, 0, 0, 0.5)', 'rgb(255, 255, 255)'])).page).toBe('rgb(128 128 128)');
  });

  it('lets the text decide over a background image: light text, a dark picture', () => {
    const hero = page([{ color: 'transparent', image: true }, 'rgb(255, 255, 255)'], { text: 'rgb(250, 250, 250)' });
    expect(decideColors(hero)).toMatchObject({ scheme: 'dark', page: 'rgb(18 18 18)' });
    const light = page([{ color: 'transparent', image: true }, 'rgb(255, 255, 255)'], { text: 'rgb(20, 20, 20)' });
    expect(decideColors(light)).toMatchObject({ scheme: 'light', page: 'rgb(255 255 255)' });
  });

  it('takes the theme’s link colour where it reads on the background, else the text colour', () => {
    const white = ['rgb(255, 255, 255)'];
    expect(decideColors(page(white, { link: 'rgb(138, 59, 18)' })).link).toBe('rgb(138 59 18)');
    // A pale link on white (1.9:1) and the browser's default blue on a dark page (2.2:1) do not read.
    expect(decideColors(page(white, { link: 'rgb(120, 180, 240)', text: 'rgb(30, 30, 30)' })).link).toBe('rgb(30 30 30)');
    expect(decideColors(page(['rgb(13, 17, 23)'], { link: 'rgb(0, 0, 238)', text: 'rgb(201, 209, 217)' })).link).toBe('rgb(201 209 217)');
  });

  it('reads translucent text and links as painted on the background', () => {
    // Material's 87 % black text on white.
    const decision = decideColors(page(['rgb(255, 255, 255)'], { text: 'rgba(0, 0, 0, 0.87)' }));
    expect(decision.link).toBe('rgb(33 33 33)');
  });

  it('gives what it decides enough contrast on every page: the link colour ≥ 4.5:1 on the background', () => {
    const pages = [
      page(['rgb(244, 236, 216)'], { text: 'rgb(59, 47, 30)', link: 'rgb(138, 59, 18)' }),
      page(['rgb(13, 17, 23)'], { rootScheme: 'dark', text: 'rgb(201, 209, 217)', link: 'rgb(88, 166, 255)' }),
      page(['transparent'], { rootScheme: 'light dark', systemDark: true, text: 'rgb(230, 237, 243)', link: 'rgb(0, 0, 238)' }),
    ];
    for (const p of pages) {
      const { page: background, link } = decideColors(p);
      expect(contrast(parseColor(link)!, parseColor(background)!)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('falls back to black or white when the text colour cannot be read', () => {
    expect(decideColors(page(['rgb(0, 0, 0)'], { text: 'oklch(0.9 0 0)' })).link).toBe('rgb(255 255 255)');
    expect(decideColors(page(['not a colour'], { text: '' })).link).toBe('rgb(0 0 0)');
  });
});
