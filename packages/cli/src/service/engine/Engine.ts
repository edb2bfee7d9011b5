/**
 * The seam between the endpoints and a search engine: `createEngine(project, collection)` (an
 * option of createService) makes one per collection, `close()` ends it. Every method is asynchronous and answers
 * one page, so an engine behind a network (a search server, a database) fits the same seam as
 * the embedded one (MiniSearchEngine.ts). The endpoints never see engine internals: they pass
 * parsed parameters in and shape the page they get back into docs/http-api.md's records.
 *
 * Semantics every engine keeps (test/service/engineContract.ts checks them):
 * - `q`: terms combine with AND, the last term also matches as a prefix, typos are tolerated
 *   (1 edit for 5-8 letters, 2 for 9-32), common words are dropped unless nothing else is left;
 *   the first 32 terms count, later ones are ignored (the budget of limits.ts);
 *   relevance order (title matches weigh `titleBoost`× content ones) unless `sort` is given;
 *   `titleFirst` puts title matches before content-only ones (the box's order).
 *   An empty `q` matches every (filtered) document, `date desc` unless `sort` is given.
 * - `filters`: exact values, combined with AND (two on the same field both have to hold).
 * - sorts: `date desc|asc` (undated documents last either way), `title asc|desc`; ties by id.
 * - `total` counts every match; `facets` (when asked) count values over every match, at most
 *   100 buckets per facet, largest first, then by name.
 */
import type { Facets } from 'trove-search-client';
import type { SortKey } from './parseSort.ts';
import type { StoredDocument } from '../types.ts';

/** The facet a filter narrows on (internal names; the wire names are in src/api/filterFields.ts). */
export type FilterField = 'categories' | 'tags' | 'authors' | 'year' | 'meta';

export interface FieldFilter {
  field: FilterField;
  value: string;
}

/** Facet counts as docs/http-api.md's `facets` object, every group present. */
export type FacetCounts = Required<Facets>;

export interface PageRequest {
  filters: readonly FieldFilter[];
  sort?: SortKey;
  skip: number;
  limit: number;
  /** Count facets over every match (search and recommend do; autocomplete does not). */
  facets: boolean;
}

export interface SearchRequest extends PageRequest {
  q: string;
  /** Where the text must match; default title and content. */
  fields?: readonly ('title' | 'content')[];
  /** Weight of a title match against a content match. */
  titleBoost: number;
  /** When nothing matches a non-empty `q`: look for a corrected query that has hits. */
  spelling?: boolean;
  /**
   * The search box's order (autocomplete), without `sort`: the documents whose title has the
   * words come first (those whose title starts with the text as typed before the others), then
   * those matched in their content alone; relevance (title and content together) within each.
   */
  titleFirst?: boolean;
}

export interface RelatedRequest extends PageRequest {
  /** The source document; it is never among the hits. */
  id: string;
  /** Drives the title similarity when `id` is not indexed. */
  title?: string;
  titleBoost: number;
}

export interface SuggestRequest {
  /** What the reader typed. */
  text: string;
  filters: readonly FieldFilter[];
  limit: number;
}

export interface Page {
  /** Every match, not only this page. */
  total: number;
  hits: StoredDocument[];
  facets: FacetCounts | null;
  /** A corrected query with hits (only when asked for and nothing matched), else `null`. */
  spelling: string | null;
}

export interface FacetValueMatch {
  field: 'categories' | 'tags' | 'authors';
  value: string;
  /** Documents with this value (within the filters). */
  count: number;
  /** 0 exact, 1 the name starts with the text, 2 a later word of the name does. */
  rank: number;
}

export interface Engine {
  /** Number of documents. */
  count(): Promise<number>;
  search(request: SearchRequest): Promise<Page>;
  /**
   * Category, tag and author names matching the typed text: the whole name or one of its later
   * words starts with it (accents and case ignored), within the filters. Best first: exact,
   * then names starting with the text, then by document count, then by name.
   */
  suggest(request: SuggestRequest): Promise<FacetValueMatch[]>;
  /**
   * Documents related to `id` by shared tags, categories, authors, title terms and what they say
   * (the source's most distinctive words), best first (or by `sort`); never the source; an
   * unknown `id` is related by `title` alone, or to nothing.
   */
  related(request: RelatedRequest): Promise<Page>;
  /** Adds or replaces (by id) every document. Callers validate first; all or nothing. */
  upsert(documents: readonly StoredDocument[]): Promise<void>;
  /** Every document, in the order they were first added (an export; the store persists batches itself). */
  snapshot(): Promise<StoredDocument[]>;
  /** Lets go of the collection (memory, connections); no method is called after it. */
  close(): Promise<void>;
  /** Optional: what the engine built, to persist so that a restart reads it instead of building it (IndexFile.ts). */
  exportIndex?(): Promise<Uint8Array>;
  /**
   * Optional: loads `documents` into this empty engine with an index `exportIndex` gave, trusting
   * it only for the documents it was built from: how many it indexed from their text instead (0
   * when the index had them all), or `false` (nothing loaded) when it does not fit.
   */
  restore?(documents: readonly StoredDocument[], index: Uint8Array): Promise<number | false>;
}
