import type { AttributeSpecs } from './attributeSpec.ts';

/** The attributes of `<trove-search-results>` (besides the shared ones), declared once. */
export const searchResultsAttributes = {
  /** Results per page (default 10). */
  limit: { type: 'number' },
  /** Sorts offered, e.g. `date desc:Newest, date asc:Oldest` (v2 only). */
  'sort-options': { type: 'string' },
  /** Facets to show, in order: a subset of `categories tags authors year` (default all the response has). */
  facets: { type: 'string' },
  /** Keep `q`, `filter`, `page` and `sort` out of the page URL. */
  'no-url-sync': { type: 'boolean' },
  /** Result links open the post at its top: no text fragment (`#:~:text=`) that scrolls to the passage that matched. */
  'no-text-fragment': { type: 'boolean' },
} as const satisfies AttributeSpecs;
