import type { SearchQuery } from './searchQuery.ts';

/**
 * A copy of `url` describing `query`: `q` (when not empty), one `filter` per filter, one `scope`
 * per filter of the box's scope, `page` (when not 1) and `sort` (when set) replace any earlier
 * ones; other parameters and the hash stay.
 */
export function writeUrlState(url: URL | string, query: SearchQuery): URL {
  const next = new URL(url);
  const params = next.searchParams;
  for (const name of ['q', 'filter', 'scope', 'page', 'sort']) params.delete(name);
  if (query.q) params.set('q', query.q);
  for (const filter of query.filters) params.append('filter', filter);
  for (const filter of query.scope ?? []) params.append('scope', filter);
  if (query.page > 1) params.set('page', String(query.page));
  if (query.sort) params.set('sort', query.sort);
  return next;
}
