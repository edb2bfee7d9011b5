import { batch, computed, effect, signal, untracked } from '@preact/signals';
import { parseFilter } from '../api/filter.ts';
import type { FilterSuggestion, NavigationalSuggestion, Suggestion, TroveClient } from '../api/types.ts';
import { type Controller, type ControllerState, isAbort, type SelectHow, toError } from './Controller.ts';
import { createKeyRhythm } from './createKeyRhythm.ts';
import { createLatest } from './createLatest.ts';
import { createSettings } from './createSettings.ts';
import * as defaults from './defaults.ts';
import type { PageSearch } from './createPageSearch.ts';
import { queryWithoutFilterWords } from './queryWithoutFilterWords.ts';
import type { RecentSearches } from './recentSearches.ts';
import { routeSearch } from './routeSearch.ts';
import { sameValue } from './sameValue.ts';
import { type SearchRequest, type StartedSearch, sentFilters } from './searchQuery.ts';

/** One entry of the list as shown; `index` is its 0-based place, `position` (suggestions) its 1-based one. */
export type AutocompleteOption =
  | { kind: 'navigational'; index: number; position: number; suggestion: NavigationalSuggestion }
  | { kind: 'filter'; index: number; position: number; suggestion: FilterSuggestion }
  | { kind: 'recent'; index: number; q: string }
  | { kind: 'clear-recent'; index: number };

/** A labelled section of the list, in display order. */
export interface AutocompleteGroup {
  kind: 'navigational' | 'filter' | 'recent';
  options: AutocompleteOption[];
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

/** The parts of a key press the keyboard model reads. */
export interface AutocompleteKey {
  key: string;
  isComposing?: boolean;
  keyCode?: number;
  altKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
  shiftKey?: boolean;
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
  /** The reader typed: update the text, open, ask (debounced). */
  input(q: string): void;
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

/** Suggestions the same to a reader: the same type and target. */
const sameSuggestion = (a: Suggestion, b: Suggestion) =>
  a.suggestion_type === b.suggestion_type &&
  (a.suggestion_type === 'navigational'
    ? a.url === (b as NavigationalSuggestion).url && a.phrase === b.phrase
    : a.filters.join('\n') === (b as FilterSuggestion).filters.join('\n'));

/**
 * Suggestions trimmed to `limit`, grouped by type in the order the service ranked them (the type
 * of the first result leads): the order shown, which `item_order` counts. (`api/` already dropped
 * malformed records and unsafe links.)
 */
function arrange(results: Suggestion[], limit: number | null | undefined): Suggestion[] {
  const shown = limit && limit > 0 ? results.slice(0, limit) : results;
  const first = shown[0]?.suggestion_type ?? 'navigational';
  return [...shown.filter((s) => s.suggestion_type === first), ...shown.filter((s) => s.suggestion_type !== first)];
}

/**
 * The headless autocomplete of `<trove-search-box>`: signals and a keyboard model, no DOM.
 * Typing is debounced (100 ms by default, less once the reader's rhythm shows they have stopped:
 * `createKeyRhythm`); the newest query wins (a new key aborts the request
 * in flight through `createLatest`, so late answers are dropped); an answer for the same text
 * keeps the active option active when it is still listed; failure is `status: 'error'` plus
 * `onError`, never a throw. Choosing sends autocomplete feedback with the option's 1-based
 * position in the list as shown, then hands navigation or the search on. A search goes into the
 * page search (results on this page) or to the results page; the box shows the page search when
 * it changes elsewhere (facets chosen in the results, Back and Forward).
 */
export function createAutocompleteController(options: AutocompleteControllerOptions): AutocompleteController {
  const { client, search: page, recent: store, ...initial } = options;
  const settings = createSettings<AutocompleteSettings>(initial);
  /** The settings now (read when used: a change asks for nothing by itself). */
  const current = () => settings.value.peek();
  const query = signal('');
  const filters = signal<string[]>([]);
  const status = signal<AutocompleteState['status']>('idle');
  const error = signal<Error | null>(null);
  const suggestions = signal<Suggestion[]>([]);
  const answeredQuery = signal('');
  const recent = signal<string[]>([]);
  const isOpen = signal(false);
  const activeIndex = signal(-1);
  const latest = createLatest();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const rhythm = createKeyRhythm();

  const scope = () => current().filter ?? [];
  const minChars = () => Math.max(1, current().minChars ?? defaults.minChars);
  const askable = (q: string) => q.trim().length >= minChars();

  const optionList = computed<AutocompleteOption[]>(() => {
    if (!query.value.trim()) {
      const list: AutocompleteOption[] = recent.value.map((q, index) => ({ kind: 'recent', index, q }));
      if (list.length) list.push({ kind: 'clear-recent', index: list.length });
      return list;
    }
    return suggestions.value.map((suggestion, index) =>
      suggestion.suggestion_type === 'navigational'
        ? { kind: 'navigational', index, position: index + 1, suggestion }
        : { kind: 'filter', index, position: index + 1, suggestion },
    );
  });

  const groups = computed(() => {
    const out: AutocompleteGroup[] = [];
    for (const option of optionList.value) {
      const kind = option.kind === 'clear-recent' ? 'recent' : option.kind;
      const last = out[out.length - 1];
      if (last?.kind === kind) last.options.push(option);
      else out.push({ kind, options: [option] });
    }
    return out;
  });

  const expanded = computed(() => isOpen.value && optionList.value.length > 0);
  const notice = computed(() => {
    if (!isOpen.value || !askable(query.value) || optionList.value.length) return null;
    if (status.value === 'error') return 'error';
    return status.value === 'empty' && answeredQuery.value === query.value.trim() ? 'empty' : null;
  });

  const state = computed<AutocompleteState>(() => ({
    status: status.value,
    error: error.value,
    query: query.value,
    filters: filters.value,
    suggestions: suggestions.value,
    answeredQuery: answeredQuery.value,
    recent: recent.value,
    isOpen: isOpen.value,
    activeIndex: activeIndex.value,
    options: optionList.value,
    groups: groups.value,
    expanded: expanded.value,
    notice: notice.value,
  }));

  function stop(): void {
    clearTimeout(timer);
    latest.cancel();
  }

  /** Drop the suggestions: they no longer answer the text or the filters. */
  function forgetSuggestions(): void {
    suggestions.value = [];
    answeredQuery.value = '';
    status.value = 'idle';
    error.value = null;
  }

  async function ask(): Promise<void> {
    const q = query.peek().trim();
    const { handler, limit, sort } = current();
    const filter = sentFilters({ scope: scope(), filters: filters.peek() });
    const answer = await latest.run((signal) =>
      client.autocomplete({ q, filter, limit: limit ?? undefined, sort: sort ?? undefined }, { handler, signal }),
    );
    if (answer.stale) return;
    if ('error' in answer) {
      if (isAbort(answer.error)) {
        status.value = 'idle';
        return;
      }
      const failure = toError(answer.error);
      batch(() => {
        status.value = 'error';
        error.value = failure;
        // Older suggestions would pass for answers to this query.
        suggestions.value = [];
        answeredQuery.value = '';
        activeIndex.value = -1;
      });
      options.onError?.(failure);
      return;
    }
    const next = arrange(answer.value.results, limit);
    // The option the reader moved to stays active when the new answer still lists it.
    const active = optionList.peek()[activeIndex.peek()];
    const kept = active && 'suggestion' in active ? next.findIndex((s) => sameSuggestion(s, active.suggestion)) : -1;
    batch(() => {
      suggestions.value = next;
      answeredQuery.value = q;
      activeIndex.value = kept;
      status.value = next.length ? 'ready' : 'empty';
      error.value = null;
    });
  }

  /** The wait after the last key: the `debounceMs` setting, else the default. */
  const debounce = () => current().debounceMs ?? defaults.debounceMs;

  /** Ask for the current text after `wait` (the debounce), or clear when it is too short. */
  function schedule(wait = debounce()): void {
    stop();
    if (!askable(query.peek())) {
      batch(forgetSuggestions);
      return;
    }
    status.value = 'loading';
    timer = setTimeout(ask, wait);
  }

  function search(): void {
    stop();
    const chosen = { q: query.peek().trim(), filters: [...filters.peek()] };
    batch(() => {
      query.value = chosen.q;
      isOpen.value = false;
      activeIndex.value = -1;
      // The search changed the context (text, filters): the old suggestions no longer apply.
      forgetSuggestions();
      if (chosen.q && store) recent.value = store.add(chosen.q);
    });
    const wanted: StartedSearch = { ...chosen, scope: scope() };
    const sent = sentFilters(wanted);
    if (options.onSearch?.({ q: wanted.q, filters: sent }) === false) return;
    if (!wanted.q && !sent.length && page.resultsMounted.peek() === 0) return;
    routeSearch(wanted, {
      search: page,
      resultsUrl: current().resultsUrl,
      base: options.pageUrl?.() ?? globalThis.location?.href ?? 'http://localhost/',
      navigate: (url) => options.onNavigate?.(url),
    });
  }

  function select(suggestion: Suggestion, position: number, how: SelectHow = {}): boolean {
    const q = answeredQuery.peek() || query.peek().trim();
    if (current().analytics !== false)
      void client.feedback.autocomplete(
        {
          query: q,
          item_id: suggestion.suggestion_type === 'navigational' ? suggestion.id : undefined,
          item_order: position,
          url: suggestion.url,
        },
        { handler: current().handler },
      );
    if (how.newTab) return true;
    const proceed = options.onSelect?.({ suggestion, position, query: q }) !== false;
    batch(() => {
      isOpen.value = false;
      activeIndex.value = -1;
    });
    if (!proceed) return false;
    if (suggestion.suggestion_type === 'navigational') {
      if (store && q) recent.value = store.add(q);
      if (!how.viaLink) options.onNavigate?.(options.linkOf?.(suggestion, q) ?? suggestion.url);
      return true;
    }
    const values = suggestion.filters.map((f) => parseFilter(f)?.value ?? f);
    batch(() => {
      filters.value = [...filters.peek(), ...suggestion.filters.filter((f) => !filters.peek().includes(f) && !scope().includes(f))];
      query.value = queryWithoutFilterWords(query.peek(), values);
    });
    search();
    return true;
  }

  function choose(index: number, how: SelectHow = {}): boolean {
    const option = optionList.peek()[index];
    if (!option) return false;
    if (option.kind === 'recent') {
      query.value = option.q;
      search();
      return true;
    }
    if (option.kind === 'clear-recent') {
      clearRecent();
      return true;
    }
    return select(option.suggestion, option.position, how);
  }

  function move(delta: 1 | -1): void {
    if (!isOpen.peek()) {
      open();
      if (!optionList.peek().length) return;
    }
    const count = optionList.peek().length;
    if (!count) return;
    // Wrap through -1 (back to the text): last → none → first.
    const next = activeIndex.peek() + delta;
    activeIndex.value = next >= count ? -1 : next < -1 ? count - 1 : next;
  }

  function open(): void {
    batch(() => {
      if (store) recent.value = store.list();
      isOpen.value = true;
    });
    const q = query.peek().trim();
    if (askable(q) && answeredQuery.peek() !== q && status.peek() !== 'loading') schedule();
  }

  function close(): void {
    batch(() => {
      isOpen.value = false;
      activeIndex.value = -1;
    });
  }

  function removeRecent(q: string): void {
    if (!store) return;
    batch(() => {
      recent.value = store.remove(q);
      const count = optionList.peek().length;
      if (activeIndex.peek() >= count) activeIndex.value = count - 1;
    });
  }

  function clearRecent(): void {
    batch(() => {
      recent.value = store ? store.clear() : [];
      activeIndex.value = -1;
    });
  }

  function removeFilter(filter: string): void {
    filters.value = filters.peek().filter((f) => f !== filter);
    search();
  }

  function removeLastFilter(): boolean {
    const list = filters.peek();
    if (!list.length) return false;
    removeFilter(list[list.length - 1]);
    return true;
  }

  /** Show a search made elsewhere (the results' facets, the address) without asking for suggestions. */
  function show(q: string, chips: string[]): void {
    if (q === query.peek() && sameValue(chips, filters.peek())) return;
    stop();
    batch(() => {
      query.value = q;
      filters.value = chips;
      forgetSuggestions();
      activeIndex.value = -1;
      isOpen.value = false;
    });
  }

  // The page search flows into the box (one way) when its text or the reader's filters change (the
  // scope is a field of its own; a new page or sort leaves the box alone). An empty page search (a
  // page without results, before anyone searched) leaves the box as it is.
  let followed: SearchRequest | undefined;
  const stopFollowing = effect(() => {
    const { q, filters: chosen } = page.state.value;
    if (followed ? sameValue(followed, { q, filters: chosen }) : !q && !chosen.length) return;
    followed = { q, filters: chosen };
    untracked(() => show(q, chosen));
  });

  return {
    state,
    update: (next) => void settings.set(next),
    select,
    retry: () => {
      if (askable(query.peek())) schedule();
    },
    dispose() {
      stop();
      stopFollowing();
    },
    input(q) {
      batch(() => {
        query.value = q;
        isOpen.value = true;
        activeIndex.value = -1;
        if (!q.trim() && store) recent.value = store.list();
      });
      schedule(rhythm.key(debounce()));
    },
    setText: (q) => show(q, filters.peek()),
    open,
    close,
    move,
    activate(index) {
      activeIndex.value = index >= 0 && index < optionList.peek().length ? index : -1;
    },
    keydown(event) {
      // Keys that finish or steer an IME composition belong to the IME, never to the list.
      if (event.isComposing || event.keyCode === 229) return false;
      const active = activeIndex.peek();
      switch (event.key) {
        case 'ArrowDown':
        case 'ArrowUp':
          if (event.altKey) {
            if (event.key === 'ArrowDown') open();
            else close();
          } else move(event.key === 'ArrowDown' ? 1 : -1);
          return true;
        case 'Enter':
          if (active >= 0 && isOpen.peek()) choose(active);
          else if (query.peek().trim() || filters.peek().length || scope().length) search();
          return true;
        case 'Escape':
          if (isOpen.peek() && (optionList.peek().length || notice.peek())) close();
          else if (query.peek()) {
            stop();
            batch(() => {
              query.value = '';
              forgetSuggestions();
              isOpen.value = false;
            });
          } else return false;
          return true;
        case 'Backspace':
          return query.peek() === '' && removeLastFilter();
        case 'Delete': {
          const option = optionList.peek()[active];
          if (!isOpen.peek() || option?.kind !== 'recent') return false;
          removeRecent(option.q);
          return true;
        }
        case 'Tab':
          close();
          return false;
        case 'Home':
        case 'End':
        case 'ArrowLeft':
        case 'ArrowRight':
          // These stay with the text; the caret moves, so nothing in the list is active any more.
          activeIndex.value = -1;
          return false;
        default:
          return false;
      }
    },
    choose,
    submit: search,
    removeFilter,
    removeLastFilter,
    removeRecent,
    clearRecent,
  };
}
