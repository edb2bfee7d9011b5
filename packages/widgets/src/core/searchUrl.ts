import { type StartedSearch, sentFilters } from './searchQuery.ts';
import { writeUrlState } from './writeUrlState.ts';

/**
 * The address of a results page for a search: `resultsUrl` (resolved against `base`) described by
 * `writeUrlState` with the text (as `param`, default `q`) and one `filter` per filter it is sent with (the box's scope applies on
 * its own page: on another it is a filter like any other) on page 1; a `sort` the results page was
 * linked with stays, and so do its other parameters.
 */
export function searchUrl(resultsUrl: string, search: StartedSearch, base: string, param?: string | null): string {
  const url = new URL(resultsUrl || '/search', base);
  return writeUrlState(url, { q: search.q, filters: sentFilters(search), page: 1, sort: url.searchParams.get('sort') ?? '' }, param).href;
}
