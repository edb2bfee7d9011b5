import { normalizeQueryText } from 'trove-search-client';

/** A search as it is sent and announced: the text and every `field:"value"` filter it runs with (what `trove-search` carries). */
export interface SearchRequest {
  q: string;
  filters: string[];
}

/** What a results view shows: the text, the reader's filters, the box's scope, the 1-based page and the sort. */
export interface SearchQuery {
  q: string;
  /** The filters the reader chose (removable). */
  filters: string[];
  /**
   * The scope of the search box that started this search (its `filter` attribute): sent with the
   * search and shown, never removable, never among `filters`. Absent when the box had none.
   */
  scope?: string[];
  /** 1-based. */
  page: number;
  /** `<field> asc|desc`, or '' for the handler's own order (relevance). */
  sort: string;
}

/** A search a box starts: its text, the reader's filters and the box's scope. */
export interface StartedSearch {
  q: string;
  filters: readonly string[];
  scope?: readonly string[];
}

/** The filters a search is sent with: the scope, then the reader's filters, each once. */
export function sentFilters(query: Pick<StartedSearch, 'filters' | 'scope'>): string[] {
  return [...new Set([...(query.scope ?? []), ...query.filters])];
}

/**
 * A sort as the API takes it, `<field> asc` or `<field> desc` (spaces folded, the direction in
 * lower case), or '' for anything else.
 */
export function normalizeSort(text: string): string {
  const sort = text
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/ (asc|desc)$/i, (direction) => direction.toLowerCase());
  return /^[\w.-]+ (?:asc|desc)$/.test(sort) ? sort : '';
}

/** Unique non-blank filters, in order. */
const cleanFilters = (filters: readonly string[]) => [...new Set(filters.filter((filter) => filter.trim()))];

/**
 * A well-formed search: trimmed text, unique non-blank filters (none of them in the scope), a
 * scope only when there is one, a positive whole page (else 1), a sort of the API's shape or none.
 */
export function normalizeQuery(query: SearchQuery): SearchQuery {
  const page = Math.floor(query.page);
  const scope = cleanFilters(query.scope ?? []);
  return {
    q: normalizeQueryText(query.q),
    filters: cleanFilters(query.filters).filter((filter) => !scope.includes(filter)),
    ...(scope.length ? { scope } : {}),
    page: page > 0 ? page : 1,
    sort: normalizeSort(query.sort),
  };
}
