import { rebases } from './placeScroll.ts';

/**
 * Scroll anchoring where the browser has none (Safari: `overflow-anchor` unsupported; Chromium and
 * Firefox anchor scrolling themselves, and nothing is done here): when `element` changes what it
 * draws (its shadow `root`, its attributes: `hidden`) and so moves what the page draws after it
 * (its next sibling with a box, else its parent's, and so on) while that starts at or above the
 * viewport's top, the window scrolls by as much, so that what the reader is reading does not move.
 * Related posts that a reader jumped past (a link to a comment) grow there from nothing to their
 * skeleton, then to their posts, or hide themselves.
 *
 * What follows is measured from the element's container rather than the element's height, so that
 * its margins count (they appear when it becomes a block, and stop collapsing with its
 * neighbours' once it is no longer empty), a hidden element too, and the container's own moves
 * (content above, a sticky header) do not. The scroll comes in the same task as the change, from a
 * MutationObserver, before anything is drawn: from a ResizeObserver it came a frame late in
 * Chromium (the page drawn moved, then back: a layout shift). Call it before the element's styles
 * and first render: what is drawn then is what the reader sees. Once the scroll is placed
 * (`placeScroll`) the page as it is then is the baseline. Returns the function that stops it (none
 * where the browser anchors, or nothing is drawn after the element).
 */
export function anchorScroll(element: Element, root: Node): (() => void) | undefined {
  if (CSS.supports('overflow-anchor', 'auto')) return;
  let container: Element | null = element;
  let after: Element | null = null;
  for (; container && !after; container = container.parentElement)
    for (after = container.nextElementSibling; after && !after.getClientRects().length; ) after = after.nextElementSibling;
  if (!after || !container) return;
  const top = (of: Element) => of.getBoundingClientRect().top;
  const offset = () => top(after) - top(container);
  let last = offset();
  const observer = new MutationObserver(() => {
    const change = offset() - last;
    last += change;
    // 'instant': not the page's `scroll-behavior: smooth`.
    if (change && top(after) - change <= 0) scrollBy({ top: change, behavior: 'instant' });
  });
  for (const node of [root, element]) observer.observe(node, { subtree: true, childList: true, attributes: true, characterData: true });
  const rebase = () => {
    observer.takeRecords();
    last = offset();
  };
  rebases.add(rebase);
  return () => {
    observer.disconnect();
    rebases.delete(rebase);
  };
}
