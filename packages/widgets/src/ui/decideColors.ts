/** A colour: sRGB channels 0–255 and alpha 0–1. */
export type Rgba = number[];

/** What the page shows around an element, as its computed styles give it (see `readPageColors`). */
export interface PageColors {
  /**
   * The background colours of its ancestors from the nearest outwards, up to the first opaque one
   * or the first that also paints an image (`image`), else up to `<html>`.
   */
  backgrounds: Rgba[];
  /** Does the last of `backgrounds` paint an image (a picture, a gradient) over its colour? */
  image?: boolean;
  /** The root's `color-scheme` (its computed value, or the `color-scheme` meta's content). */
  rootScheme: string;
  /** Does the system prefer dark? Counts only where the theme follows it (`color-scheme: light dark`). */
  systemDark: boolean;
  /** The element's inherited text colour. */
  text: Rgba;
  /** The colour of a link in the page's text, when there is one. */
  link?: Rgba | null;
}

/** Light or dark, the opaque colour behind the element, and the text and link colours to use on it. */
export interface ColorDecision {
  dark: boolean;
  page: Rgba;
  /** The element's text as painted on `page` (opaque). */
  text: Rgba;
  link: Rgba;
  /**
   * Does `page` carry the text, its secondary text too (the text at 72 %, base.css's `--_muted`),
   * at ≥ 4.5:1? Never over a background image: what shows behind is unknown.
   */
  carries: boolean;
}

/** The canvas under a page without a background, light and dark (Chromium's; others are near). */
const CANVAS = [
  [255, 255, 255, 1],
  [18, 18, 18, 1],
];

/** WCAG 2 relative luminance of an opaque colour. */
export function luminance(color: Rgba): number {
  const [r, g, b] = color.map((c) => ((c /= 255) <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** WCAG 2 contrast ratio of two opaque colours (1–21). */
export function contrast(a: Rgba, b: Rgba): number {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x! + 0.05) / (y! + 0.05);
}

/** `top` painted over the opaque `under`. */
export const over = (top: Rgba, under: Rgba): Rgba => [0, 1, 2].map((i) => top[i]! * top[3]! + under[i]! * (1 - top[3]!)).concat(1);

/** Dark when white text reads better on `color` than black text. */
const isDark = (color: Rgba) => luminance(color) < 0.179;

/**
 * Light or dark, from the page's actual colours: the backgrounds behind the element painted over
 * one another on the canvas (light or dark as the root's `color-scheme` makes it: `light dark`
 * follows the system, `dark` is dark, none is light). Over a background image, the text colour
 * decides instead (light text: dark) and the canvas of that scheme stands for the picture. The
 * system preference alone never decides. The link colour is the theme's where it reads on that
 * background (≥ 4.5:1), else the text colour. A saturated header (white text on a strong pink),
 * a picture or a gradient behind the element do not carry its text (`carries`).
 */
export function decideColors({ backgrounds, image, rootScheme, systemDark, text, link }: PageColors): ColorDecision {
  const scheme = rootScheme.split(' ');
  let page = CANVAS[+(scheme.includes('dark') && (!scheme.includes('light') || systemDark))]!;
  for (const layer of [...backgrounds].reverse()) page = over(layer, page);
  let dark = isDark(page);
  text = over(text, page);
  if (image && dark === isDark(text)) page = CANVAS[+(dark = !dark)]!;
  const theirs = link && over(link, page);
  return {
    dark,
    page,
    text,
    link: theirs && contrast(theirs, page) >= 4.5 ? theirs : text,
    carries: !image && contrast(over(text.slice(0, 3).concat(0.72), page), page) >= 4.5,
  };
}
