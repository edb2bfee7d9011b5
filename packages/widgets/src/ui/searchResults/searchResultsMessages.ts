import { filterMessages } from '../filterMessages.ts';

/**
 * English texts of `<trove-search-results>`. Override any subset with the element's
 * `translations` property or `configure({ translations })`. `{count}` is formatted with the
 * page's locale; keys ending in `_one` / `_other` are plural forms (`Intl.PluralRules`).
 */
export const searchResultsMessages = {
  resultsLabel: 'Search results',
  prompt: 'Type what you are looking for to see results.',
  count_one: '{count} result for “{q}”',
  count_other: '{count} results for “{q}”',
  countFiltered_one: '{count} result',
  countFiltered_other: '{count} results',
  loading: 'Searching…',
  empty: 'No results for “{q}”',
  emptyFiltered: 'No results with these filters',
  emptyHint: 'Check the spelling or try fewer or more general words.',
  emptyFiltersHint: 'Some filters are active; clearing them may show more.',
  clearFilters: 'Clear filters',
  pastLastPage: 'There is no page {page}.',
  firstPage: 'Go to the first page',
  error: 'Search failed. Check your connection and try again.',
  retry: 'Try again',
  didYouMean: 'Did you mean {suggestion}?',
  sortLabel: 'Sort by',
  sortRelevance: 'Relevance',
  /** `date desc` and `date asc` in `sort-options` without a label of their own. */
  sortNewest: 'Newest',
  sortOldest: 'Oldest',
  filtersLabel: 'Filter results',
  filtersToggle: 'Filters',
  filtersToggleActive: 'Filters ({count})',
  ...filterMessages,
  clearAll: 'Clear all',
  showMore: 'Show {count} more',
  showLess: 'Show less',
  facet_categories: 'Categories',
  facet_tags: 'Tags',
  facet_authors: 'Authors',
  facet_year: 'Year',
  pagination: 'Pagination',
  previous: 'Previous',
  next: 'Next',
  pageLabel: 'Page {page}',
  pageStatus: 'Page {page} of {pages}',
  untitled: 'Untitled',
};

export type SearchResultsMessages = typeof searchResultsMessages;
