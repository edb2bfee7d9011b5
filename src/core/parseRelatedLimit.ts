import { parseLimit } from './parseLimit.ts';

/** Default number of related posts (DESIGN.md §1.2). */
export const RELATED_DEFAULT_LIMIT = 4;
/** Upper bound: a related block is a handful of cards, not a results page. */
export const RELATED_MAX_LIMIT = 24;

/** Reads the `limit` attribute: a whole number from 1 to 24, else the default 4 (see `parseLimit`). */
export function parseRelatedLimit(value: string | number | null | undefined): number {
  return parseLimit(value, RELATED_DEFAULT_LIMIT, RELATED_MAX_LIMIT);
}
