/** Internal types of the local service (the wire types live in src/api/types.ts). */
import type { HandlerGroup } from 'trove-search-client';
import type { ApiVersion } from 'trove-search-client';

export type { ApiVersion };

/** A document as the service keeps it: both schemas normalised to these names. */
export interface StoredDocument {
  /** Ids are compared as strings: `1` and `"1"` are the same document. */
  id: string;
  title: string;
  content: string;
  url: string;
  image?: string;
  /** The date as indexed (ISO 8601). */
  date?: string;
  /** `date` as epoch milliseconds (UTC), for sorting and the year facet. */
  ts?: number;
  tags: string[];
  categories: string[];
  authors: string[];
  /** v1 `meta_sa`; filterable, never returned. */
  meta: string[];
}

/** The endpoints that have named handlers (src/api/endpoints.ts). */
export type EndpointKind = HandlerGroup;

/** A named request configuration (handlers file). */
export interface HandlerSettings {
  /** Filters always applied (AND) besides the request's, `field:"value"`. */
  filters?: string[];
  /** Relevance boosts; `title` weighs title matches against content (default 2 for search). */
  boost?: { title?: number };
  /** Default `limit` when the request has none. */
  limit?: number;
}
