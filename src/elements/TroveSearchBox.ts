import { h, type ComponentChild } from 'preact';
import { splitFilters } from '../api/splitFilters.ts';
import { parseLimit } from '../core/parseLimit.ts';
import { SearchBox } from '../ui/SearchBox.tsx';
import { searchBoxMessages } from '../ui/searchBoxMessages.ts';
import styles from '../styles/searchBox.css?inline';
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
  static override attributes = ['placeholder', 'limit', 'filter', 'sort', 'results-url', 'min-chars', 'shortcut', 'value'] as const;
  static override styles = styles;
  static override messages = searchBoxMessages;

  protected override renderView(ctx: ElementContext): ComponentChild {
    const { attr, config } = ctx;
    return h(SearchBox, {
      client: ctx.client,
      ...(config.handler ? { handler: config.handler } : {}),
      limit: parseLimit(attr('limit'), undefined),
      filter: splitFilters(attr('filter')),
      sort: attr('sort')?.trim() || null,
      minChars: parseLimit(attr('min-chars'), undefined),
      resultsUrl: attr('results-url')?.trim() || null,
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
