import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { facetNames as allFacets } from 'trove-search-client';
import type { FacetName, SearchResponse, SearchResult } from 'trove-search-client';
import type { TroveClient } from 'trove-search-client';
import { adoptUrl } from '../../core/adoptUrl.ts';
import { connectUrl } from '../../core/connectUrl.ts';
import type { PageSearch } from '../../core/createPageSearch.ts';
import { createSearchController, type ResultSelectDetail, type SearchSettings } from '../../core/createSearchController.ts';
import { pageSearch } from '../../core/pageSearch.ts';
import { parseSortOptions } from '../../core/parseSortOptions.ts';
import type { AttributeProps } from '../attributeSpec.ts';
import { peekReturn } from './peekReturn.ts';
import { rememberReturn } from './rememberReturn.ts';
import { SearchResultsView } from './SearchResultsView.tsx';
import type { searchResultsAttributes } from './searchResultsAttributes.ts';
import { searchResultsMessages } from './searchResultsMessages.ts';
import { type Translate, translate } from '../translate.ts';
import { useController } from '../useController.ts';
import { useReturnToResult } from './useReturnToResult.ts';

/**
 * The results' settings: one prop per attribute of `searchResultsAttributes` (described there;
 * `urlSync`, default true, also brings the reader back to the result they opened when they
 * return to the page), and these.
 */
export interface SearchResultsProps extends AttributeProps<typeof searchResultsAttributes> {
  client: TroveClient;
  /** Search handler; default `default`. */
  handler?: string;
  /** The page search to show; default the page's own (which a search box on the page writes). */
  search?: PageSearch;
  /** Texts; default the English catalogue. */
  t?: Translate;
  /** For numbers and dates; default the browser's. */
  locale?: string;
  onResults?(response: SearchResponse<SearchResult>): void;
  onError?(error: Error): void;
  /** A result is being opened in this tab; `false` stops the browser's navigation. */
  onSelect?(detail: ResultSelectDetail): boolean | void;
}

/** The `facets` setting → known facet names in the given order; empty or unknown → all. */
function facetList(text: string | null | undefined): readonly FacetName[] {
  const names = (text ?? '').split(/[\s,]+/).filter((name): name is FacetName => (allFacets as readonly string[]).includes(name));
  return names.length ? [...new Set(names)] : allFacets;
}

/**
 * Search results with facets, active filters, pagination and sort, for a client: the Preact
 * component behind `<trove-search-results>` (usable on its own in a Preact app). It shows the
 * page search; with `urlSync` the URL adapter keeps that search in the address.
 */
export function SearchResults(props: SearchResultsProps) {
  const { client, urlSync = true, search = pageSearch, locale = globalThis.navigator?.language ?? 'en' } = props;
  const t: Translate = props.t ?? ((key, vars) => translate(searchResultsMessages, key, vars, locale));
  const hooks = useRef(props);
  hooks.current = props;
  const controller = useController(
    () => {
      // The address's search is there from the first render (the adapter connects after it).
      if (urlSync && typeof location !== 'undefined') adoptUrl(search, location.href, props.queryParam);
      return createSearchController({
        ...props,
        client,
        search,
        onResults: (response) => hooks.current.onResults?.(response),
        onError: (error) => hooks.current.onError?.(error),
        onSelect: (detail) => hooks.current.onSelect?.(detail),
      });
    },
    props as SearchSettings,
    [client, search],
  );
  useEffect(() => search.connectResults(), [search]);
  useEffect(
    () => (urlSync && typeof location !== 'undefined' ? connectUrl(search, undefined, props.queryParam) : undefined),
    [search, urlSync, props.queryParam],
  );

  const sortOptions = useMemo(() => parseSortOptions(props.sortOptions), [props.sortOptions]);
  const facets = useMemo(() => facetList(props.facets), [props.facets]);
  // Back to this page after opening a result: scroll, the result in view, focus (with the URL only).
  const root = useRef<HTMLDivElement>(null);
  const returning = urlSync && typeof window !== 'undefined';
  // Back with the Filters panel open as the reader left it, so the page has the same layout.
  const [filtersOpen] = useState(() => returning && peekReturn()?.filtersOpen === true);
  const { status } = controller.state.value;
  useReturnToResult(root, status !== 'loading' && status !== 'idle', returning);
  const onOpen = (detail: { position: number; href: string; keyboard: boolean; filtersOpen?: boolean }) =>
    returning && rememberReturn({ x: window.scrollX, y: window.scrollY, ...detail });
  return (
    <SearchResultsView
      controller={controller}
      t={t}
      locale={locale}
      sortOptions={sortOptions}
      facets={facets}
      rootRef={root}
      textFragment={props.textFragment}
      filtersOpen={filtersOpen}
      onOpen={onOpen}
    />
  );
}
