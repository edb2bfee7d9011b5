import type { SearchResponse, SearchResult, Suggestion } from '../api/types.ts';

/** `trove-select` from `<trove-search-box>`: a suggestion was chosen (cancel to stop the navigation). */
export interface SuggestionSelectDetail {
  suggestion: Suggestion;
  /** 1-based position in the list as shown. */
  position: number;
  query: string;
}

/** `trove-select` from `<trove-related-posts>`: a recommendation was clicked (cancel to stop the navigation). */
export interface RecommendationSelectDetail {
  recommendation: SearchResult;
  /** 1-based position as shown. */
  position: number;
  sourceId: string;
}

export type TroveSelectDetail = SuggestionSelectDetail | RecommendationSelectDetail;

/** `trove-search`: a search is about to run (cancel to route it yourself). */
export interface TroveSearchDetail {
  q: string;
  filters: string[];
}

export interface TroveErrorDetail {
  error: Error;
}

/** Every event the elements send: prefixed, kebab-case, bubbling and composed. */
export interface TroveEventMap {
  'trove-select': TroveSelectDetail;
  'trove-search': TroveSearchDetail;
  'trove-error': TroveErrorDetail;
  'trove-results': SearchResponse<SearchResult>;
}

export type TroveSelectEvent = CustomEvent<TroveSelectDetail>;
export type TroveSearchEvent = CustomEvent<TroveSearchDetail>;
export type TroveErrorEvent = CustomEvent<TroveErrorDetail>;
export type TroveResultsEvent = CustomEvent<SearchResponse<SearchResult>>;

declare global {
  interface GlobalEventHandlersEventMap {
    'trove-select': TroveSelectEvent;
    'trove-search': TroveSearchEvent;
    'trove-error': TroveErrorEvent;
    'trove-results': TroveResultsEvent;
  }
}
