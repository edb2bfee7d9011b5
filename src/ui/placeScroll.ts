/** What every element's own anchoring (`anchorScroll`) does when the page's scroll position is placed: take the page as it now is as its baseline. */
const anchors = new Set<() => void>();

/**
 * The rule between the two things that move the page: `place` sets the scroll position (the
 * return to a result), and owns it; then every anchor takes the page as it now is as its
 * baseline, so that what changed before (the results' first render) does not move it again.
 */
export function placeScroll(place: () => void): void {
  place();
  for (const rebase of anchors) rebase();
}

/** An anchor's `rebase`, run after every `placeScroll`; returns the function that stops it. */
export function onPlaceScroll(rebase: () => void): () => void {
  anchors.add(rebase);
  return () => anchors.delete(rebase);
}
