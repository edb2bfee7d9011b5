import type { Ref } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { facetNames } from 'trove-search-client';
import type { FacetBucket, FacetName } from 'trove-search-client';
import type { SearchController } from '../../core/createSearchController.ts';
import type { SortOption } from '../../core/parseSortOptions.ts';
import { sentFilters } from '../../core/searchQuery.ts';
import { ActiveFilters } from './ActiveFilters.tsx';
import { FacetGroup } from './FacetGroup.tsx';
import { filterLabel } from '../filterLabel.ts';
import { Pagination } from './Pagination.tsx';
import { ResultItem } from './ResultItem.tsx';
import { SortSelect } from './SortSelect.tsx';
import { numberFormat, type Translate } from '../translate.ts';

export interface SearchResultsViewProps {
  controller: SearchController;
  t: Translate;
  locale: string;
  /** Choices of the sort select; none (or an API version without sort) → no select. */
  sortOptions?: SortOption[];
  /** Facet groups to show, in order; default all that the response has. */
  facets?: readonly FacetName[];
  /** The root element (to find a result link in). */
  rootRef?: Ref<HTMLDivElement>;
  /** Result links open the post at the passage that matched (text fragments); default true. */
  textFragment?: boolean;
  /** The Filters panel of narrow layouts starts open (the reader left the page with it open). */
  filtersOpen?: boolean;
  /** A result link is being followed in this tab (`filtersOpen`: with the Filters panel open). */
  onOpen?(detail: { position: number; href: string; keyboard: boolean; filtersOpen?: boolean }): void;
}

/**
 * The results view of a search controller: count and sort, "did you mean", active filters,
 * facet groups, the result list, pagination; and the prompt, loading (skeleton, `aria-busy`),
 * empty and error states. A polite status region announces the count; after a page change
 * focus moves to the results heading.
 */
export function SearchResultsView({
  controller,
  t,
  locale,
  sortOptions = [],
  facets = facetNames,
  rootRef,
  textFragment,
  filtersOpen = false,
  onOpen,
}: SearchResultsViewProps) {
  const { query, status, response, pageCount: pages, spelling, active, limit, canSort } = controller.state.value;
  const { q, filters, page, sort } = query;
  const scope = query.scope ?? [];
  const applied = sentFilters(query);
  const heading = useRef<HTMLHeadingElement>(null);
  const focusHeading = useRef(false);
  const [facetsOpen, setFacetsOpen] = useState(filtersOpen);

  // After a page change, once the new page is shown (or failed), focus the heading above it.
  useEffect(() => {
    if (status !== 'loading' && focusHeading.current) {
      focusHeading.current = false;
      heading.current?.focus();
    }
  });

  const number = (n: number) => numberFormat(locale).format(n);
  const goToPage = (n: number) => {
    focusHeading.current = true;
    controller.goToPage(n);
  };

  if (!active) {
    return (
      <div part="base" class="root" ref={rootRef}>
        <p part="prompt" class="prompt">
          {t('prompt')}
        </p>
      </div>
    );
  }

  const loading = status === 'loading';
  const results = response?.results ?? [];
  const found = response?.found_documents ?? 0;
  const countText = q ? t('count', { count: found, q }) : t('countFiltered', { count: found });
  const headingText = loading ? t('loading') : status === 'error' ? t('resultsLabel') : response ? countText : t('resultsLabel');
  const announcement =
    status === 'error'
      ? t('error')
      : loading || !response
        ? ''
        : pages > 1
          ? `${countText}. ${t('pageStatus', { page, pages })}`
          : countText;

  const groups = status !== 'error' ? response?.facets : null;
  const facetGroups = groups
    ? facets
        .map((name) => ({
          name,
          // The box's scope holds every result: its own bucket is no choice.
          buckets: ((groups[name]?.buckets ?? []) as FacetBucket<string | number>[]).filter(
            (bucket) => !scope.includes(controller.facetFilter(name, bucket.value)),
          ),
        }))
        .filter((group) => group.buckets.length > 0)
        // Years read best newest first; other groups keep the service's order (largest first).
        .map((group) =>
          group.name === 'year' ? { ...group, buckets: [...group.buckets].sort((a, b) => Number(b.value) - Number(a.value)) } : group,
        )
    : [];
  const spellingParts = spelling ? t('didYouMean', { suggestion: '\u0000' }).split('\u0000') : [];

  let content;
  if (status === 'error') {
    content = (
      <div part="error" class="state state-error" role="alert">
        <p>{t('error')}</p>
        <button type="button" part="retry" class="button" onClick={() => controller.retry()}>
          {t('retry')}
        </button>
      </div>
    );
  } else if (loading || !response) {
    content = (
      <ul part="skeleton" class="skeleton" aria-hidden="true">
        {[0, 1, 2].map((i) => (
          <li key={i} class="skeleton-item">
            <span class="bone bone-title" />
            <span class="bone bone-meta" />
            <span class="bone" />
            <span class="bone bone-short" />
          </li>
        ))}
      </ul>
    );
  } else if (results.length === 0) {
    const pastEnd = found > 0 && page > 1;
    content = (
      <div part="empty" class="state state-empty">
        {pastEnd ? (
          <>
            <p class="state-title">{t('pastLastPage', { page })}</p>
            <button type="button" part="first-page" class="button" onClick={() => goToPage(1)}>
              {t('firstPage')}
            </button>
          </>
        ) : (
          <>
            <p class="state-title">{q ? t('empty', { q }) : t('emptyFiltered')}</p>
            <p class="state-hint">{filters.length ? t('emptyFiltersHint') : t('emptyHint')}</p>
            {filters.length > 0 && (
              <button type="button" part="empty-clear-filters" class="button" onClick={() => controller.clearFilters()}>
                {t('clearFilters')}
              </button>
            )}
          </>
        )}
      </div>
    );
  } else {
    /** 1-based position of this page's first result in the whole list. */
    const first = (page - 1) * limit + 1;
    content = (
      <ol part="results" class="results" start={first}>
        {results.map((result, i) => (
          <ResultItem
            key={`${result.id}-${i}`}
            result={result}
            query={q}
            locale={locale}
            untitled={t('untitled')}
            position={first + i}
            textFragment={textFragment}
            onSelect={(how) => controller.select(result, first + i, how)}
            onOpen={(keyboard, href) => onOpen?.({ position: first + i, href, keyboard, ...(facetsOpen ? { filtersOpen: true } : {}) })}
          />
        ))}
      </ol>
    );
  }

  return (
    <div part="base" class={`root${facetGroups.length ? ' has-facets' : ''}`} ref={rootRef} aria-busy={loading ? 'true' : 'false'}>
      <div part="status" class="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {announcement}
      </div>
      <div part="header" class="header">
        <h2 part="heading" class="heading" tabIndex={-1} ref={heading}>
          {headingText}
        </h2>
        {canSort && (
          <SortSelect
            options={sortOptions}
            value={sort}
            onChange={(value) => controller.setSort(value)}
            texts={{ label: t('sortLabel'), relevance: t('sortRelevance'), newest: t('sortNewest'), oldest: t('sortOldest') }}
          />
        )}
      </div>
      {spelling && !loading && (
        <p part="spelling" class="spelling">
          {spellingParts[0]}
          <button
            type="button"
            part="spelling-suggestion"
            class="link-button spelling-suggestion"
            onClick={() => controller.search(spelling)}
          >
            {spelling}
          </button>
          {spellingParts.slice(1).join(spelling)}
        </p>
      )}
      <ActiveFilters
        filters={filters}
        fixed={scope}
        label={(text) => filterLabel(text, t)}
        onRemove={(text) => controller.removeFilter(text)}
        onClear={() => controller.clearFilters()}
        onEmptied={() => heading.current?.focus()}
        texts={{ group: t('activeFilters'), remove: (label) => t('removeFilter', { filter: label }), clearAll: t('clearAll') }}
      />
      <div class="body">
        {facetGroups.length > 0 && (
          <>
            <button
              type="button"
              part="facets-toggle"
              class="button facets-toggle"
              aria-expanded={facetsOpen ? 'true' : 'false'}
              aria-controls="trove-facets"
              onClick={() => setFacetsOpen(!facetsOpen)}
            >
              {applied.length ? t('filtersToggleActive', { count: applied.length }) : t('filtersToggle')}
            </button>
            <aside part="facets" id="trove-facets" class={`facets${facetsOpen ? ' open' : ''}`} aria-label={t('filtersLabel')}>
              {facetGroups.map(({ name, buckets }) => (
                <FacetGroup
                  key={name}
                  name={name}
                  heading={t(`facet_${name}`)}
                  buckets={buckets}
                  isActive={(value) => applied.includes(controller.facetFilter(name, value))}
                  onToggle={(value) => controller.toggleFilter(controller.facetFilter(name, value))}
                  formatCount={number}
                  showMore={(count) => t('showMore', { count })}
                  showLess={t('showLess')}
                />
              ))}
            </aside>
          </>
        )}
        <div part="main" class="main">
          {content}
          {status !== 'error' && (
            <Pagination
              page={page}
              pages={pages}
              onPage={goToPage}
              formatNumber={number}
              texts={{ nav: t('pagination'), previous: t('previous'), next: t('next'), page: (n) => t('pageLabel', { page: n }) }}
            />
          )}
        </div>
      </div>
    </div>
  );
}
