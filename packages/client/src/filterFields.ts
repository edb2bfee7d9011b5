import type { ApiVersion, FacetName } from './types.ts';

/**
 * The one table of filter fields: a facet group of the results (docs/http-api.md names them after result
 * fields) → the document field a `filter` on one of its buckets names, per API version. v1 names
 * carry the schema's type suffix; `authors_sa` is the name the service's own filter suggestions
 * use (docs/http-api.md, Filter fields), and `year` is
 * computed, so it has no suffix. The client, the views (through the client) and the local service
 * all read this table.
 */
export const filterFields: Readonly<Record<FacetName, Readonly<Record<ApiVersion, string>>>> = {
  categories: { v2: 'category', v1: 'category_sa' },
  tags: { v2: 'tags', v1: 'tags_sa' },
  authors: { v2: 'author', v1: 'authors_sa' },
  year: { v2: 'year', v1: 'year' },
};

/** The facet groups in the order the views show them. */
export const facetNames: readonly FacetName[] = ['categories', 'tags', 'authors', 'year'];
