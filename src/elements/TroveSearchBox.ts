import { h, type ComponentChild } from 'preact';
import { splitFilters } from '../api/splitFilters.ts';
import { SearchBox } from '../ui/SearchBox.tsx';
import { searchBoxMessages } from '../ui/searchBoxMessages.ts';
import styles from '../styles/searchBox.css?inline';
import { searchBoxAttributes } from './searchBoxAttributes.ts';
import { TroveElement, type ElementContext } from './TroveElement.ts';

/**
 * `<trove-search-box>` — a search input with autocomplete (DESIGN.md §1.2): a WAI-ARIA 1.2
 * combobox whose listbox groups navigational suggestions (links) and filter suggestions (chips).
 *
 * Attributes: `placeholder`, `handler` (autocomplete handler), `limit` (suggestions), `filter`
 * (static `field:"value"` filters, whitespace-separated, narrowing the suggestions; v2), `sort`
 * (v2), `results-url` (results page when none is on this page; default `/search`), `min-chars`
 * (default 1), `shortcut` (`/` and/or `mod+k`), `value` (initial text), plus the shared settings
 * (`no-analytics` turns click feedback off).
 *
 * Events: `trove-select` (cancelable: stops the navigation or search), `trove-search`
 * (cancelable: route it yourself), `trove-error`.
 *
 * Parts: see the top of `styles/searchBox.css`.
 */
export class TroveSearchBox extends TroveElement {
  static override attributes = searchBoxAttributes;
  static override styles = styles;
  static override messages = searchBoxMessages;

  protected override renderView(ctx: ElementContext<typeof searchBoxAttributes>): ComponentChild {
    const { attr, config, get } = ctx;
    return h(SearchBox, {
      client: ctx.client,
      ...(config.handler ? { handler: config.handler } : {}),
      limit: get('limit') ?? undefined,
      filter: splitFilters(attr('filter')),
      sort: get('sort'),
      minChars: get('min-chars') ?? undefined,
      resultsUrl: get('results-url'),
      shortcut: attr('shortcut'),
      value: attr('value'),
      placeholder: attr('placeholder'),
      analytics: config.analytics,
      locale: ctx.locale,
      t: ctx.t,
      onSelect: (detail) => this.emit('trove-select', detail, { cancelable: true }),
      onSearch: (state) => this.emit('trove-search', { q: state.q, filters: [...state.filters] }, { cancelable: true }),
      onError: (error) => {
        this.emit('trove-error', { error });
      },
    });
  }
}
