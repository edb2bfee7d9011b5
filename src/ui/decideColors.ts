/** A colour as sRGB channels 0–255 and alpha 0–1. */
export type Rgba = [r: number, g: number, b: number, a: number];

/** What the page shows around an element, as computed styles give it (see `readPageColors`). */
export interface PageColors {
  /**
   * The computed `background-color` of each ancestor from the nearest outwards (up to `<html>`),
   * with whether it also paints a `background-image`.
   */
  backgrounds: { color: string; image?: boolean }[];
  /** The root's `color-scheme` (its computed value, or the `color-scheme` meta's content). */
  rootScheme: string;
  /** Does the system prefer dark? Counts only where the theme follows it (`color-scheme: light dark`). */
  systemDark: boolean;
  /** The element's inherited text colour. */
  text: string;
  /** The computed colour of a link in the page's text, when there is one. */
  link?: string | null;
}

/** Light or dark, the opaque colour behind the element, the link colour to use on it. */
export interface ColorDecision {
  scheme: 'light' | 'dark';
  /** `rgb(r g b)`: the page's background behind the element. */
  page: string;
  /** `rgb(r g b)`: the theme's link colour where it reads on `page` (≥ 4.5:1), else the text colour. */
  link: string;
}

/** The canvas under a page with no background, in Chromium, Firefox and Safari alike (near enough). */
const CANVAS = { light: [255, 255, 255, 1], dark: [18, 18, 18, 1] } satisfies Record<string, Rgba>;

/**
 * Parses the colours computed styles give (`rgb()`, `rgba()`, `color(srgb …)`, `transparent`);
 * `null` for anything else (the caller converts those first).
 */
export function parseColor(text: string): Rgba | null {
  const value = text.trim().toLowerCase();
  if (value === 'transparent') return [0, 0, 0, 0];
  const match = /^(rgba?|color)\((.*)\)$/.exec(value);
  if (!match) return null;
  const srgb = match[1] === 'color';
  if (srgb && !match[2]!.startsWith('srgb ')) return null;
  const parts = match[2]!
    .slice(srgb ? 5 : 0)
    .split(/[\s,/]+/)
    .filter(Boolean);
  if (parts.length < 3 || parts.length > 4) return null;
  const numbers = parts.map((part, i) => {
    const n = Number.parseFloat(part);
    if (!/^-?[\d.]+(e-?\d+)?%?$/.test(part) || Number.isNaN(n)) return Number.NaN;
    if (part.endsWith('%')) return i === 3 ? n / 100 : (n * 255) / 100;
    return srgb && i < 3 ? n * 255 : n;
  });
  if (numbers.some(Number.isNaN)) return null;
  const [r, g, b, a = 1] = numbers.map((n, i) => Math.min(Math.max(n, 0), i === 3 ? 1 : 255));
  return [r!, g!, b!, a];
}

/** WCAG 2 relative luminance of an opaque colour. */
export function luminance([r, g, b]: Rgba): number {
  const linear = (c: number) => ((c /= 255) <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG 2 contrast ratio of two opaque colours (1–21). */
export function contrast(a: Rgba, b: Rgba): number {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x! + 0.05) / (y! + 0.05);
}

/** `top` painted over the opaque `under`. */
export function composite(top: Rgba, under: Rgba): Rgba {
  const a = top[3];
  return [0, 1, 2].map((i) => top[i]! * a + under[i]! * (1 - a)).concat(1) as Rgba;
}

const css = ([r, g, b]: Rgba) => `rgb(${Math.round(r)} ${Math.round(g)} ${Math.round(b)})`;

/** Light when black text reads better on `color` than white text, else dark. */
const schemeOf = (color: Rgba): ColorDecision['scheme'] => (luminance(color) >= 0.179 ? 'light' : 'dark');

/**
 * Light or dark, from the page's actual colours: the backgrounds behind the element painted over
 * one another down to the first opaque one (or the canvas, light or dark as the root's
 * `color-scheme` makes it: `light dark` follows the system, `dark` is dark, none is light). Where a
 * background image lies over that colour, the text colour decides instead (light text: dark). The
 * system preference alone never decides. The link colour is the theme's where it reads on that
 * background (≥ 4.5:1), else the text colour.
 */
export function decideColors(page: PageColors): ColorDecision {
  const scheme = page.rootScheme.split(/\s+/);
  const rootDark = scheme.includes('dark') && (!scheme.includes('light') || page.systemDark);
  const layers: Rgba[] = [];
  let image = false;
  for (const background of page.backgrounds) {
    const color = parseColor(background.color) ?? [0, 0, 0, 0];
    image ||= !!background.image;
    if (color[3] > 0) layers.push(color);
    if (color[3] >= 1 || image) break;
  }
  let under: Rgba = layers.at(-1)?.[3] === 1 ? layers.pop()! : CANVAS[rootDark ? 'dark' : 'light'];
  for (const layer of layers.reverse()) under = composite(layer, under);
  const opaque = (color: Rgba | null) => color && composite(color, under);
  const text = opaque(parseColor(page.text));
  let decided = schemeOf(under);
  if (image && text) {
    // Text drawn over a picture is made to read on it: light text, a dark picture.
    decided = schemeOf(text) === 'light' ? 'dark' : 'light';
    if (schemeOf(under) !== decided) under = CANVAS[decided];
  }
  const link = opaque(page.link ? parseColor(page.link) : null);
  const readable = link && contrast(link, under) >= 4.5 ? link : text;
  return { scheme: decided, page: css(under), link: readable ? css(readable) : decided === 'dark' ? 'rgb(255 255 255)' : 'rgb(0 0 0)' };
}
