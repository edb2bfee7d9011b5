/** Default number of related posts (DESIGN.md §1.2). */
export const RELATED_DEFAULT_LIMIT = 4;
/** Upper bound: a related block is a handful of cards, not a results page. */
export const RELATED_MAX_LIMIT = 24;

/**
 * Reads the `limit` attribute: a whole number from 1 to 24. Anything else (missing, `abc`, `0`,
 * `-3`, `2.5`) gives the default 4; more than 24 gives 24.
 */
export function parseRelatedLimit(value: string | number | null | undefined): number {
  const text = typeof value === 'number' ? String(value) : (value ?? '').trim();
  if (!/^\d+$/.test(text)) return RELATED_DEFAULT_LIMIT;
  const n = Number(text);
  if (n < 1) return RELATED_DEFAULT_LIMIT;
  return Math.min(n, RELATED_MAX_LIMIT);
}
