/** What a search is for: the text and the active `field:"value"` filters (what `trove-search` carries). */
export interface SearchState {
  q: string;
  filters: string[];
}

/** What a results view shows: the text, the active `field:"value"` filters, the 1-based page and the sort. */
export interface SearchQuery {
  q: string;
  filters: string[];
  /** 1-based. */
  page: number;
  /** `<field> asc|desc`, or '' for the handler's own order (relevance). */
  sort: string;
}

/** Are two queries the same search (filters compared in order)? */
export function sameQuery(a: SearchQuery, b: SearchQuery): boolean {
  return a.q === b.q && a.page === b.page && a.sort === b.sort && sameList(a.filters, b.filters);
}

/** Are two string lists equal, element by element? */
export function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i]);
}
