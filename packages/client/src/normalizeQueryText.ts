/**
 * The text of a search as the widgets keep, send and show it, and as `trove serve` counts it in its
 * analytics: the reader's words without the spaces around them (case and inner spacing are the
 * reader's; the engine ignores case when it matches).
 */
export function normalizeQueryText(q: string): string {
  return q.trim();
}
