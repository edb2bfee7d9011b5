import { batch, computed, effect, signal, untracked } from '@preact/signals';
import { parseFilter } from 'trove-search-client';
import type { Suggestion } from 'trove-search-client';
import { isAbort, type SelectHow, toError } from './Controller.ts';
import { createLatest } from './createLatest.ts';
import { createSettings } from './createSettings.ts';
import * as defaults from './defaults.ts';
import { sameValue } from './sameValue.ts';
import { type SearchRequest, type StartedSearch, sentFilters } from './searchQuery.ts';
import { arrangeSuggestions, keptIndex } from './autocomplete/arrangeSuggestions.ts';
import type {
  AutocompleteController,
  AutocompleteControllerOptions,
  AutocompleteSettings,
  AutocompleteState,
} from './autocomplete/AutocompleteController.ts';
import { autocompleteKeydown, nextActiveIndex } from './autocomplete/autocompleteKeydown.ts';
import { createKeyRhythm } from './autocomplete/createKeyRhythm.ts';
import { groupOptions, listOptions } from './autocomplete/listOptions.ts';
import { queryWithoutFilterWords } from './autocomplete/queryWithoutFilterWords.ts';
import { routeSearch } from './autocomplete/routeSearch.ts';

export type {
  AutocompleteController,
  AutocompleteControllerOptions,
  AutocompleteGroup,
  AutocompleteHooks,
  AutocompleteKey,
  AutocompleteOption,
  AutocompleteSettings,
  AutocompleteState,
  SuggestionSelectDetail,
} from './autocomplete/AutocompleteController.ts';

/**
 * The headless autocomplete of `<trove-search-box>`: signals and a keyboard model, no DOM. The
 * state changes that are pure live in autocomplete/ and are tested as such: what a key does
 * (autocompleteKeydown.ts, in the manner of Algolia autocomplete's state reducer), the list and its
 * groups (listOptions.ts), the order of the suggestions (arrangeSuggestions.ts); this closure
 * holds the signals, the requests and the routing, and carries out what those decide.
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

  const optionList = computed(() => listOptions(query.value, recent.value, suggestions.value));
  const groups = computed(() => groupOptions(optionList.value));

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
        // Older suggestions would pass for answers to this query.
        forgetSuggestions();
        status.value = 'error';
        error.value = failure;
        activeIndex.value = -1;
      });
      options.onError?.(failure);
      return;
    }
    const next = arrangeSuggestions(answer.value.results, limit);
    // The option the reader moved to stays active when the new answer still lists it.
    const active = optionList.peek()[activeIndex.peek()];
    const kept = keptIndex(next, active && 'suggestion' in active ? active.suggestion : undefined);
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
    // At once (a pause in typing): in this task, so the request leaves before the page next draws.
    if (wait) timer = setTimeout(ask, wait);
    else void ask();
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
      queryParam: current().queryParam,
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
    if (!isOpen.peek()) open();
    const count = optionList.peek().length;
    if (count) activeIndex.value = nextActiveIndex(activeIndex.peek(), delta, count);
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
      close();
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

  const controller: AutocompleteController = {
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
    input(q, paused) {
      batch(() => {
        query.value = q;
        isOpen.value = true;
        activeIndex.value = -1;
        if (!q.trim() && store) recent.value = store.list();
      });
      schedule(paused ? 0 : rhythm.key(debounce()));
    },
    setText: (q) => show(q, filters.peek()),
    open,
    close,
    move,
    activate(index) {
      activeIndex.value = index >= 0 && index < optionList.peek().length ? index : -1;
    },
    keydown(event) {
      // What a key does is decided by autocompleteKeydown.ts; this calls the method it names.
      const [used, method, argument] = autocompleteKeydown(event, state.peek(), scope().length > 0);
      if (method) (controller[method] as (argument: unknown) => void)(argument);
      return used;
    },
    choose,
    submit: search,
    removeFilter,
    removeLastFilter,
    removeRecent,
    clearRecent,
  };
  return controller;
}
