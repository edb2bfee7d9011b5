import { batch, computed, effect, signal, untracked } from '@preact/signals';
import type { FacetName, SearchResponse, SearchResult, TroveClient } from '../api/types.ts';
import { type Controller, type ControllerState, isAbort, type SelectHow, toError } from './Controller.ts';
import { createLatest } from './createLatest.ts';
import type { PageSearch } from './createPageSearch.ts';
import { pageCount } from './pageCount.ts';
import { parseSpelling } from './parseSpelling.ts';
import type { SearchQuery } from './searchQuery.ts';

/** Settings that follow the element's attributes. */
export interface SearchSettings {
  /** Page size; default 10. */
  limit?: number;
  /** Search handler; omitted → `default`. */
  handler?: string;
}

/** A result was opened (the `onSelect` of the `SearchResults` component: return `false` to route it yourself). */
export interface ResultSelectDetail {
  result: SearchResult;
  /** 1-based position in the whole result list (page 2 of 10 starts at 11). */
  position: number;
  query: string;
}

export interface SearchHooks {
  /** A result is being opened in this tab; `false` stops the browser's navigation. */
  onSelect?(detail: ResultSelectDetail): boolean | void;
  /** Every response that is shown (stale ones are dropped first). */
  onResults?(response: SearchResponse<SearchResult>): void;
  /** A search failed (not when it was superseded). */
  onError?(error: Error): void;
}

export interface SearchControllerOptions extends SearchSettings, SearchHooks {
  client: TroveClient;
  /** The page search this view shows (the page's own one for elements). */
  search: PageSearch;
}

export interface SearchState extends ControllerState {
  /** The search shown. */
  query: SearchQuery;
  /** Is there anything to search for (a query or a filter)? Without, no request is made (`idle`). */
  active: boolean;
  /** The response to the search (kept while the next one loads); `null` before any. */
  response: SearchResponse<SearchResult> | null;
  /** Page size. */
  limit: number;
  /** Pages of the response (`found_documents` ÷ page size, rounded up). */
  pageCount: number;
  /** "Did you mean" text, when the response has a usable one that differs from the query. */
  spelling: string | undefined;
  /** Sorting is something this API version offers. */
  canSort: boolean;
}

export interface SearchController extends Controller<SearchSettings, SearchState, SearchResult> {
  /** Search for a text (and optionally a new set of filters) from page 1. */
  search(q: string, filters?: string[]): void;
  /** The filter that narrows the results to one bucket of a facet group (the API version's field name). */
  facetFilter(facet: FacetName, value: string | number): string;
  /** Add the filter if it is not active, else remove it; back to page 1. */
  toggleFilter(filter: string): void;
  removeFilter(filter: string): void;
  clearFilters(): void;
  goToPage(page: number): void;
  setSort(sort: string): void;
}

/**
 * The headless search behind `<trove-search-results>`. It shows the page search (`PageSearch`,
 * which a search box and the URL adapter also drive): one request per change of the search or
 * the settings, the newest winning (`createLatest` aborts the older request and drops its late
 * answer). No query and no filter → no request (`idle`). Failure is `error`, never a throw.
 */
export function createSearchController(options: SearchControllerOptions): SearchController {
  const { client, search } = options;
  const settings = signal<Required<Pick<SearchSettings, 'limit'>> & SearchSettings>({ limit: 10 });
  const status = signal<SearchState['status']>('idle');
  const response = signal<SearchResponse<SearchResult> | null>(null);
  const error = signal<Error | null>(null);
  const latest = createLatest();
  let disposed = false;

  const update = (next: SearchSettings) => {
    const limit = next.limit && next.limit > 0 ? Math.floor(next.limit) : 10;
    const current = settings.peek();
    if (current.limit !== limit || current.handler !== next.handler) settings.value = { limit, handler: next.handler };
  };
  update(options);

  async function run(): Promise<void> {
    const query = search.state.peek();
    if (disposed || (!query.q && !query.filters.length)) {
      latest.cancel();
      batch(() => {
        status.value = 'idle';
        response.value = null;
        error.value = null;
      });
      return;
    }
    const { limit, handler } = settings.peek();
    status.value = 'loading';
    const answer = await latest.run((signal) =>
      client.search(
        { q: query.q, filter: query.filters, skip: (query.page - 1) * limit, limit, sort: query.sort || undefined },
        { handler: handler || undefined, signal },
      ),
    );
    if (answer.stale) return;
    if ('error' in answer) {
      if (isAbort(answer.error)) return;
      const failure = toError(answer.error);
      batch(() => {
        error.value = failure;
        status.value = 'error';
      });
      options.onError?.(failure);
      return;
    }
    batch(() => {
      response.value = answer.value;
      error.value = null;
      status.value = answer.value.results.length ? 'ready' : 'empty';
    });
    options.onResults?.(answer.value);
  }

  const stop = effect(() => {
    // Subscribe to what a request depends on; run it without subscribing to more.
    void search.state.value;
    void settings.value;
    untracked(() => void run());
  });

  const state = computed<SearchState>(() => {
    const query = search.state.value;
    const shown = response.value;
    const spelling = parseSpelling(shown?.spelling);
    return {
      status: status.value,
      error: error.value,
      query,
      active: !!query.q || query.filters.length > 0,
      response: shown,
      limit: settings.value.limit,
      pageCount: pageCount(shown?.found_documents, settings.value.limit),
      spelling: spelling && spelling.toLowerCase() !== query.q.toLowerCase() ? spelling : undefined,
      canSort: client.capabilities.sort,
    };
  });

  const filters = () => search.state.peek().filters;
  return {
    state,
    update,
    select(result: SearchResult, position: number, how: SelectHow = {}) {
      // The service has no feedback endpoint for search results: choosing one only asks the hook.
      if (how.newTab) return true;
      return options.onSelect?.({ result, position, query: search.state.peek().q }) !== false;
    },
    retry: () => void run(),
    dispose() {
      disposed = true;
      stop();
      latest.cancel();
    },
    search: (q, next) => search.set(next ? { q, filters: next } : { q }),
    facetFilter: (facet, value) => client.facetFilter(facet, value),
    toggleFilter(filter) {
      const list = filters();
      search.set({ filters: list.includes(filter) ? list.filter((f) => f !== filter) : [...list, filter] });
    },
    removeFilter: (filter) => search.set({ filters: filters().filter((f) => f !== filter) }),
    clearFilters: () => search.set({ filters: [] }),
    goToPage: (page) => search.set({ page }),
    setSort: (sort) => search.set({ sort }),
  };
}
