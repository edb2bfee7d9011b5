import type { SearchLink, SearchState } from './searchLink.ts';
import { searchUrl } from './searchUrl.ts';

export interface RouteSearchOptions {
  link: SearchLink;
  /** The `results-url` attribute; default `/search`. */
  resultsUrl?: string | null;
  /** The current page address (to resolve `resultsUrl`). */
  base: string;
  /** Go to another page (the browser: `location.assign`). */
  navigate(url: string): void;
}

/**
 * Send a search where it is shown: to a `<trove-search-results>` on the same page through the
 * page's search link (updated in place), else to the results page with `q` and repeated `filter`.
 * Returns `'link'` or the URL navigated to.
 */
export function routeSearch(state: SearchState, options: RouteSearchOptions): string {
  if (options.link.resultsMounted.value > 0) {
    options.link.state.value = { q: state.q, filters: [...state.filters] };
    return 'link';
  }
  const url = searchUrl(options.resultsUrl ?? '/search', state, options.base);
  options.navigate(url);
  return url;
}
