import { type ColorDecision, decideColors } from '../ui/decideColors.ts';
import { readPageColors } from './readPageColors.ts';

/** Connected hosts, each with what applies its colours and the CSS it last applied. */
const hosts = new Map<Element, Entry>();
let watching = false;

type Entry = { apply(css: string): void; css?: string };

const channels = (color: number[]) => color.slice(0, 3).map(Math.round);
const rgb = (color: number[]) => `rgb(${channels(color)})`;
const rule = (selector: string, { dark, page, link }: ColorDecision) =>
  `${selector}{color-scheme:${dark ? 'dark' : 'light'};--_page:${rgb(page)};--_link:${rgb(link)}`;

/**
 * Gives `host` the CSS of its page's colours (base.css turns them into every other colour), where
 * it changed. Its floating surfaces (`.float`: the box's list and panel) take the colours behind
 * it too, unless those do not carry its text (a saturated header, a picture, a gradient): then
 * the page's own (the body's, the root's) and the page's text, whatever the element sits on.
 */
function update(entry: Entry, host: Element): void {
  let css = '';
  try {
    const near = decideColors(readPageColors(host));
    css = `${rule(':host', near)}}`;
    if (!near.carries) {
      const body = host.ownerDocument.body;
      const own = decideColors(readPageColors(body, body));
      // The page's text, unless a surface of the author's own (`--trove-color-surface`, set
      // without a text colour) makes `rgb(…)` invalid: the text around the element, as before.
      css += `${rule(':host(:not([theme])) .float', own)};color:var(--trove-color-text,rgb(var(--trove-color-surface,${channels(own.text)})))}`;
    }
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
