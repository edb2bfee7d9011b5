import * as defaults from '../../core/defaults.ts';
import type { AttributeSpecs } from '../attributeSpec.ts';

/** The attributes of `<trove-search-box>` (besides the shared ones), declared once. */
export const searchBoxAttributes = {
  /** Placeholder text of the input. */
  placeholder: { type: 'text' },
  /** Number of suggestions (v2 only). */
  limit: { type: 'number' },
  /** The box's scope: one or more `field:"value"` separated by whitespace, sent with the suggestions and carried into every search the box starts (v2). */
  filter: { type: 'list' },
  /** Sort of the suggestions, e.g. `date desc` (v2 only). */
  sort: { type: 'string' },
  /** Page that shows the results (default: the `<trove-search-results>` on this page, else `/search`). */
  'results-url': { type: 'string' },
  /** The results page's parameter for the search text (`s` for WordPress's own search page). */
  'query-param': { type: 'string', default: defaults.queryParam },
  /** Characters typed before suggestions are asked for. */
  'min-chars': { type: 'number', default: defaults.minChars },
  /** Keys that focus the box: `/` and/or `mod+k`. */
  shortcut: { type: 'text' },
  /** Initial text of the input. */
  value: { type: 'text' },
  /** Opens as a panel over the whole page on every screen, as it does on a phone (what a theme's search button opens). */
  panel: { type: 'boolean' },
  /** Load the box's code when the browser is idle instead of on the reader's first sign of intent (pointer, focus, a key; the script tag only). */
  idle: { type: 'boolean' },
  /** Post suggestions open the post at its top: no text fragment (`#:~:text=`) that scrolls to the words that matched. */
  'no-text-fragment': { type: 'boolean' },
} as const satisfies AttributeSpecs;
