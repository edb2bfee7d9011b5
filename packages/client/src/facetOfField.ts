import { facetNames, filterFields } from './filterFields.ts';
import type { FacetName } from './types.ts';

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
