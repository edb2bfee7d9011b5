/** The autocomplete controller's shape: its settings, hooks, state and methods (createAutocompleteController.ts). */
import type { NavigationalSuggestion, Suggestion } from 'trove-search-client';
import type { TroveClient } from 'trove-search-client';
import type { Controller, ControllerState, SelectHow } from '../Controller.ts';
import type { PageSearch } from '../createPageSearch.ts';
import type { RecentSearches } from '../recentSearches.ts';
import type { SearchRequest } from '../searchQuery.ts';
import type { AutocompleteGroup, AutocompleteOption } from './listOptions.ts';

export type { AutocompleteGroup, AutocompleteOption };

/** The parts of a key press the keyboard model reads (autocompleteKeydown.ts). */
export interface AutocompleteKey {
  key: string;
  isComposing?: boolean;
  keyCode?: number;
  altKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
  shiftKey?: boolean;
}

/** Settings that follow the element's attributes. */
export interface AutocompleteSettings {
  /** Autocomplete handler (feedback goes to the same one); default: the service's `suggest`. */
  handler?: string;
  /** Most suggestions to show (sent as `limit` where the API has it; the list is trimmed in any case). */
  limit?: number | null;
  /**
   * The box's scope (`filter` attribute): `field:"value"` filters sent with every suggestion
   * request and carried, as a field of its own (`SearchQuery.scope`), into every search the box
   * starts, where the results show them as fixed filters. They are not chips of the box: the
   * reader narrows within the scope.
   */
  filter?: readonly string[];
  /** `sort` of the suggestions (sent where the API has it). */
  sort?: string | null;
  /** Characters needed before asking; default `defaults.minChars`. */
  minChars?: number;
  /** Send click feedback; default true. */
  analytics?: boolean;
  /** Wait this long (ms) after the last key before asking; default `defaults.debounceMs`. */
  debounceMs?: number;
  /** The results page when none is on this page; default `/search`. */
  resultsUrl?: string | null;
  /** The results page's parameter for the text (`s` on WordPress); default `q`. */
  queryParam?: string | null;
}

/** `trove-select` from `<trove-search-box>`: a suggestion was chosen (cancel to stop the navigation). */
export interface SuggestionSelectDetail {
  suggestion: Suggestion;
  /** 1-based position in the list as shown. */
  position: number;
  query: string;
}

/** What the controller asks its host to do (the element turns these into events and navigation). */
export interface AutocompleteHooks {
  /** A suggestion was chosen; return `false` to stop what follows (a cancelled `trove-select`). */
  onSelect?(detail: SuggestionSelectDetail): boolean | void;
  /** A search is about to run; return `false` to stop it (a cancelled `trove-search`: the page routes it). */
  onSearch?(search: SearchRequest): boolean | void;
  /** Go to another page: a navigational suggestion's link, or the results page. */
  onNavigate?(url: string): void;
  /** The link a navigational suggestion opens, chosen for `query` (never the URL sent as feedback); default its `url`. */
  linkOf?(suggestion: NavigationalSuggestion, query: string): string;
  /** The address of the current page (to resolve `resultsUrl`); default `location.href`. */
  pageUrl?(): string;
  /** A request failed (status is `error`; nothing throws). */
  onError?(error: Error): void;
}

export interface AutocompleteControllerOptions extends AutocompleteSettings, AutocompleteHooks {
  client: TroveClient;
  /** The page search the box writes when the reader searches, and shows when it changes elsewhere. */
  search: PageSearch;
  /** Where recent searches live; none → no recent searches. */
  recent?: RecentSearches;
}

/** Everything the box shows, in one state. `status` is the suggestion request's. */
export interface AutocompleteState extends ControllerState {
  /** The text in the input. */
  query: string;
  /** Filters the reader chose (chips), each `field:"value"`; the scope is not among them. */
  filters: string[];
  /** Suggestions shown, in display order (grouped by type, the service's first type leading), at most `limit`. */
  suggestions: Suggestion[];
  /** The query the suggestions answer. */
  answeredQuery: string;
  recent: string[];
  /** The reader wants the popup (focus, typing, Down); `expanded` says whether the listbox shows. */
  isOpen: boolean;
  /** Index into `options` of the active option, -1 for none. */
  activeIndex: number;
  options: AutocompleteOption[];
  groups: AutocompleteGroup[];
  /** Open and with options: what `aria-expanded` says. */
  expanded: boolean;
  /** A message the open popup shows instead of options. */
  notice: 'empty' | 'error' | null;
}

export interface AutocompleteController extends Controller<AutocompleteSettings, AutocompleteState, Suggestion> {
  /** The reader typed: update the text, open, ask (debounced; at once when `paused`: the reader has stopped typing). */
  input(q: string, paused?: boolean): void;
  /** Show a search without asking for suggestions (the `value` attribute). */
  setText(q: string): void;
  open(): void;
  close(): void;
  /** Move the active option by `delta`, wrapping through "none" (the text). Opens a closed list. */
  move(delta: 1 | -1): void;
  activate(index: number): void;
  /** The keyboard model; returns `true` when the key was used (the view then prevents its default). */
  keydown(key: AutocompleteKey): boolean;
  /**
   * Choose the option at `index` (a suggestion goes through `select`; a recent search searches).
   * `viaLink`: a navigational link was clicked and the browser navigates itself; `newTab`: it
   * opens in another tab (feedback only). Returns `false` when the default action must not happen.
   */
  choose(index: number, how?: SelectHow): boolean;
  /** Search for the text and the active filters (and the scope). */
  submit(): void;
  removeFilter(filter: string): void;
  /** Backspace in an empty input: remove the last chip. */
  removeLastFilter(): boolean;
  removeRecent(q: string): void;
  clearRecent(): void;
}
