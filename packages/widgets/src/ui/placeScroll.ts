/** What each element's own anchoring (`anchorScroll`) does once the scroll is placed: take the page as it now is as its baseline. */
export const rebases = new Set<() => void>();

/**
 * The rule between the two things that move the page: `place` sets the scroll position (the
 * return to a result) and owns it; then every anchor drops the changes it was still to be told of
 * (the results' first render) and measures the page again, instead of moving it by them again.
 */
export function placeScroll(place: () => void): void {
  place();
  for (const rebase of rebases) rebase();
}
