import type { PageColors, Rgba } from '../ui/decideColors.ts';

/** The element a node's styles come from: its slot, its parent, or its shadow root's host. */
const parentOf = (node: Element): Element | null =>
  node.assignedSlot ?? node.parentElement ?? ((node.parentNode as ShadowRoot).host || null);

let canvas: CanvasRenderingContext2D;

/**
 * A computed colour as sRGB: `rgb()`, `rgba()` and `color(srgb …)` (what `color-mix()` gives) read
 * exactly, others (`oklch()`, `lab()`…) through a 1×1 canvas.
 */
function rgba(doc: Document, color: string): Rgba {
  const srgb = color.startsWith('color(srgb ');
  if (srgb || color.startsWith('rgb')) {
    const [r, g, b, a = 1] = color.match(/[\d.e-]+/g)!.map((n, i) => (srgb && i < 3 ? +n * 255 : +n));
    return [r!, g!, b!, a];
  }
  canvas ??= doc.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
  canvas.clearRect(0, 0, 1, 1);
  canvas.fillStyle = color;
  canvas.fillRect(0, 0, 1, 1);
  const [r, g, b, a] = canvas.getImageData(0, 0, 1, 1).data;
  return [r!, g!, b!, a! / 255];
}

/**
 * What the page shows around `host`, for `decideColors`: the backgrounds of its ancestors
 * (through slots and shadow hosts) from the nearest outwards (from `from`: `<body>` for the page's
 * own), the root's `color-scheme`, the system preference, the text colour `host` inherits and
 * the colour of a link in a paragraph of the page.
 */
export function readPageColors(host: Element, from = parentOf(host)): PageColors {
  const doc = host.ownerDocument;
  const view = doc.defaultView!;
  const style = (el: Element) => view.getComputedStyle(el);
  const backgrounds: Rgba[] = [];
  let image = false;
  for (let el = from; el && !image; el = parentOf(el)) {
    const { backgroundColor, backgroundImage } = style(el);
    const color = rgba(doc, backgroundColor);
    backgrounds.push(color);
    image = backgroundImage !== 'none';
    if (color[3] === 1) break;
  }
  const scheme = style(doc.documentElement).colorScheme;
  const link = doc.querySelector('p a[href]');
  return {
    backgrounds,
    image,
    rootScheme: scheme !== 'normal' ? scheme : (doc.querySelector<HTMLMetaElement>('meta[name="color-scheme"]')?.content ?? ''),
    systemDark: view.matchMedia('(prefers-color-scheme: dark)').matches,
    text: rgba(doc, style(host).color),
    link: link && rgba(doc, style(link).color),
  };
}
