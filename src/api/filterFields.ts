import type { FacetName } from './types.ts';

/** One facet group and the filter field that narrows on it, in each API version. */
export interface FilterFieldNames {
  /** The facet group in responses (named after result fields). */
  facet: FacetName;
  /** The v2 filter field (named after document fields). */
  v2: string;
  /** The v1 filter field (the schema's `_sa` names; `year` is computed and unsuffixed). */
  v1: string;
}

/**
 * The one table of filter fields (API.md): facet group ↔ v2 filter field ↔ v1 filter field,
 * the names the service answers in filter suggestions and the widgets send for a chosen bucket.
 */
export const filterFields: readonly FilterFieldNames[] = [
  { facet: 'categories', v2: 'category', v1: 'category_sa' },
  { facet: 'tags', v2: 'tags', v1: 'tags_sa' },
  { facet: 'authors', v2: 'author', v1: 'authors_sa' },
  { facet: 'year', v2: 'year', v1: 'year' },
];
