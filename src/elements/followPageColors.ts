import { decideColors } from '../ui/decideColors.ts';
import { readPageColors } from './readPageColors.ts';

/** Connected hosts, each with what applies its colours and the CSS it last applied. */
const hosts = new Map<Element, Entry>();
let watching = false;

type Entry = { apply(css: string): void; css?: string };

/** Gives `host` the CSS of its page's colours (base.css turns them into every other colour), where it changed. */
function update(entry: Entry, host: Element): void {
  let css = '';
  try {
    const { dark, page, link } = decideColors(readPageColors(host));
    const rgb = (color: number[]) => `rgb(${color.slice(0, 3).map(Math.round)})`;
    css = `:host{color-scheme:${dark ? 'dark' : 'light'};--_page:${rgb(page)};--_link:${rgb(link)}}`;
  } catch {
    // No layout or canvas (a test DOM): base.css's own fallbacks.
  }
  if (css !== entry.css) entry.apply((entry.css = css));
}

/** The theme may have changed: every connected host reads its page again. */
const refresh = () => hosts.forEach(update);

/**
 * What makes a theme change colours without a reload, watched for the page's lifetime once a host
 * connects: an attribute of `<html>` or `<body>` (a toggle's class, `data-theme`, `style`), a
 * stylesheet or `color-scheme` meta swapped in `<head>` and a stylesheet's load, the system
 * preference (for themes that follow it), and the end of a transition on an ancestor (read while
 * it runs, the colours are the old ones).
 */
function watch(doc: Document): void {
  watching = true;
  const observer = new MutationObserver(refresh);
  observer.observe(doc.documentElement, { attributes: true });
  observer.observe(doc.body, { attributes: true });
  observer.observe(doc.head, { attributes: true, childList: true, subtree: true });
  doc.defaultView!.matchMedia('(prefers-color-scheme: dark)').addEventListener('change', refresh);
  const settled = ({ target }: Event) => {
    // Our own elements' transitions reach the document as their hosts': not the theme's.
    if (
      (target as Element).localName === 'link' ||
      (!hosts.has(target as Element) && [...hosts.keys()].some((host) => (target as Node).contains(host)))
    )
      refresh();
  };
  doc.addEventListener('transitionend', settled);
  doc.addEventListener('load', settled, true);
}

/**
 * Gives `host` its page's colours now (light or dark, the background behind it, the link colour:
 * `decideColors`) through `apply`, and again whenever the theme changes them; returns what stops it.
 */
export function followPageColors(host: Element, apply: (css: string) => void): () => void {
  const entry: Entry = { apply };
  hosts.set(host, entry);
  try {
    if (!watching) watch(host.ownerDocument);
  } catch {
    // A document without <head> or <body>, or without matchMedia: the first colours stay.
  }
  // Only the new host: the others' page has not changed (a page of many elements stays linear).
  update(entry, host);
  return () => hosts.delete(host);
}
