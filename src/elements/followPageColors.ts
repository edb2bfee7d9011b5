import { decideColors } from '../ui/decideColors.ts';
import { readPageColors } from './readPageColors.ts';

/** Connected hosts, each with what applies its colours and the CSS it last applied. */
const hosts = new Map<Element, { apply(css: string): void; css?: string }>();
let unwatch: (() => void) | undefined;

/** The CSS that gives a host its page's colours (base.css turns them into every other colour). */
function paletteOf(host: Element): string {
  try {
    const { scheme, page, link } = decideColors(readPageColors(host));
    return `:host{color-scheme:${scheme};--_page:${page};--_link:${link}}`;
  } catch {
    return ''; // no computed styles (a DOM without layout): base.css's own fallbacks
  }
}

function update(host: Element, entry: { apply(css: string): void; css?: string }): void {
  const css = paletteOf(host);
  if (css !== entry.css) entry.apply((entry.css = css));
}

function refresh(): void {
  hosts.forEach((entry, host) => update(host, entry));
}

/**
 * What makes a theme change colours without a reload: an attribute of `<html>` or `<body>` (a
 * toggle's class, `data-theme`, a `style`), a stylesheet or `color-scheme` meta swapped in
 * `<head>` (and the stylesheet's load), the system preference (for themes that follow it), and
 * the end of a colour transition on an ancestor (read before it ends, the colours are the old ones).
 */
function watch(doc: Document): () => void {
  const observer = new MutationObserver(refresh);
  observer.observe(doc.documentElement, { attributes: true });
  if (doc.body) observer.observe(doc.body, { attributes: true });
  if (doc.head) observer.observe(doc.head, { attributes: true, childList: true, subtree: true });
  const system = doc.defaultView?.matchMedia?.('(prefers-color-scheme: dark)');
  system?.addEventListener('change', refresh);
  const settled = (event: Event) => {
    // Our own elements' transitions reach the document as their host's: not a theme change.
    const target = event.target as Element;
    if (target.localName === 'link' || (!hosts.has(target) && [...hosts.keys()].some((host) => target.contains?.(host)))) refresh();
  };
  doc.addEventListener('transitionend', settled);
  doc.addEventListener('load', settled, true);
  return () => {
    observer.disconnect();
    system?.removeEventListener('change', refresh);
    doc.removeEventListener('transitionend', settled);
    doc.removeEventListener('load', settled, true);
  };
}

/**
 * Gives `host` its page's colours now (light or dark, the background behind it, the link colour;
 * `decideColors`) through `apply`, and again whenever the theme changes them. Returns what stops it.
 */
export function followPageColors(host: Element, apply: (css: string) => void): () => void {
  const entry = { apply };
  hosts.set(host, entry);
  unwatch ??= watch(host.ownerDocument);
  update(host, entry);
  return () => {
    hosts.delete(host);
    if (!hosts.size) {
      unwatch?.();
      unwatch = undefined;
    }
  };
}
