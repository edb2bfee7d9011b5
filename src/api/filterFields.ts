import type { ApiVersion, FacetName } from './types.ts';

/**
 * The one table of filter fields: a facet group of the results (API.md names them after result
 * fields) → the document field a `filter` on one of its buckets names, per API version. v1 names
 * carry the schema's type suffix; `authors_sa` is the name the service's own filter suggestions
 * use (API.md: "the autocomplete filter suggestion example refers to `authors_sa`"), and `year` is
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
 * The other spellings a filter may give a facet's field, per API version: the other number in
 * both (`categories`, `tag`, `authors`), and in v1 the other number with the type suffix.
 */
const aliases: Readonly<Record<ApiVersion, Readonly<Record<string, FacetName>>>> = {
  v2: { categories: 'categories', tag: 'tags', authors: 'authors' },
  v1: { categories_sa: 'categories', author_sa: 'authors' },
};

/**
 * The field names a filter may use in `version`, each with the facet it names: the table's names
 * and the aliases (v1 also takes every v2 spelling). The one list of field spellings: the
 * service checks filters against it, the views label filters with it.
 */
export function filterFieldNames(version: ApiVersion): ReadonlyMap<string, FacetName> {
  const names = new Map<string, FacetName>();
  for (const v of version === 'v1' ? (['v2', 'v1'] as const) : (['v2'] as const)) {
    for (const facet of facetNames) names.set(filterFields[facet][v], facet);
    for (const [alias, facet] of Object.entries(aliases[v])) names.set(alias, facet);
  }
  return names;
}

/** The facet a filter's field names in any version and spelling, if any. */
export function facetOfField(field: string): FacetName | undefined {
  return filterFieldNames('v1').get(field);
}
