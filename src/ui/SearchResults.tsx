import { effect, untracked } from '@preact/signals';
import { useEffect, useMemo, useRef } from 'preact/hooks';
import type { FacetName, SearchResponse, SearchResult, TroveClient } from '../api/types.ts';
import { createSearchController, type SearchController } from '../core/createSearchController.ts';
import { parseSortOptions } from '../core/parseSortOptions.ts';
import { readUrlState } from '../core/readUrlState.ts';
import { searchLink as pageLink, type SearchLink } from '../core/searchLink.ts';
import { sameList } from '../core/searchQuery.ts';
import { writeUrlState } from '../core/writeUrlState.ts';
import { searchResultsMessages } from './searchResultsMessages.ts';
import { FACET_NAMES, SearchResultsView } from './SearchResultsView.tsx';
import { translate, type Translate } from './translate.ts';
import { parseLimit } from '../core/parseLimit.ts';

export interface SearchResultsProps {
  client: TroveClient;
  /** Search handler; default `default`. */
  handler?: string;
  /** Page size; default 10. */
  limit?: number;
  /** `date desc:Newest, date asc:Oldest` (v2 only). */
  sortOptions?: string | null;
  /** Facet groups to show, separated by spaces or commas (`categories tags authors year`); default all. */
  facets?: string | null;
  /** Keep `q`, `filter`, `page` and `sort` in the page URL (push on change, restore on back/forward). Default true. */
  urlSync?: boolean;
  /** The page-wide link to a search box; default the page's own, `null` for none. */
  link?: SearchLink | null;
  /** Texts; default the English catalogue. */
  t?: Translate;
  /** For numbers and dates; default the browser's. */
  locale?: string;
  onResults?(response: SearchResponse<SearchResult>): void;
  onError?(error: Error): void;
}

/** The `facets` setting → known facet names in the given order; empty or unknown → all. */
function facetNames(text: string | null | undefined): readonly FacetName[] {
  const names = (text ?? '').split(/[\s,]+/).filter((name): name is FacetName => (FACET_NAMES as readonly string[]).includes(name));
  return names.length ? [...new Set(names)] : FACET_NAMES;
}

/** Keep the controller's search in the page URL: push on change, restore on back/forward. */
function syncUrl(controller: SearchController): () => void {
  const onPopState = () => controller.set(readUrlState(location.href));
  addEventListener('popstate', onPopState);
  const stop = effect(() => {
    const next = writeUrlState(location.href, controller.query.value).href;
    // Compare with the URL as we would write it, so parameter order or `page=1` alone never push.
    if (next !== writeUrlState(location.href, readUrlState(location.href)).href) history.pushState(history.state, '', next);
  });
  return () => {
    removeEventListener('popstate', onPopState);
    stop();
  };
}

/** Two-way link with a search box on the page: its searches drive this view; this view's q and filters show in the box. */
function syncLink(controller: SearchController, link: SearchLink): () => void {
  const disconnect = link.connectResults();
  // A box that searched before this view was ready wins over an empty view; else this view's
  // state (it may come from the URL) goes to the box. Then each follows the other.
  const shared = link.state.value;
  if (!controller.active.value && (shared.q || shared.filters.length)) controller.set({ q: shared.q, filters: shared.filters });
  const stopOut = effect(() => {
    const { q, filters } = controller.query.value;
    untracked(() => {
      const shared = link.state.value;
      if (shared.q !== q || !sameList(shared.filters, filters)) link.state.value = { q, filters: [...filters] };
    });
  });
  const stopIn = effect(() => {
    const { q, filters } = link.state.value;
    untracked(() => {
      const own = controller.query.value;
      if (own.q !== q || !sameList(own.filters, filters)) controller.set({ q, filters });
    });
  });
  return () => {
    stopIn();
    stopOut();
    disconnect();
  };
}

/**
 * Search results with facets, active filters, pagination and sort, for a client: the Preact
 * component behind `<trove-search-results>` (usable on its own in a Preact app).
 */
export function SearchResults(props: SearchResultsProps) {
  const { client, handler, urlSync = true, link = pageLink, locale = globalThis.navigator?.language ?? 'en' } = props;
  const limit = parseLimit(props.limit, 10, 1000);
  const t: Translate = props.t ?? ((key, vars) => translate(searchResultsMessages, key, vars, locale));
  const callbacks = useRef(props);
  callbacks.current = props;
  const previous = useRef<SearchController | null>(null);

  const controller = useMemo(() => {
    const initial = previous.current?.query.value ?? (urlSync && typeof location !== 'undefined' ? readUrlState(location.href) : undefined);
    return (previous.current = createSearchController({
      client,
      initial,
      limit,
      handler,
      onResults: (response) => callbacks.current.onResults?.(response),
      onError: (error) => callbacks.current.onError?.(error),
    }));
  }, [client]);

  useEffect(() => () => controller.dispose(), [controller]);
  useEffect(() => {
    controller.limit.value = limit;
    controller.handler.value = handler;
  }, [controller, limit, handler]);
  useEffect(() => (urlSync && typeof location !== 'undefined' ? syncUrl(controller) : undefined), [controller, urlSync]);
  useEffect(() => (link ? syncLink(controller, link) : undefined), [controller, link]);

  const sortOptions = useMemo(() => parseSortOptions(props.sortOptions), [props.sortOptions]);
  const facets = useMemo(() => facetNames(props.facets), [props.facets]);
  return (
    <SearchResultsView
      controller={controller}
      t={t}
      locale={locale}
      apiVersion={client.options.apiVersion}
      sortOptions={sortOptions}
      facets={facets}
    />
  );
}
