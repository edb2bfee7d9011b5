import type { ApiVersion, FacetName } from '../api/types.ts';

/** Facet groups are named after result fields; filters name document fields (API.md). */
const FIELDS: Record<FacetName, string> = { categories: 'category', tags: 'tags', authors: 'author', year: 'year' };

/**
 * The filter field that narrows results to one bucket of a facet group: `categories` →
 * `category`, `authors` → `author`, `tags` → `tags`, `year` → `year`; v1 names carry the
 * schema's `_sa` suffix (`category_sa`), except the computed `year`.
 */
export function facetFilterField(facet: FacetName, apiVersion: ApiVersion): string {
  const field = FIELDS[facet];
  return apiVersion === 'v1' && facet !== 'year' ? `${field}_sa` : field;
}
