import { computed, effect, signal, untracked, type ReadonlySignal, type Signal } from '@preact/signals';
import type { SearchResponse, SearchResult, TroveClient } from '../api/types.ts';
import { buildSearchParams } from './buildSearchParams.ts';
import { createLatest } from './createLatest.ts';
import { pageCount } from './pageCount.ts';
import { parseSpelling } from './parseSpelling.ts';
import { sameQuery, type SearchQuery } from './searchQuery.ts';

export type SearchStatus = 'idle' | 'loading' | 'error';

export interface SearchControllerOptions {
  client: TroveClient;
  /** The search to start with (e.g. read from the page URL). */
  initial?: Partial<SearchQuery>;
  /** Page size; default 10. */
  limit?: number;
  /** Search handler; omitted → `default`. */
  handler?: string;
  /** Called with every response that is shown (stale ones are dropped first). */
  onResults?(response: SearchResponse<SearchResult>): void;
  /** Called when a search fails (not when it is superseded). */
  onError?(error: Error): void;
}

export interface SearchController {
  /** The current search. Change it with the methods below. */
  readonly query: ReadonlySignal<SearchQuery>;
  /** Page size (the element keeps it in step with its `limit` attribute). */
  readonly limit: Signal<number>;
  /** Search handler (the element's `handler` attribute). */
  readonly handler: Signal<string | undefined>;
  /** `loading` while a request is out, `error` when the last one failed, else `idle`. */
  readonly status: ReadonlySignal<SearchStatus>;
  /** The response to the current search (kept while the next one loads); `null` before any, or with nothing to search for. */
  readonly response: ReadonlySignal<SearchResponse<SearchResult> | null>;
  readonly error: ReadonlySignal<Error | null>;
  /** Is there anything to search for (a query or a filter)? Without, no request is made. */
  readonly active: ReadonlySignal<boolean>;
  /** Number of pages of the response (`found_documents` ÷ limit, rounded up). */
  readonly pageCount: ReadonlySignal<number>;
  /** "Did you mean" text of the response, when it has a usable one that differs from the query. */
  readonly spelling: ReadonlySignal<string | undefined>;
  /** Change any part of the search. Changing `q`, `filters` or `sort` goes back to page 1 unless `page` is given too. */
  set(next: Partial<SearchQuery>): void;
  /** Search for a text (and optionally a new set of filters) from page 1. */
  search(q: string, filters?: string[]): void;
  /** Add the filter if it is not active, else remove it; back to page 1. */
  toggleFilter(filter: string): void;
  removeFilter(filter: string): void;
  clearFilters(): void;
  goToPage(page: number): void;
  setSort(sort: string): void;
  /** Send the current search again (after an error). */
  retry(): void;
  /** Stop: abort the request in flight and react to nothing more. */
  dispose(): void;
}

/** A well-formed query: trimmed text, unique non-blank filters, a positive integer page. */
function normalize(query: SearchQuery): SearchQuery {
  const page = Math.floor(query.page);
  return {
    q: query.q.trim(),
    filters: [...new Set(query.filters.filter((filter) => filter.trim()))],
    page: page > 0 ? page : 1,
    sort: query.sort.trim(),
  };
}

/**
 * The headless search behind `<trove-search-results>`: query, filters, page and sort in signals →
 * one request per change through the client → response, facets, page count and spelling in
 * signals. The newest search wins: starting one aborts the request in flight, and an answer that
 * arrives after a newer search started is dropped (`createLatest`). No query and no filter →
 * no request (status `idle`, no response). Failure is a status (`error`), never a throw.
 */
export function createSearchController(options: SearchControllerOptions): SearchController {
  const { client } = options;
  const query = signal(normalize({ q: '', filters: [], page: 1, sort: '', ...options.initial }));
  const limit = signal(options.limit && options.limit > 0 ? Math.floor(options.limit) : 10);
  const handler = signal(options.handler);
  const status = signal<SearchStatus>('idle');
  const response = signal<SearchResponse<SearchResult> | null>(null);
  const error = signal<Error | null>(null);
  const active = computed(() => !!query.value.q || query.value.filters.length > 0);

  const latest = createLatest();
  let disposed = false;

  async function run(): Promise<void> {
    if (disposed || !active.value) {
      latest.cancel();
      status.value = 'idle';
      response.value = null;
      error.value = null;
      return;
    }
    const params = buildSearchParams(query.value, limit.value, client.options.apiVersion);
    const name = handler.value || undefined;
    status.value = 'loading';
    const answer = await latest.run((signal) => client.search(params, { handler: name, signal }));
    if (answer.stale) return;
    if ('error' in answer) {
      const failure = answer.error instanceof Error ? answer.error : new Error(String(answer.error));
      error.value = failure;
      status.value = 'error';
      options.onError?.(failure);
    } else {
      response.value = answer.value;
      error.value = null;
      status.value = 'idle';
      options.onResults?.(answer.value);
    }
  }

  const stop = effect(() => {
    // Subscribe to everything a request depends on; run it without subscribing to more.
    void query.value;
    void limit.value;
    void handler.value;
    untracked(() => void run());
  });

  function set(next: Partial<SearchQuery>): void {
    const current = query.value;
    const merged = { ...current, ...next };
    const resetsPage =
      next.page === undefined && (merged.q.trim() !== current.q || merged.sort.trim() !== current.sort || next.filters !== undefined);
    const candidate = normalize(resetsPage ? { ...merged, page: 1 } : merged);
    if (!sameQuery(candidate, current)) query.value = candidate;
  }

  return {
    query,
    limit,
    handler,
    status,
    response,
    error,
    active,
    pageCount: computed(() => pageCount(response.value?.found_documents, limit.value)),
    spelling: computed(() => {
      const text = parseSpelling(response.value?.spelling);
      return text && text.toLowerCase() !== query.value.q.toLowerCase() ? text : undefined;
    }),
    set,
    search: (q, filters) => set(filters ? { q, filters } : { q }),
    toggleFilter(filter) {
      const filters = query.value.filters;
      set({ filters: filters.includes(filter) ? filters.filter((f) => f !== filter) : [...filters, filter] });
    },
    removeFilter: (filter) => set({ filters: query.value.filters.filter((f) => f !== filter) }),
    clearFilters: () => set({ filters: [] }),
    goToPage: (page) => set({ page }),
    setSort: (sort) => set({ sort }),
    retry: () => void run(),
    dispose() {
      disposed = true;
      stop();
      void run();
    },
  };
}
