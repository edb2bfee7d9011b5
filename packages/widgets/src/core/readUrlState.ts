import { queryParam } from './defaults.ts';
import { normalizeQuery, type SearchQuery } from './searchQuery.ts';

/**
 * The search a page URL describes: its text (the `param` parameter, e.g. WordPress's `s`, else
 * `q`), every `filter` and `scope` (repeated, in order), `page` and `sort`, normalised as the page
 * search keeps them (`normalizeQuery`).
 */
export function readUrlState(url: URL | URLSearchParams | string, param?: string | null): SearchQuery {
  const params =
    url instanceof URLSearchParams ? url : typeof url === 'string' ? new URL(url, 'https://base.invalid/').searchParams : url.searchParams;
  return normalizeQuery({
    q: params.get(param || queryParam) ?? params.get(queryParam) ?? '',
    filters: params.getAll('filter'),
    scope: params.getAll('scope'),
    page: Number(params.get('page') || 1),
    sort: params.get('sort') ?? '',
  });
}
