import type { SearchState } from './searchLink.ts';

/**
 * The address of a results page for a search: `resultsUrl` (resolved against `base`) with `q`
 * and one `filter` parameter per active filter, replacing any it already had.
 */
export function searchUrl(resultsUrl: string, state: SearchState, base: string): string {
  const url = new URL(resultsUrl || '/search', base);
  url.searchParams.delete('q');
  url.searchParams.delete('filter');
  url.searchParams.delete('page');
  if (state.q) url.searchParams.set('q', state.q);
  for (const f of state.filters) url.searchParams.append('filter', f);
  return url.href;
}
