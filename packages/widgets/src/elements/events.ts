import type { SearchResponse, SearchResult } from 'trove-search-client';
import type { SuggestionSelectDetail } from '../core/createAutocompleteController.ts';
import type { RecommendationSelectDetail } from '../core/createRelatedController.ts';

export type { RecommendationSelectDetail, SuggestionSelectDetail };

/** `trove-select`: a suggestion (search box) or a recommendation (related posts) was chosen. */
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
