/**
 * The metrics of the search analytics (the `metric` of a counter) and the spaces their keys are
 * capped in. Query metrics share one space per day and collection, so a query is either counted
 * under its text in every query metric or under OTHER_KEY in all of them.
 */
export const METRICS = {
  /** Searches (first page) of a query. */
  searches: 'q.search',
  /** Sum of their `found_documents` (mean = resultsSum / searches). */
  resultsSum: 'q.results',
  /** Searches of a query that found nothing. */
  emptySearches: 'q.search_empty',
  /** Typed queries (autocomplete, once per typed query of a session). */
  typed: 'q.typed',
  /** Typed queries whose suggestions were empty. */
  emptyTyped: 'q.typed_empty',
  /** Results opened after a search of the query, and the sum of their 1-based positions. */
  searchClicks: 'q.search_clicks',
  searchPositionSum: 'q.search_pos',
  /** Suggestions chosen for the query, and the sum of their 1-based positions. */
  suggestionClicks: 'q.suggestion_clicks',
  suggestionPositionSum: 'q.suggestion_pos',
  /** Clicks by 1-based position (key: the position). */
  searchPositions: 'pos.search',
  suggestionPositions: 'pos.suggestion',
  relatedPositions: 'pos.related',
  /** Posts opened (key: the post id) from search results, from suggestions, from related posts. */
  postsFromSearch: 'post.search',
  postsFromSuggestions: 'post.suggestion',
  postsFromRelated: 'post.related',
  /** Related-post clicks by the post they were shown under (key: the source id). */
  relatedSources: 'post.source',
  /** Filter suggestions chosen (key: the filter, `field:"value"`). */
  filters: 'filter',
  /** Sessions of the day (key: the session's daily hash; see createDailyHash.ts). */
  sessions: 'session',
} as const;

/** The key a capped space counts every further key under. */
export const OTHER_KEY = '\u0000other';

/** The space a metric's keys are capped in: every query metric shares `q`. */
export function spaceOf(metric: string): string {
  return metric.startsWith('q.') ? 'q' : metric;
}

/** Metrics whose key is a post id (their labels are kept). */
export const POST_METRICS: readonly string[] = [
  METRICS.postsFromSearch,
  METRICS.postsFromSuggestions,
  METRICS.postsFromRelated,
  METRICS.relatedSources,
];
