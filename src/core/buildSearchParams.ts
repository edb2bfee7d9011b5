import type { ApiVersion, SearchParams } from '../api/types.ts';
import type { SearchQuery } from './searchQuery.ts';

/** `<field> asc` or `<field> desc` — the only sort shape API.md allows. */
const SORT = /^[\w.-]+ (?:asc|desc)$/;

/**
 * The search request for a query: `q`, each filter as a repeated `filter`, `skip` =
 * (page − 1) × limit, `limit`, and `sort` in v2 only (v1 search has none) and only when well formed.
 */
export function buildSearchParams(query: SearchQuery, limit: number, apiVersion: ApiVersion): SearchParams {
  const page = Math.max(1, Math.floor(query.page) || 1);
  const params: SearchParams = { q: query.q, skip: (page - 1) * limit, limit };
  if (query.filters.length) params.filter = [...query.filters];
  if (apiVersion === 'v2' && SORT.test(query.sort)) params.sort = query.sort;
  return params;
}
