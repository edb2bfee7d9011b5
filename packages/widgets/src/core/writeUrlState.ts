import { queryParam } from './defaults.ts';
import type { SearchQuery } from './searchQuery.ts';

/**
 * A copy of `url` describing `query`: its text as `param` (default `q`; when not empty), one `filter` per filter, one `scope`
 * per filter of the box's scope, `page` (when not 1) and `sort` (when set) replace any earlier
 * ones; other parameters and the hash stay.
 */
export function writeUrlState(url: URL | string, query: SearchQuery, param?: string | null): URL {
  const next = new URL(url);
  const name = param || queryParam;
  const params = next.searchParams;
  for (const old of ['q', name, 'filter', 'scope', 'page', 'sort']) params.delete(old);
  if (query.q) params.set(name, query.q);
  for (const filter of query.filters) params.append('filter', filter);
  for (const filter of query.scope ?? []) params.append('scope', filter);
  if (query.page > 1) params.set('page', String(query.page));
  if (query.sort) params.set('sort', query.sort);
  return next;
}
