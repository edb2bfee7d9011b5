import type { SearchQuery } from './searchQuery.ts';

/**
 * The search a page URL describes: `q`, every `filter` (repeated, in order, blanks and
 * duplicates dropped), `page` (a positive integer, else 1) and `sort`.
 */
export function readUrlState(url: URL | URLSearchParams | string): SearchQuery {
  const params =
    url instanceof URLSearchParams ? url : typeof url === 'string' ? new URL(url, 'https://base.invalid/').searchParams : url.searchParams;
  const page = Number(params.get('page'));
  return {
    q: (params.get('q') ?? '').trim(),
    filters: [...new Set(params.getAll('filter').filter((f) => f.trim()))],
    page: Number.isInteger(page) && page > 0 ? page : 1,
    sort: (params.get('sort') ?? '').trim(),
  };
}
