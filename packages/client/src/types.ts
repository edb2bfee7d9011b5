/**
 * Types of the hosted search service's HTTP contract (docs/http-api.md, v1 and v2) and of our client.
 * Field names follow docs/http-api.md exactly, including its inconsistencies: `categories` in search and
 * recommendation records, `category` in navigational suggestions, `year` bucket values as numbers.
 */

export type ApiVersion = 'v1' | 'v2';

/** The optional user-context parameters every read and feedback endpoint accepts. */
export interface UserContext {
  session_id?: string;
  user_id?: string;
  user_ip?: string;
  user_country?: string;
}

export interface ClientOptions {
  /** Service base address, e.g. `https://search.example.com` (a trailing slash is fine). */
  baseUrl: string;
  project: string;
  collection: string;
  /** Access key, sent as `token=` on every request. */
  token: string;
  /** Default `v2`. */
  apiVersion?: ApiVersion;
  /** Sent as `user_id` on every read and feedback request. */
  userId?: string;
  /** Sent as `session_id`; default: one random id per browser session (sessionStorage), per process in Node. */
  sessionId?: string;
  /** Milliseconds before a request fails with `TimeoutError` (0 = no timeout). Default 10 000. */
  timeout?: number;
  /** The `fetch` to use (tests pass a recording one). Default `globalThis.fetch`. */
  fetch?: typeof fetch;
  /**
   * Read cache: bounded LRU keyed by full URL (default 100 entries; time to live 2 minutes in v2,
   * 10 in v1, as the service caches), identical requests in flight shared. `false` turns both off:
   * every call makes its own request.
   */
  cache?: false | { max?: number; ttlMs?: number; session?: boolean | SessionCacheSettings };
}

/**
 * The session tier of the read cache (`cache.session`): search and recommendation answers also
 * kept in `sessionStorage` for the browser session, so a page loaded again (Back, Forward,
 * reload) shows them at once (`client.peek`). Each copy is exactly the service's payload plus
 * the time stored, keyed by the request URL without the token.
 */
export interface SessionCacheSettings {
  /** Default `sessionStorage`. */
  storage?: () => Storage | undefined;
  /** Most characters all copies may take together; the oldest go first. Default 500 000. */
  maxChars?: number;
  /** Age after which a copy is dropped instead of shown (and refreshed). Default 30 minutes. */
  maxAgeMs?: number;
}

/** An answer the client already holds (`client.peek`): `stale` when older than the cache duration (show it, then ask again). */
export interface PeekedAnswer<R> {
  response: SearchResponse<R>;
  stale: boolean;
}

/** Per-call options. */
export interface RequestOptions {
  /** Custom handler name; omitted → the endpoint's default (handler-less path where docs/http-api.md has one). */
  handler?: string;
  signal?: AbortSignal;
}

export interface SearchParams extends UserContext {
  q?: string;
  /** Each `field:"value"`; sent as repeated `filter` parameters. Build them with `filter()`. */
  filter?: string[];
  skip?: number;
  limit?: number;
  /** `<field> asc` or `<field> desc`; v2 only (not sent in v1). */
  sort?: string;
}

export interface AutocompleteParams extends UserContext {
  q: string;
  /** v2 only. */
  filter?: string[];
  /** v2 only. */
  limit?: number;
  /** v2 only. */
  sort?: string;
}

export interface RecommendParams extends UserContext {
  /** Id of the source document (required). */
  id: string | number;
  title?: string;
  url?: string;
  limit?: number;
  /** v2 only. */
  filter?: string[];
  /** v2 only. */
  sort?: string;
}

/** A search or recommendation result record. */
export interface SearchResult {
  id: string;
  title: string;
  content: string;
  url: string;
  /** `YYYY-MM-DDTHH:MM:SS.mmm+0000` */
  date: string;
  image?: string;
  /** Plural in results. */
  categories?: string[];
  /** Present in recommendation results. */
  tags?: string[];
}

export interface NavigationalSuggestion {
  suggestion_type: 'navigational';
  phrase: string;
  id: string;
  url: string;
  date?: string;
  /** Singular in suggestions. */
  category?: string[];
}

export interface FilterSuggestion {
  suggestion_type: 'filter';
  phrase: string;
  /** Each `field:"value"`, to be sent as `filter` parameters when the suggestion is chosen. */
  filters: string[];
  url?: string;
}

export type Suggestion = NavigationalSuggestion | FilterSuggestion;

export interface FacetBucket<V extends string | number = string> {
  value: V;
  count: number;
}

export interface FacetGroup<V extends string | number = string> {
  buckets: FacetBucket<V>[];
}

export interface Facets {
  count?: number;
  categories?: FacetGroup;
  tags?: FacetGroup;
  authors?: FacetGroup;
  /** Bucket values are numbers here. */
  year?: FacetGroup<number>;
}

export type FacetName = 'categories' | 'tags' | 'authors' | 'year';

/** The `response` object of search, autocomplete and recommendation. */
export interface SearchResponse<R> {
  found_documents: number;
  results: R[];
  facets: Facets | null;
  /** `null` in every sample; its shape otherwise is unknown. */
  spelling: unknown;
}

/** The envelope around every answer. */
export interface Envelope<T> {
  time: number;
  code: number;
  response: T;
}

/** A document in the v2 schema (what `index()` takes; mapped to v1 names for v1). */
export interface Document {
  /**
   * docs/http-api.md: sent as a number in the indexing body, returned as a string in results. A
   * string that is not a whole number (a slug, a URL) is sent as its hash (`api/documentId.ts`),
   * the id `<trove-related-posts doc-id>` asks for.
   */
  id: number | string;
  title?: string;
  content?: string;
  image?: string;
  url?: string;
  tags?: string[];
  category?: string[];
  author?: string[];
  /** The sample indexing body spells it `authors`; both are accepted. */
  authors?: string[];
  /** ISO 8601 */
  date?: string;
}

export interface AutocompleteFeedback extends UserContext {
  /** The search query (note: `query`, not `q`). */
  query: string;
  /** Id of the clicked suggestion, when it is navigational. */
  item_id?: string;
  /** 1-based position of the clicked suggestion. */
  item_order: number;
  url?: string;
}

export interface RecommendationFeedback extends UserContext {
  source_id: string | number;
  source_title?: string;
  source_url?: string;
  target_id: string | number;
  target_title?: string;
  target_url?: string;
  /** 1-based position of the clicked recommendation. */
  item_order: number;
}

export interface IndexOptions {
  signal?: AbortSignal;
  /** Milliseconds; default the client's `timeout`. Large batches may need more. */
  timeout?: number;
}

export interface FeedbackOptions {
  handler?: string;
}
