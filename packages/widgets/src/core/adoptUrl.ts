import type { PageSearch } from './createPageSearch.ts';
import { readUrlState } from './readUrlState.ts';

/**
 * Take the search an address names (its text as `param` or `q`, a `filter` or a `scope`; then also its `page` and `sort`) into the
 * page search. An address that names none leaves the page search as it is: a box on the page may
 * have searched before the results view arrived, and the URL adapter then writes that search.
 */
export function adoptUrl(search: PageSearch, href: string, param?: string | null): void {
  const named = readUrlState(href, param);
  if (named.q || named.filters.length || named.scope) search.set(named);
}
