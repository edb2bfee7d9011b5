import type { PageSearch } from '../createPageSearch.ts';
import type { StartedSearch } from '../searchQuery.ts';
import { searchUrl } from '../searchUrl.ts';

export interface RouteSearchOptions {
  /** The page search that results views on this page show. */
  search: PageSearch;
  /** The `results-url` attribute; default `/search`. */
  resultsUrl?: string | null;
  /** The parameter of the text on the results page (`query-param`); default `q`. */
  queryParam?: string | null;
  /** The current page address (to resolve `resultsUrl`). */
  base: string;
  /** Go to another page (the browser: `location.assign`). */
  navigate(url: string): void;
}

/**
 * Send a search where it is shown: to the `<trove-search-results>` on this page through the page
 * search (updated in place, from page 1, the box's scope a field of its own), else to the results
 * page with the text (`q`, or `queryParam`) and repeated `filter`. Returns `'page'` or the URL navigated to.
 */
export function routeSearch(search: StartedSearch, options: RouteSearchOptions): string {
  if (options.search.resultsMounted.peek() > 0) {
    options.search.set({ q: search.q, filters: [...search.filters], scope: [...(search.scope ?? [])] });
    return 'page';
  }
  const url = searchUrl(options.resultsUrl ?? '/search', search, options.base, options.queryParam);
  options.navigate(url);
  return url;
}
