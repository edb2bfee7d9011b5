import { ENDPOINTS, type EndpointRow } from 'trove-search-client';
import type { Route } from '../endpoints/matchRoute.ts';
import { SPACE_OR_PUNCTUATION } from '../engine/TextIndex.ts';

/** Each read's parameter that may make it costly (the rows' `heavy`). */
const HEAVY_BY: Record<string, 'q' | 'title' | undefined> = Object.fromEntries(
  (Object.values(ENDPOINTS) as EndpointRow[]).map((row) => [row.kind, row.heavy]),
);

/**
 * Whether a read request may cost more than an ordinary one (createWorkQueue.ts lets ordinary
 * ones go first): more than 3 words, two words of 9 letters or more (two typos tolerated each),
 * a recommend `title` (a row's `heavy: 'title'`), or more than 3 filters. What a reader types in a
 * search box is light, and so is a recommend by id: the words it relates by are bounded
 * (LIMITS.relatedTerms of the first LIMITS.relatedTextChars, none in more than half the posts;
 * engine/distinctiveTerms.ts).
 */
export function isHeavyRequest(route: Pick<Route, 'kind'>, params: URLSearchParams): boolean {
  if (params.getAll('filter').length > 3) return true;
  const by = HEAVY_BY[route.kind] ?? 'q';
  const text = params.get(by) ?? '';
  if (by === 'title' && text.trim() !== '') return true;
  const words = text.split(SPACE_OR_PUNCTUATION, 8).filter(Boolean);
  return words.length > 3 || words.filter((w) => w.length >= 9).length > 1;
}
