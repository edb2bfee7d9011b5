import { normalizeQuery, type SearchQuery } from './searchQuery.ts';

/**
 * The search a page URL describes: `q`, every `filter` and `scope` (repeated, in order), `page`
 * and `sort`, normalised as the page search keeps them (`normalizeQuery`).
 */
export function readUrlState(url: URL | URLSearchParams | string): SearchQuery {
  const params =
    url instanceof URLSearchParams ? url : typeof url === 'string' ? new URL(url, 'https://base.invalid/').searchParams : url.searchParams;
  return normalizeQuery({
    q: params.get('q') ?? '',
    filters: params.getAll('filter'),
    scope: params.getAll('scope'),
    page: Number(params.get('page') || 1),
    sort: params.get('sort') ?? '',
  });
}
