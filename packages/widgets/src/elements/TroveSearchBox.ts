import { h, type ComponentChild } from 'preact';
import { type EarlyField, SearchBox } from '../ui/searchBox/SearchBox.tsx';
import { searchBoxMessages } from '../ui/searchBox/searchBoxMessages.ts';
import styles from '../styles/searchBox.css?inline';
import { searchBoxAttributes } from '../ui/searchBox/searchBoxAttributes.ts';
import type { EarlyInput } from './renderEarlyField.ts';
import type { TroveErrorEvent, TroveSearchEvent, TroveSelectEvent } from './events.ts';
import { TroveElement, type ElementContext } from './TroveElement.ts';

/**
 * `<trove-search-box>` — a search input with autocomplete (README): a WAI-ARIA 1.2
 * combobox whose listbox groups navigational suggestions (links) and filter suggestions (chips).
 *
 * Attributes: see the declaration (`static attributes`), the one place they are described.
 *
 * @tagname trove-search-box
 * @fires {CustomEvent<SuggestionSelectDetail>} trove-select - a suggestion was chosen; cancel it to stop the navigation or search
 * @fires {CustomEvent<TroveSearchDetail>} trove-search - a search is about to run; cancel it to route it yourself
 * @fires {CustomEvent<TroveErrorDetail>} trove-error - the suggestions failed
 * @csspart base
 * @csspart root
 * @csspart bar
 * @csspart field
 * @csspart search-icon
 * @csspart chips
 * @csspart chip
 * @csspart chip-remove
 * @csspart input
 * @csspart spinner
 * @csspart shortcut-hint
 * @csspart clear-button
 * @csspart close-button
 * @csspart popup
 * @csspart listbox
 * @csspart group
 * @csspart group-navigational
 * @csspart group-filter
 * @csspart group-recent
 * @csspart group-label
 * @csspart option
 * @csspart option-navigational
 * @csspart option-filter
 * @csspart option-recent
 * @csspart option-clear-recent
 * @csspart option-active
 * @csspart option-icon
 * @csspart option-title
 * @csspart option-meta
 * @csspart suggestion-chip
 * @csspart recent-remove
 * @csspart highlight
 * @csspart notice
 * @csspart error
 * @csspart status
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
 * @cssprop --trove-shadow - shadow of popups
 * @cssprop --trove-space - spacing unit; gaps are multiples
 * @cssprop --trove-z-index - stacking of popups and panels
 */
export class TroveSearchBox extends TroveElement {
  static override attributes = searchBoxAttributes;
  static override styles = styles;
  static override messages = searchBoxMessages;
  // Its field keeps its size; its list and the phone's panel are in the top layer. No layout read after each render.
  static override grows = false;
  declare static readonly events: { 'trove-select': TroveSelectEvent; 'trove-search': TroveSearchEvent; 'trove-error': TroveErrorEvent };

  /** Until the first render: the script loader's early field may be there to take over (src/elements/renderEarlyField.ts). */
  #first = true;

  protected override connected(): void {
    // A composition (IME) in the early field ends before the box takes the field over: moving the
    // focus now would cut it short. (No field of this class yet: the host may not be adopted.)
    const early = this.shadowRoot?.querySelector<EarlyInput>('input');
    if (early?.composing) early.addEventListener('compositionend', () => this.isConnected && this.connected(), { once: true });
    else super.connected();
  }

  protected override renderView(ctx: ElementContext<typeof searchBoxAttributes>): ComponentChild {
    const { config } = ctx;
    // On the first render the early field is still in the shadow root (the view replaces it).
    let takeOver: EarlyField | undefined;
    if (this.#first) {
      this.#first = false;
      const input = this.shadowRoot?.querySelector<HTMLInputElement>('input');
      if (input) takeOver = { input, focused: this.shadowRoot?.activeElement === input };
    }
    return h(SearchBox, {
      ...ctx.props,
      takeOver,
      client: ctx.client,
      handler: config.handler,
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
