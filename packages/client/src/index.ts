/**
 * `trove-search-client`: the fetch layer of the Trove API, as explicit export lists. The client and
 * its typed errors; the rules the widgets and the `trove` command share (the endpoint table, the id
 * rule, the filter syntax, the word rule). Importing it has no side effects, also in Node.
 */
export { createClient, type ClientCapabilities, type TroveClient } from './createClient.ts';
export { filter, filterSyntax, parseFilter } from './filter.ts';
export { splitFilters } from './splitFilters.ts';
export { getSessionId } from './getSessionId.ts';
export { TroveError, isTroveError, type RequestInfo } from './TroveError.ts';
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
} from './types.ts';

// The rules the widgets and the `trove` command share, each written once here.
export { defaultApiVersion, isApiVersion } from './apiVersion.ts';
export {
  defaultHandler,
  ENDPOINTS,
  type Endpoint,
  type EndpointName,
  type EndpointRow,
  type HandlerGroup,
  type Method,
  type Row,
} from './endpoints.ts';
export { buildPath, buildQuery, root, type Param } from './paths.ts';
export { canonicalUrl, documentId, hash52 } from './documentId.ts';
export { facetNames, filterFields } from './filterFields.ts';
export { facetOfField, fieldAliases } from './facetOfField.ts';
export { NO_SPACE_SCRIPT, wordSpans, words, type WordSpan } from './wordSpans.ts';
export { normalizeQueryText } from './normalizeQueryText.ts';
export { toV1Document } from './toV1Document.ts';
export { redactToken } from './redactToken.ts';
export { safeUrl } from './safeUrl.ts';
