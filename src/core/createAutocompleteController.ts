import { batch, computed, signal, type ReadonlySignal } from '@preact/signals';
import type { FilterSuggestion, NavigationalSuggestion, Suggestion, TroveClient } from '../api/types.ts';
import { parseFilter } from '../api/filter.ts';
import { createLatest } from './createLatest.ts';
import { queryWithoutFilterWords } from './queryWithoutFilterWords.ts';
import type { RecentSearches } from './recentSearches.ts';
import type { SearchState } from './searchLink.ts';

export type AutocompleteStatus = 'idle' | 'loading' | 'error';

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
  /** Most suggestions to show (sent as `limit` in v2; the list is trimmed in both versions). */
  limit?: number;
  /** Static filters narrowing the suggestions (v2). */
  filter?: string[];
  /** v2 `sort` of the suggestions. */
  sort?: string;
  /** Characters needed before asking; default 1. */
  minChars?: number;
  /** Send click feedback (v2 only); default true. */
  analytics?: boolean;
  /** Wait this long after the last key before asking; default 100 ms. */
  debounceMs?: number;
}

/** What the controller asks its host to do (the element turns these into events and navigation). */
export interface AutocompleteHooks {
  /** A suggestion was chosen; return `false` to stop what follows (a cancelled `trove-select`). */
  onSelect?(detail: { suggestion: Suggestion; position: number; query: string }): boolean | void;
  /** Go to a navigational suggestion's `url`. */
  onNavigate?(url: string, suggestion: NavigationalSuggestion): void;
  /** Run a search (the box already shows this state). */
  onSearch?(state: SearchState): void;
  /** A request failed (status is `error`; nothing throws). */
  onError?(error: Error): void;
}

export interface AutocompleteControllerOptions extends AutocompleteSettings, AutocompleteHooks {
  client: TroveClient;
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

export interface AutocompleteController {
  /** The text in the input. */
  readonly query: ReadonlySignal<string>;
  /** Active filters (chips), each `field:"value"`. */
  readonly filters: ReadonlySignal<string[]>;
  readonly status: ReadonlySignal<AutocompleteStatus>;
  readonly error: ReadonlySignal<Error | null>;
  /** Suggestions shown, in display order (grouped by type, the service's first type leading), at most `limit`. */
  readonly suggestions: ReadonlySignal<Suggestion[]>;
  /** The query the suggestions answer. */
  readonly answeredQuery: ReadonlySignal<string>;
  readonly recent: ReadonlySignal<string[]>;
  /** The user wants the popup (focus, typing, Down); see `expanded` for whether the listbox shows. */
  readonly isOpen: ReadonlySignal<boolean>;
  /** Index into `options` of the active option, -1 for none. */
  readonly activeIndex: ReadonlySignal<number>;
  readonly options: ReadonlySignal<AutocompleteOption[]>;
  readonly groups: ReadonlySignal<AutocompleteGroup[]>;
  /** Open and with options: what `aria-expanded` says. */
  readonly expanded: ReadonlySignal<boolean>;
  /** A message the open popup shows instead of options. */
  readonly notice: ReadonlySignal<'empty' | 'error' | null>;
  configure(settings: AutocompleteSettings): void;
  /** The user typed: update the text, open, ask (debounced). */
  input(q: string): void;
  /** Show a search made elsewhere (results page facets, URL) without asking for suggestions. */
  setState(state: SearchState): void;
  open(): void;
  close(): void;
  /** Move the active option by `delta`, wrapping through "none" (the text). Opens a closed list. */
  move(delta: 1 | -1): void;
  activate(index: number): void;
  /** The keyboard model; returns `true` when the key was used (the view then prevents its default). */
  keydown(key: AutocompleteKey): boolean;
  /**
   * Choose the option at `index`. `viaLink`: a navigational link was clicked and the browser
   * navigates itself; `newTab`: it opens in another tab (feedback only). Returns `false` when the
   * default action must not happen (cancelled, or nothing to do).
   */
  choose(index: number, how?: { viaLink?: boolean; newTab?: boolean }): boolean;
  /** Search for the text and the active filters. */
  submit(): void;
  removeFilter(filter: string): void;
  /** Backspace in an empty input: remove the last chip. */
  removeLastFilter(): boolean;
  removeRecent(q: string): void;
  clearRecent(): void;
  dispose(): void;
}

const isAbort = (error: unknown) => (error as { name?: string } | null)?.name === 'AbortError';
const toError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

/**
 * Well-formed suggestions only, trimmed to `limit`, grouped by type in the order the service
 * ranked them (the type of the first result leads): the order shown, which `item_order` counts.
 */
function arrange(results: unknown, limit: number | undefined): Suggestion[] {
  const valid = (Array.isArray(results) ? results : []).filter(
    (s): s is Suggestion =>
      !!s &&
      typeof s.phrase === 'string' &&
      ((s.suggestion_type === 'navigational' && typeof s.url === 'string') ||
        (s.suggestion_type === 'filter' && Array.isArray(s.filters) && s.filters.every((f: unknown) => typeof f === 'string'))),
  );
  const shown = limit && limit > 0 ? valid.slice(0, limit) : valid;
  const first = shown[0]?.suggestion_type ?? 'navigational';
  return [...shown.filter((s) => s.suggestion_type === first), ...shown.filter((s) => s.suggestion_type !== first)];
}

/**
 * The headless autocomplete of `<trove-search-box>`: signals and a keyboard model, no DOM.
 * Typing is debounced (100 ms by default); the newest query wins (a new key aborts the request
 * in flight through `createLatest`, so late answers are dropped); failure is `status: 'error'`
 * plus `onError`, never a throw. Choosing sends v2 autocomplete feedback with the option's
 * 1-based position in the list as shown, then hands navigation or the search to the hooks.
 */
export function createAutocompleteController(options: AutocompleteControllerOptions): AutocompleteController {
  const { client, recent: store } = options;
  let settings: AutocompleteSettings = {};
  const query = signal('');
  const filters = signal<string[]>([]);
  const status = signal<AutocompleteStatus>('idle');
  const error = signal<Error | null>(null);
  const suggestions = signal<Suggestion[]>([]);
  const answeredQuery = signal('');
  const recent = signal<string[]>([]);
  const isOpen = signal(false);
  const activeIndex = signal(-1);
  const latest = createLatest();
  let timer: ReturnType<typeof setTimeout> | undefined;

  const minChars = () => Math.max(1, settings.minChars ?? 1);
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
    return status.value === 'idle' && answeredQuery.value === query.value.trim() ? 'empty' : null;
  });

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
    const { handler, limit, sort } = settings;
    const filter = [...(settings.filter ?? []), ...filters.peek()];
    const answer = await latest.run((signal) =>
      client.autocomplete(
        { q, ...(filter.length ? { filter } : {}), ...(limit ? { limit } : {}), ...(sort ? { sort } : {}) },
        { handler, signal },
      ),
    );
    if (answer.stale) return;
    batch(() => {
      if ('error' in answer) {
        if (isAbort(answer.error)) {
          status.value = 'idle';
          return;
        }
        status.value = 'error';
        error.value = toError(answer.error);
        // Older suggestions would pass for answers to this query.
        suggestions.value = [];
        answeredQuery.value = '';
        activeIndex.value = -1;
      } else {
        suggestions.value = arrange(answer.value?.results, limit);
        answeredQuery.value = q;
        activeIndex.value = -1;
        status.value = 'idle';
        error.value = null;
      }
    });
    if ('error' in answer && !isAbort(answer.error)) options.onError?.(error.peek()!);
  }

  /** Ask for the current text after the debounce, or clear when it is too short. */
  function schedule(): void {
    stop();
    if (!askable(query.peek())) {
      batch(forgetSuggestions);
      return;
    }
    status.value = 'loading';
    timer = setTimeout(ask, settings.debounceMs ?? 100);
  }

  function feedback(suggestion: Suggestion, position: number): void {
    if (settings.analytics === false || client.options.apiVersion === 'v1') return;
    void client.feedback.autocomplete(
      {
        query: answeredQuery.peek() || query.peek().trim(),
        ...(suggestion.suggestion_type === 'navigational' ? { item_id: suggestion.id } : {}),
        item_order: position,
        ...(suggestion.url ? { url: suggestion.url } : {}),
      },
      { handler: settings.handler },
    );
  }

  function search(): void {
    stop();
    const state = { q: query.peek().trim(), filters: [...filters.peek()] };
    batch(() => {
      query.value = state.q;
      isOpen.value = false;
      activeIndex.value = -1;
      // The search changed the context (text, filters): the old suggestions no longer apply.
      forgetSuggestions();
      if (state.q && store) recent.value = store.add(state.q);
    });
    options.onSearch?.(state);
  }

  function choose(index: number, how: { viaLink?: boolean; newTab?: boolean } = {}): boolean {
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
    const { suggestion, position } = option;
    feedback(suggestion, position);
    if (how.newTab) return true;
    const detail = { suggestion, position, query: answeredQuery.peek() || query.peek().trim() };
    const proceed = options.onSelect?.(detail) !== false;
    isOpen.value = false;
    activeIndex.value = -1;
    if (!proceed) return false;
    if (suggestion.suggestion_type === 'navigational') {
      if (store && detail.query) recent.value = store.add(detail.query);
      if (!how.viaLink) options.onNavigate?.(suggestion.url, suggestion);
      return true;
    }
    const values = suggestion.filters.map((f) => parseFilter(f)?.value ?? f);
    batch(() => {
      filters.value = [...filters.peek(), ...suggestion.filters.filter((f) => !filters.peek().includes(f))];
      query.value = queryWithoutFilterWords(query.peek(), values);
    });
    search();
    return true;
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

  return {
    query,
    filters,
    status,
    error,
    suggestions,
    answeredQuery,
    recent,
    isOpen,
    activeIndex,
    options: optionList,
    groups,
    expanded,
    notice,
    configure(next) {
      settings = { ...next };
    },
    input(q) {
      batch(() => {
        query.value = q;
        isOpen.value = true;
        activeIndex.value = -1;
        if (!q.trim() && store) recent.value = store.list();
      });
      schedule();
    },
    setState(state) {
      if (state.q === query.peek() && state.filters.join('\n') === filters.peek().join('\n')) return;
      stop();
      batch(() => {
        query.value = state.q;
        filters.value = [...state.filters];
        forgetSuggestions();
        activeIndex.value = -1;
        isOpen.value = false;
      });
    },
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
          else if (query.peek().trim() || filters.peek().length) search();
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
    dispose: stop,
  };
}
