import { signal, type Signal } from '@preact/signals';

/** What a search is for: the text and the active `field:"value"` filters. */
export interface SearchState {
  q: string;
  filters: string[];
}

export interface SearchLink {
  /** The page's current search; a box writes it when the user searches, results write it on facet toggles and URL changes. */
  readonly state: Signal<SearchState>;
  /** How many results views are mounted on the page (a box routes to them instead of navigating when > 0). */
  readonly resultsMounted: Signal<number>;
  /** Register a mounted results view; returns its unregister function. */
  connectResults(): () => void;
}

/**
 * The page-wide link between a `<trove-search-box>` and a `<trove-search-results>` on the same
 * page: two signals and nothing else, so neither element knows the other.
 */
export function createSearchLink(): SearchLink {
  const state = signal<SearchState>({ q: '', filters: [] });
  const resultsMounted = signal(0);
  return {
    state,
    resultsMounted,
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

/** The one link of this page (module state only; touches no `window` at import time). */
export const searchLink: SearchLink = createSearchLink();
