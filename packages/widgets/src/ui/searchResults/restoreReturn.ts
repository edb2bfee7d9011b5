import { placeScroll } from '../placeScroll.ts';
import type { ReturnRecord } from './returnRecord.ts';

/** The result link the record names: by its position, checked against its `href`; else the first link with that `href`. */
function findLink(root: ParentNode, record: ReturnRecord): HTMLAnchorElement | undefined {
  const links = [...root.querySelectorAll<HTMLAnchorElement>('[part~="result-link"]')];
  const byPosition = root.querySelector<HTMLAnchorElement>(`[data-position="${record.position}"] [part~="result-link"]`);
  if (byPosition?.getAttribute('href') === record.href) return byPosition;
  return links.find((link) => link.getAttribute('href') === record.href);
}

/**
 * Put the reader back where they left: the page's scroll position, the result they opened in
 * view (scrolled the least needed), and keyboard focus on its link when they left by keyboard.
 */
export function restoreReturn(record: ReturnRecord, root: ParentNode | null): void {
  const link = root ? findLink(root, record) : undefined;
  // The results' first render is drawn already: no element's own anchoring moves the page again.
  placeScroll(() => {
    if (Math.abs(window.scrollY - record.y) > 1 || Math.abs(window.scrollX - record.x) > 1) window.scrollTo(record.x, record.y);
    const box = link?.getBoundingClientRect();
    if (box && (box.top < 0 || box.bottom > window.innerHeight)) link!.scrollIntoView({ block: 'nearest' });
  });
  if (link && record.keyboard) link.focus({ preventScroll: true });
}
