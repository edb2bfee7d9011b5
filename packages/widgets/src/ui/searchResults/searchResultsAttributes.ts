import * as defaults from '../../core/defaults.ts';
import type { AttributeSpecs } from '../attributeSpec.ts';

/** The attributes of `<trove-search-results>` (besides the shared ones), declared once. */
export const searchResultsAttributes = {
  /** Results per page. */
  limit: { type: 'number', default: defaults.resultsLimit, max: defaults.resultsMaxLimit },
  /** Sorts offered, e.g. `date desc:Newest, date asc:Oldest` (v2 only); `date desc` and `date asc` without a label are named in the page’s language. */
  'sort-options': { type: 'text' },
  /** Facets to show, in order: a subset of `categories tags authors year` (default all the response has). */
  facets: { type: 'text' },
  /** The address parameter the search text is read from and written to (`s` on WordPress's search page); `q` is read too. */
  'query-param': { type: 'string', default: defaults.queryParam },
  /** Keep `q`, `filter`, `scope`, `page` and `sort` out of the page URL. */
  'no-url-sync': { type: 'boolean' },
  /** Result links open the post at its top: no text fragment (`#:~:text=`) that scrolls to the passage that matched. */
  'no-text-fragment': { type: 'boolean' },
} as const satisfies AttributeSpecs;
