import { parseColor, type PageColors } from '../ui/decideColors.ts';

/** The element a node's styles come from: its slot, its parent, or its shadow root's host. */
function parentOf(node: Element): Element | null {
  return node.assignedSlot ?? node.parentElement ?? ((node.parentNode as ShadowRoot | null)?.host || null);
}

let canvas: CanvasRenderingContext2D | null | undefined;

/**
 * A computed colour in a form `parseColor` reads: those in other spaces (`oklch()`, `lab()`,
 * `color(display-p3 …)`, what `color-mix()` computes to) go through a 1×1 canvas into sRGB.
 */
function toSrgb(doc: Document, color: string): string {
  if (parseColor(color)) return color;
  canvas ??= doc.createElement('canvas').getContext?.('2d', { willReadFrequently: true }) ?? null;
  if (!canvas) return color;
  canvas.clearRect(0, 0, 1, 1);
  canvas.fillStyle = color;
  canvas.fillRect(0, 0, 1, 1);
  const [r, g, b, a] = canvas.getImageData(0, 0, 1, 1).data;
  return `rgba(${r}, ${g}, ${b}, ${a! / 255})`;
}

/**
 * What the page shows around `host`, for `decideColors`: the backgrounds of its ancestors (through
 * slots and shadow hosts) from the nearest outwards, the root's `color-scheme`, the system
 * preference, the text colour `host` inherits and the colour of a link in the page's text.
 */
export function readPageColors(host: Element): PageColors {
  const doc = host.ownerDocument;
  const view = doc.defaultView!;
  const backgrounds: PageColors['backgrounds'] = [];
  for (let el = parentOf(host); el; el = parentOf(el)) {
    const style = view.getComputedStyle(el);
    backgrounds.push({ color: toSrgb(doc, style.backgroundColor), image: !!style.backgroundImage && style.backgroundImage !== 'none' });
  }
  const rootScheme = view.getComputedStyle(doc.documentElement).colorScheme;
  const meta = doc.querySelector<HTMLMetaElement>('meta[name="color-scheme"]')?.content;
  const link = doc.querySelector('p a[href]') ?? doc.querySelector('main a[href], article a[href]');
  return {
    backgrounds,
    rootScheme: !rootScheme || rootScheme === 'normal' ? (meta ?? '') : rootScheme,
    systemDark: !!view.matchMedia?.('(prefers-color-scheme: dark)').matches,
    text: toSrgb(doc, view.getComputedStyle(host).color),
    link: link && toSrgb(doc, view.getComputedStyle(link).color),
  };
}
