import { facetOfField } from 'trove-search-client';
import { parseFilter } from 'trove-search-client';
import type { FacetName } from 'trove-search-client';
import type { Translate } from './translate.ts';

/** The text of each facet field's label. */
const LABELS: Record<FacetName, string> = { categories: 'field_category', tags: 'field_tags', authors: 'field_author', year: 'field_year' };

/**
 * A person's label for a `field:"value"` filter: "Category: News". A facet's field, in any
 * spelling (`facetOfField`), is labelled by its `field_…` text; another field by a `field_<name>`
 * text if there is one, else by its own name; a text that is not a filter at all is shown as it is.
 */
export function filterLabel(text: string, t: Translate): string {
  const parsed = parseFilter(text);
  if (!parsed) return text;
  const facet = facetOfField(parsed.field);
  const key = facet ? LABELS[facet] : `field_${parsed.field}`;
  const label = t(key);
  return t('filterLabel', { field: label === key ? parsed.field : label, value: parsed.value });
}
