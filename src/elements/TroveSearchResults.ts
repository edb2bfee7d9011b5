import { h, type ComponentChild } from 'preact';
import { SearchResults } from '../ui/SearchResults.tsx';
import { searchResultsMessages } from '../ui/searchResultsMessages.ts';
import styles from '../styles/searchResults.css?inline';
import { searchResultsAttributes } from './searchResultsAttributes.ts';
import { TroveElement, type ElementContext } from './TroveElement.ts';

/**
 * `<trove-search-results>` — results for a query, with facets, active filters, pagination and
 * sort (DESIGN.md §1.2).
 *
 * Attributes: `handler` (search handler), `limit` (page size, default 10), `sort-options`
 * (`date desc:Newest, date asc:Oldest`; v2 only), `facets` (subset of `categories tags authors
 * year`, in the order to show; default all that the response has), `no-url-sync` (keep `q`,
 * `filter`, `page` and `sort` out of the page URL), plus the shared settings.
 *
 * The search comes from the page URL (`?q=…&filter=…&page=…&sort=…`, restored on back/forward)
 * and from a `<trove-search-box>` on the same page. With neither a query nor a filter it shows a
 * prompt and sends no request.
 *
 * Events: `trove-results` (detail: the response), `trove-error` (detail: `{ error }`).
 */
export class TroveSearchResults extends TroveElement {
  static override attributes = searchResultsAttributes;
  static override styles = styles;
  static override messages = searchResultsMessages;

  protected override renderView(ctx: ElementContext<typeof searchResultsAttributes>): ComponentChild {
    const { attr, config, get } = ctx;
    return h(SearchResults, {
      client: ctx.client,
      handler: config.handler,
      limit: get('limit') ?? undefined,
      sortOptions: attr('sort-options'),
      facets: attr('facets'),
      urlSync: !get('no-url-sync'),
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
