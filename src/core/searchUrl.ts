import type { SearchState } from './searchQuery.ts';
import { writeUrlState } from './writeUrlState.ts';

/**
 * The address of a results page for a search: `resultsUrl` (resolved against `base`) described by
 * `writeUrlState` with `q` and one `filter` per active filter on page 1; a `sort` the results page
 * was linked with stays, and so do its other parameters.
 */
export function searchUrl(resultsUrl: string, state: SearchState, base: string): string {
  const url = new URL(resultsUrl || '/search', base);
  return writeUrlState(url, { q: state.q, filters: state.filters, page: 1, sort: url.searchParams.get('sort') ?? '' }).href;
}
