import { batch, computed, effect, signal, untracked } from '@preact/signals';
import type { FacetName, SearchResponse, SearchResult } from 'trove-search-client';
import type { TroveClient } from 'trove-search-client';
import { type Controller, type ControllerState, isAbort, type SelectHow, toError } from './Controller.ts';
import { createLatest } from './createLatest.ts';
import { createSettings } from './createSettings.ts';
import * as defaults from './defaults.ts';
import type { PageSearch } from './createPageSearch.ts';
import { pageCount } from './pageCount.ts';
import { parseLimit } from './parseLimit.ts';
import { parseSpelling } from './parseSpelling.ts';
import { sameValue } from './sameValue.ts';
import { type SearchQuery, sentFilters } from './searchQuery.ts';

/** Is there anything to search for: a text, a filter or a scope? */
const isActive = (query: SearchQuery) => !!query.q || sentFilters(query).length > 0;

/** Settings that follow the element's attributes. */
export interface SearchSettings {
  /** Page size, a whole number up to `defaults.resultsMaxLimit`; default `defaults.resultsLimit`. */
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
  /** Is there anything to search for (a query, a filter or a scope)? Without, no request is made (`idle`). */
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
 * answer). An answer the client already holds (`client.peek`: a page loaded again by Back,
 * Forward or reload) is shown at once, in the state the controller starts with, and asked again
 * in the background only when stale. No query and no filter → no request (`idle`). Failure is
 * `error`, never a throw.
 */
export function createSearchController(options: SearchControllerOptions): SearchController {
  const { client, search } = options;
  const settings = createSettings<Required<Pick<SearchSettings, 'limit'>> & SearchSettings>({ limit: defaults.resultsLimit });
  const status = signal<SearchState['status']>('idle');
  const response = signal<SearchResponse<SearchResult> | null>(null);
  const error = signal<Error | null>(null);
  const latest = createLatest();
  let disposed = false;

  const update = (next: SearchSettings) =>
    void settings.set({ limit: parseLimit(next.limit, defaults.resultsLimit, defaults.resultsMaxLimit), handler: next.handler });
  update(options);

  async function run(): Promise<void> {
    const query = search.state.peek();
    if (disposed || !isActive(query)) {
      latest.cancel();
      batch(() => {
        status.value = 'idle';
        response.value = null;
        error.value = null;
      });
      return;
    }
    const { limit, handler } = settings.value.peek();
    const params = { q: query.q, filter: sentFilters(query), skip: (query.page - 1) * limit, limit, sort: query.sort || undefined };
    const request = { handler: handler || undefined };
    // An answer the client already holds (a page loaded again) shows at once, with no loading state;
    // it is asked again in the background only when older than the cache duration.
    const held = client.peek.search(params, request);
    if (held) {
      latest.cancel();
      show(held.response);
      if (!held.stale) return;
    } else status.value = 'loading';
    const answer = await latest.run((signal) => client.search(params, { ...request, signal }));
    if (answer.stale) return;
    if ('error' in answer) {
      if (isAbort(answer.error)) return;
      // A failed refresh keeps the answer shown.
      if (held) return;
      const failure = toError(answer.error);
      batch(() => {
        error.value = failure;
        status.value = 'error';
      });
      options.onError?.(failure);
      return;
    }
    // A refresh that brought the same answer changes nothing.
    if (held && sameValue(answer.value, held.response)) return;
    show(answer.value);
  }

  function show(value: SearchResponse<SearchResult>): void {
    batch(() => {
      response.value = value;
      error.value = null;
      status.value = value.results.length ? 'ready' : 'empty';
    });
    options.onResults?.(value);
  }

  const stop = effect(() => {
    // Subscribe to what a request depends on; run it without subscribing to more.
    void search.state.value;
    void settings.value.value;
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
      active: isActive(query),
      response: shown,
      limit: settings.value.value.limit,
      pageCount: pageCount(shown?.found_documents, settings.value.value.limit),
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
