import { h, type ComponentChild } from 'preact';
import { SearchResults } from '../ui/searchResults/SearchResults.tsx';
import { searchResultsMessages } from '../ui/searchResults/searchResultsMessages.ts';
import styles from '../styles/searchResults.css?inline';
import { searchResultsAttributes } from '../ui/searchResults/searchResultsAttributes.ts';
import type { TroveErrorEvent, TroveResultsEvent } from './events.ts';
import { TroveElement, type ElementContext } from './TroveElement.ts';

/**
 * `<trove-search-results>` — results for a query, with facets, active filters, pagination and
 * sort (README).
 *
 * Attributes: see the declaration (`static attributes`), the one place they are described.
 *
 * The search comes from the page URL (`?q=…&filter=…&page=…&sort=…`, restored on back/forward)
 * and from a `<trove-search-box>` on the same page. With neither a query nor a filter it shows a
 * prompt and sends no request.
 *
 * @tagname trove-search-results
 * @fires {CustomEvent<SearchResponse>} trove-results - an answer arrived (detail: the response)
 * @fires {CustomEvent<TroveErrorDetail>} trove-error - the search failed
 * @csspart base
 * @csspart status
 * @csspart header
 * @csspart heading
 * @csspart sort
 * @csspart sort-label
 * @csspart sort-select
 * @csspart spelling
 * @csspart spelling-suggestion
 * @csspart active-filters
 * @csspart active-filter
 * @csspart active-filter-remove
 * @csspart clear-filters
 * @csspart facets-toggle
 * @csspart facets
 * @csspart facet-group
 * @csspart facet-heading
 * @csspart facet-list
 * @csspart facet-chip
 * @csspart facet-chip-active
 * @csspart facet-count
 * @csspart facet-more
 * @csspart main
 * @csspart results
 * @csspart result
 * @csspart result-title
 * @csspart result-link
 * @csspart result-meta
 * @csspart result-date
 * @csspart result-category
 * @csspart result-snippet
 * @csspart result-image
 * @csspart highlight
 * @csspart skeleton
 * @csspart prompt
 * @csspart empty
 * @csspart empty-clear-filters
 * @csspart first-page
 * @csspart error
 * @csspart retry
 * @csspart pagination
 * @csspart page
 * @csspart page-current
 * @csspart page-previous
 * @csspart page-next
 * @csspart page-gap
 * @csspart config-error - the error shown for missing or invalid settings
 * @cssprop --trove-color-accent - links, active option, primary buttons
 * @cssprop --trove-color-accent-text - text on the accent colour
 * @cssprop --trove-color-bg - background of inputs and cards
 * @cssprop --trove-color-border - borders and dividers
 * @cssprop --trove-color-chip - background of chips
 * @cssprop --trove-color-error - error text and borders
 * @cssprop --trove-color-focus - focus ring
 * @cssprop --trove-color-hover - background of hovered and active rows
 * @cssprop --trove-color-mark - background of highlighted query terms
 * @cssprop --trove-color-mark-text - text of highlighted query terms
 * @cssprop --trove-color-muted - secondary text
 * @cssprop --trove-color-surface - background of popups and panels
 * @cssprop --trove-color-text - main text
 * @cssprop --trove-font - font family of every text
 * @cssprop --trove-font-size - base font size
 * @cssprop --trove-radius - corner radius of boxes and chips
 * @cssprop --trove-results-facets-width - width of the facet column on wide layouts (15rem)
 * @cssprop --trove-results-image-width - width of result images (7rem; height follows at 4:3)
 * @cssprop --trove-shadow - shadow of popups
 * @cssprop --trove-space - spacing unit; gaps are multiples
 * @cssprop --trove-z-index - stacking of popups and panels
 */
export class TroveSearchResults extends TroveElement {
  static override attributes = searchResultsAttributes;
  static override styles = styles;
  static override messages = searchResultsMessages;
  declare static readonly events: { 'trove-results': TroveResultsEvent; 'trove-error': TroveErrorEvent };

  protected override renderView(ctx: ElementContext<typeof searchResultsAttributes>): ComponentChild {
    return h(SearchResults, {
      ...ctx.props,
      client: ctx.client,
      handler: ctx.config.handler,
      t: ctx.t,
      locale: ctx.locale,
      onResults: (response) => {
        this.emit('trove-results', response);
      },
      onError: (error) => {
        this.emit('trove-error', { error });
      },
    });
  }
}
