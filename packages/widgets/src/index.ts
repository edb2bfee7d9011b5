/**
 * The ES module entry of `trove-search`: the whole public API as explicit export lists.
 * Importing it has no side effects (nothing is defined until `defineElements()`), also in Node.
 */
export { createClient, type ClientCapabilities, type TroveClient } from 'trove-search-client';
export { filter, parseFilter } from 'trove-search-client';
export { splitFilters } from 'trove-search-client';
export { getSessionId } from 'trove-search-client';
export { TroveError, isTroveError } from 'trove-search-client';
export { ApiError, isApiError } from 'trove-search-client';
export { NetworkError, isNetworkError } from 'trove-search-client';
export { TimeoutError, isTimeoutError } from 'trove-search-client';
export { ResponseError, isResponseError } from 'trove-search-client';
export type {
  ApiVersion,
  AutocompleteFeedback,
  AutocompleteParams,
  ClientOptions,
  Document,
  Envelope,
  FacetBucket,
  FacetGroup,
  FacetName,
  Facets,
  FeedbackOptions,
  FilterSuggestion,
  IndexOptions,
  NavigationalSuggestion,
  PeekedAnswer,
  RecommendationFeedback,
  RecommendParams,
  RequestOptions,
  SearchParams,
  SearchResponse,
  SearchResult,
  SessionCacheSettings,
  Suggestion,
  UserContext,
} from 'trove-search-client';

export { configure, type TroveConfig } from './elements/configure.ts';
export { defineElements, elements, type TroveTagName } from './elements/defineElements.ts';
export { TroveElement, type ElementContext, type ResolvedConfig } from './elements/TroveElement.ts';
export type {
  RecommendationSelectDetail,
  SuggestionSelectDetail,
  TroveErrorDetail,
  TroveErrorEvent,
  TroveEventMap,
  TroveResultsEvent,
  TroveSearchDetail,
  TroveSearchEvent,
  TroveSelectDetail,
  TroveSelectEvent,
} from './elements/events.ts';
export { TroveSearchBox } from './elements/TroveSearchBox.ts';
export { TroveSearchResults } from './elements/TroveSearchResults.ts';
export { TroveRelatedPosts } from './elements/TroveRelatedPosts.ts';
export type {
  TroveRelatedPostsAttributes,
  TroveSearchBoxAttributes,
  TroveSearchResultsAttributes,
  TroveSharedAttributes,
} from './elements/attributes.ts';

// The Preact views of the elements, for Preact apps that render them without custom elements
// (unstyled: the elements' shadow roots carry the styles), and their English texts.
export { SearchBox, type SearchBoxProps } from './ui/searchBox/SearchBox.tsx';
export { SearchResults, type SearchResultsProps } from './ui/searchResults/SearchResults.tsx';
export type { ResultSelectDetail } from './core/createSearchController.ts';
export { RelatedPosts, type RelatedPostsProps } from './ui/relatedPosts/RelatedPosts.tsx';
export { searchBoxMessages } from './ui/searchBox/searchBoxMessages.ts';
export { searchResultsMessages } from './ui/searchResults/searchResultsMessages.ts';
export { relatedPostsMessages } from './ui/relatedPosts/relatedPostsMessages.ts';

// The headless controllers behind them (signals, no DOM), all of one shape, and the page search they share.
export type { Controller, ControllerState, ControllerStatus, SelectHow } from './core/Controller.ts';
export { createPageSearch, type PageSearch } from './core/createPageSearch.ts';
export {
  createAutocompleteController,
  type AutocompleteController,
  type AutocompleteControllerOptions,
  type AutocompleteSettings,
  type AutocompleteState,
} from './core/createAutocompleteController.ts';
export {
  createSearchController,
  type SearchController,
  type SearchControllerOptions,
  type SearchSettings,
  type SearchState,
} from './core/createSearchController.ts';
export {
  createRelatedController,
  type RelatedController,
  type RelatedControllerOptions,
  type RelatedSettings,
  type RelatedState,
} from './core/createRelatedController.ts';

export { version } from './version.ts';
