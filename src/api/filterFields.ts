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

/**
 * The other spellings a filter may give a facet's field: the other number (`categories`, `tag`,
 * `authors`), and the other number of a v1 name (ending, as v1 names do, in the type suffix `_sa`:
 * v1 only). With `filterFields`, the one list of field spellings: the service checks filters
 * against it, the views label filters with it (`facetOfField`).
 */
export const fieldAliases: Readonly<Record<string, FacetName>> = {
  categories: 'categories',
  tag: 'tags',
  authors: 'authors',
  categories_sa: 'categories',
  author_sa: 'authors',
};

/** The facet a filter's field names, in any version and spelling, if any. */
export function facetOfField(field: string): FacetName | undefined {
  return fieldAliases[field] ?? facetNames.find((facet) => Object.values(filterFields[facet]).includes(field));
}
