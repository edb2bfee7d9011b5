export { createClient } from './createClient.ts';
export { filter, parseFilter } from './filter.ts';
export { splitFilters } from './splitFilters.ts';
export { getSessionId } from './getSessionId.ts';
export { buildPath, buildQuery } from './paths.ts';
export type { Endpoint, Param } from './paths.ts';
export { safeUrl } from './safeUrl.ts';
export { toV1Document } from './toV1Document.ts';
export { TroveError, isTroveError } from './TroveError.ts';
export type { RequestInfo } from './TroveError.ts';
export { ApiError, isApiError } from './ApiError.ts';
export { NetworkError, isNetworkError } from './NetworkError.ts';
export { TimeoutError, isTimeoutError } from './TimeoutError.ts';
export { ResponseError, isResponseError } from './ResponseError.ts';
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
  RecommendationFeedback,
  RecommendParams,
  RequestOptions,
  SearchParams,
  SearchResponse,
  SearchResult,
  Suggestion,
  TroveClient,
  UserContext,
} from './types.ts';
