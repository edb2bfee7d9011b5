import type { AutocompleteKey, AutocompleteState } from './AutocompleteController.ts';

/** What the keyboard model reads of the box's state. */
export type KeyView = Pick<AutocompleteState, 'isOpen' | 'activeIndex' | 'options' | 'notice' | 'query' | 'filters'>;

/**
 * What a key asks: whether the key was used (the view then prevents its default), and the
 * controller's method to call with its argument, if any. `setText('')` empties the text and
 * closes; `activate(-1)` leaves the list for the text.
 */
export type KeyResult =
  | [used: boolean]
  | [used: boolean, method: 'open' | 'close' | 'submit' | 'removeLastFilter']
  | [used: boolean, method: 'move', delta: 1 | -1]
  | [used: boolean, method: 'choose' | 'activate', index: number]
  | [used: boolean, method: 'removeRecent' | 'setText', text: string];

/**
 * The keyboard model of the combobox (WAI-ARIA APG, "combobox with listbox popup"), a pure
 * function of the key and the box, in the manner of Algolia autocomplete's state reducer: Down
 * and Up move through the options (wrapping through the text; Alt+Down opens, Alt+Up closes),
 * Enter chooses the active option or searches (the text, the chips or the box's scope: `scoped`), Escape closes
 * the list and then empties the text, Backspace in an empty text removes the last chip, Delete
 * removes the active recent search, Tab closes and moves on, Home/End/Left/Right leave the list
 * for the text. A key that steers an IME composition belongs to the IME.
 */
export function autocompleteKeydown(event: AutocompleteKey, box: KeyView, scoped = false): KeyResult {
  if (event.isComposing || event.keyCode === 229) return [false];
  const { key } = event;
  const active = box.activeIndex;
  const option = box.options[active];
  switch (key) {
    case 'ArrowDown':
    case 'ArrowUp': {
      const down = key === 'ArrowDown';
      return event.altKey ? [true, down ? 'open' : 'close'] : [true, 'move', down ? 1 : -1];
    }
    case 'Enter':
      if (active >= 0 && box.isOpen) return [true, 'choose', active];
      return box.query.trim() || box.filters.length || scoped ? [true, 'submit'] : [true];
    case 'Escape':
      if (box.isOpen && (box.options.length || box.notice)) return [true, 'close'];
      return box.query ? [true, 'setText', ''] : [false];
    case 'Backspace':
      return box.query === '' && box.filters.length ? [true, 'removeLastFilter'] : [false];
    case 'Delete':
      return box.isOpen && option?.kind === 'recent' ? [true, 'removeRecent', option.q] : [false];
    case 'Tab':
      return [false, 'close'];
    case 'Home':
    case 'End':
    case 'ArrowLeft':
    case 'ArrowRight':
      // These stay with the text; the caret moves, so nothing in the list is active any more.
      return [false, 'activate', -1];
    default:
      return [false];
  }
}

/** The active option after moving by `delta` among `count`, wrapping through -1 (the text): last → none → first. */
export function nextActiveIndex(active: number, delta: 1 | -1, count: number): number {
  const next = active + delta;
  return next >= count ? -1 : next < -1 ? count - 1 : next;
}
