import { signal, type ReadonlySignal } from '@preact/signals';
import { createSettings } from './createSettings.ts';
import { normalizeQuery, type SearchQuery } from './searchQuery.ts';

export interface PageSearch {
  /** The page's search: text, the reader's filters, the box's scope, 1-based page, sort. Change it with `set()`. */
  readonly state: ReadonlySignal<SearchQuery>;
  /** How many results views show this search (a box updates them in place instead of navigating when > 0). */
  readonly resultsMounted: ReadonlySignal<number>;
  /**
   * Change any part of the search (normalised by `normalizeQuery`). Changing `q`, `filters`, `scope` or `sort` goes back to page 1 unless `page` is given too. An
   * equal search changes nothing.
   */
  set(next: Partial<SearchQuery>): void;
  /** A results view shows this search from now on; returns its disconnect function. */
  connectResults(): () => void;
}

/**
 * The one search state of a page, owned by `core/`: a search box writes it when the reader
 * searches, results views read it (and write it for facets, pages and sort), and the URL adapter
 * (`connectUrl`) keeps it in the address. Data flows one way through it, so no view echoes another.
 */
export function createPageSearch(): PageSearch {
  const search = createSettings<SearchQuery>({ q: '', filters: [], page: 1, sort: '' });
  const state = search.value;
  const resultsMounted = signal(0);
  return {
    state,
    resultsMounted,
    set(next) {
      const current = state.peek();
      const merged = { ...current, ...next };
      const resetsPage =
        next.page === undefined &&
        (merged.q.trim() !== current.q || merged.sort.trim() !== current.sort || next.filters !== undefined || next.scope !== undefined);
      const candidate = normalizeQuery(resetsPage ? { ...merged, page: 1 } : merged);
      search.set(candidate);
    },
    connectResults() {
      resultsMounted.value++;
      let connected = true;
      return () => {
        if (connected) resultsMounted.value--;
        connected = false;
      };
    },
  };
}
