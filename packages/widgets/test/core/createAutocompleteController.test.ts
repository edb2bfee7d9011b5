import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createClient } from 'trove-search-client';
import type { ApiVersion } from 'trove-search-client';
import { createAutocompleteController, type AutocompleteControllerOptions } from '../../src/core/createAutocompleteController.ts';
import { createPageSearch } from '../../src/core/createPageSearch.ts';
import { recentSearches } from '../../src/core/recentSearches.ts';
import { chip, fakeFetch, nav } from './autocompleteFakeFetch.ts';
import { memoryStorage } from '../../../../test/memoryStorage.ts';

type SetupOptions = { apiVersion?: ApiVersion; ignoreAbort?: boolean; autoRespond?: (url: URL) => unknown[] | undefined };

function setup(opts: SetupOptions & Partial<AutocompleteControllerOptions> = {}) {
  const net = fakeFetch({ autoRespond: opts.autoRespond, ignoreAbort: opts.ignoreAbort });
  const client = createClient({
    baseUrl: 'https://search.test',
    project: 'demo',
    collection: 'blog',
    token: 'tok',
    apiVersion: opts.apiVersion ?? 'v2',
    sessionId: 'sess-1',
    fetch: net.fetch,
    cache: false,
  });
  const hooks = {
    onSelect: vi.fn(opts.onSelect ?? (() => true)),
    onNavigate: vi.fn(),
    onSearch: vi.fn(),
    onError: vi.fn(),
  };
  const storage = memoryStorage();
  const search = createPageSearch();
  const controller = createAutocompleteController({
    client,
    search,
    pageUrl: () => 'https://blog.test/posts/1',
    recent: recentSearches('trove:recent', () => storage),
    ...opts,
    ...hooks,
  });
  return { net, controller, hooks, storage, search };
}

/** Let the debounce pass and the fake network answer. */
async function settle(ms = 100) {
  await vi.advanceTimersByTimeAsync(ms);
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('createAutocompleteController: requests', () => {
  it('waits for the debounce after the last key and sends one request for quick typing', async () => {
    const { net, controller } = setup();
    for (const q of ['r', 'ru', 'rus', 'rust']) {
      controller.input(q);
      await settle(40);
    }
    expect(net.reads()).toHaveLength(0);
    expect(controller.state.value.status).toBe('loading');
    await settle(60);
    expect(net.reads()).toHaveLength(1);
    expect(net.reads()[0].url.searchParams.get('q')).toBe('rust');
  });

  it('asks sooner once the rhythm of the keys shows the reader has stopped, still once for the whole burst', async () => {
    const { net, controller } = setup();
    for (const q of ['r', 'ra', 'rai', 'rais', 'raise']) {
      controller.input(q);
      await settle(40);
    }
    // Keys every 40 ms: asked 60 ms after the last one, not 100.
    expect(net.reads()).toHaveLength(0);
    await settle(20);
    expect(net.reads()).toHaveLength(1);
    expect(net.reads()[0].url.searchParams.get('q')).toBe('raise');
  });

  it('asks at once for a text typed before a pause (what the box takes over from the early field)', async () => {
    const { net, controller } = setup();
    controller.input('rust', true);
    await settle(0);
    expect(net.reads()).toHaveLength(1);
    expect(net.reads()[0].url.searchParams.get('q')).toBe('rust');
  });

  it('uses a configurable debounce', async () => {
    const { net, controller } = setup();
    controller.update({ debounceMs: 300 });
    controller.input('rust');
    await settle(299);
    expect(net.reads()).toHaveLength(0);
    await settle(1);
    expect(net.reads()).toHaveLength(1);
  });

  it('sends q, the static and active filters, limit, sort, token and session_id in v2 to the handler path', async () => {
    const { net, controller, search } = setup();
    controller.update({ handler: 'titles', limit: 6, sort: 'date desc', filter: ['category:"News"'] });
    search.set({ q: '', filters: ['tags:"rust"'] });
    controller.input('async');
    await settle();
    const url = net.reads()[0].url;
    expect(url.pathname).toBe('/api/v2/projects/demo/collections/blog/autocomplete/titles');
    expect(url.searchParams.get('q')).toBe('async');
    expect(url.searchParams.getAll('filter')).toEqual(['category:"News"', 'tags:"rust"']);
    expect(url.searchParams.get('limit')).toBe('6');
    expect(url.searchParams.get('sort')).toBe('date desc');
    expect(url.searchParams.get('token')).toBe('tok');
    expect(url.searchParams.get('session_id')).toBe('sess-1');
  });

  it('sends only q in v1 and trims the list to limit on the client', async () => {
    const { net, controller } = setup({ apiVersion: 'v1' });
    controller.update({ limit: 2, filter: ['category:"News"'], sort: 'date desc' });
    controller.input('rust');
    await settle();
    const url = net.reads()[0].url;
    expect(url.pathname).toBe('/api/v1/demo/collections/blog/autocomplete/');
    expect([...url.searchParams.keys()].sort()).toEqual(['q', 'session_id', 'token']);
    net.reads()[0].respond([nav('1'), nav('2'), nav('3'), chip('tags', 'rust')]);
    await settle(0);
    expect(controller.state.value.suggestions.map((s) => s.phrase)).toEqual(['Post 1', 'Post 2']);
  });

  it('does not ask below min-chars and asks again from there', async () => {
    const { net, controller } = setup();
    controller.update({ minChars: 3 });
    controller.input('ru');
    await settle();
    expect(net.reads()).toHaveLength(0);
    expect(controller.state.value.status).toBe('idle');
    controller.input('rus');
    await settle();
    expect(net.reads()).toHaveLength(1);
  });

  it('aborts the request in flight when a newer query is typed', async () => {
    const { net, controller } = setup();
    controller.input('ru');
    await settle();
    controller.input('rust');
    expect(net.reads()[0].aborted).toBe(true);
    await settle();
    net.reads()[1].respond([nav('2', 'Rust ownership')]);
    await settle(0);
    expect(controller.state.value.suggestions.map((s) => s.phrase)).toEqual(['Rust ownership']);
    expect(controller.state.value.answeredQuery).toBe('rust');
  });

  it('drops an answer that arrives after a newer one (out of order), even from a fetch that ignores the abort', async () => {
    const { net, controller } = setup({ ignoreAbort: true });
    controller.input('ru');
    await settle();
    const first = net.reads()[0];
    controller.input('rust');
    await settle();
    net.reads()[1].respond([nav('2', 'Rust ownership')]);
    await settle(0);
    first.respond([nav('1', 'Ruby gems')]); // too late: stale
    await settle(0);
    expect(controller.state.value.suggestions.map((s) => s.phrase)).toEqual(['Rust ownership']);
    expect(controller.state.value.status).toBe('ready');
  });

  it('groups suggestions by type in the order the service ranked them, numbers them as shown, and skips malformed records', async () => {
    const { net, controller } = setup();
    controller.input('ru');
    await settle();
    net.reads()[0].respond([nav('1'), chip('tags', 'rust'), { phrase: 5 }, null, { suggestion_type: 'other', phrase: 'x' }, nav('2')]);
    await settle(0);
    expect(controller.state.value.options.map((o) => [o.kind, 'position' in o ? o.position : 0])).toEqual([
      ['navigational', 1],
      ['navigational', 2],
      ['filter', 3],
    ]);
    expect(controller.state.value.groups.map((g) => [g.kind, g.options.length])).toEqual([
      ['navigational', 2],
      ['filter', 1],
    ]);
    controller.input('rus');
    await settle();
    net.reads()[1].respond([chip('tags', 'rust'), nav('1'), chip('tags', 'rusty')]);
    await settle(0);
    expect(controller.state.value.groups.map((g) => [g.kind, g.options.length])).toEqual([
      ['filter', 2],
      ['navigational', 1],
    ]);
    expect(controller.state.value.options.map((o) => ('position' in o ? o.position : 0))).toEqual([1, 2, 3]);
  });

  it('reports a failure as status error and onError, without throwing, drops older suggestions, and recovers', async () => {
    const { net, controller, hooks } = setup({ autoRespond: (url) => (url.searchParams.get('q') === 'ru' ? [nav('1')] : undefined) });
    controller.input('ru');
    await settle();
    expect(controller.state.value.suggestions).toHaveLength(1);
    controller.input('rust');
    await settle();
    net.reads()[1].respond({ status: 500 });
    await settle(0);
    expect(controller.state.value.suggestions).toEqual([]);
    expect(controller.state.value.status).toBe('error');
    expect(controller.state.value.error?.name).toBe('ApiError');
    expect(controller.state.value.notice).toBe('error');
    expect(hooks.onError).toHaveBeenCalledTimes(1);
    controller.input('rusty');
    await settle();
    net.reads()[2].respond([nav('1')]);
    await settle(0);
    expect(controller.state.value.status).toBe('ready');
    expect(controller.state.value.error).toBeNull();
  });

  it('says "empty" when the service has no suggestion for the query', async () => {
    const { net, controller } = setup();
    controller.input('zzz');
    expect(controller.state.value.notice).toBeNull();
    await settle();
    net.reads()[0].respond([]);
    await settle(0);
    expect(controller.state.value.notice).toBe('empty');
    expect(controller.state.value.expanded).toBe(false);
  });
});

describe('createAutocompleteController: keyboard model', () => {
  async function withList() {
    const t = setup({ autoRespond: () => [nav('1'), nav('2'), chip('category', 'News')] });
    t.controller.input('po');
    await settle();
    return t;
  }

  it('opens with Down and moves through the options, wrapping through the text', async () => {
    const { controller } = await withList();
    controller.close();
    expect(controller.state.value.expanded).toBe(false);
    expect(controller.keydown({ key: 'ArrowDown' })).toBe(true);
    expect(controller.state.value.expanded).toBe(true);
    expect(controller.state.value.activeIndex).toBe(0);
    controller.keydown({ key: 'ArrowDown' });
    controller.keydown({ key: 'ArrowDown' });
    expect(controller.state.value.activeIndex).toBe(2);
    controller.keydown({ key: 'ArrowDown' });
    expect(controller.state.value.activeIndex).toBe(-1);
    controller.keydown({ key: 'ArrowUp' });
    expect(controller.state.value.activeIndex).toBe(2);
  });

  it('leaves Home, End, Left and Right to the text and makes nothing active', async () => {
    const { controller } = await withList();
    for (const key of ['Home', 'End', 'ArrowLeft', 'ArrowRight']) {
      controller.keydown({ key: 'ArrowDown' });
      expect(controller.keydown({ key })).toBe(false);
      expect(controller.state.value.activeIndex).toBe(-1);
    }
  });

  it('accepts the active option with Enter', async () => {
    const { controller, hooks } = await withList();
    controller.keydown({ key: 'ArrowDown' });
    controller.keydown({ key: 'ArrowDown' });
    expect(controller.keydown({ key: 'Enter' })).toBe(true);
    expect(hooks.onNavigate).toHaveBeenCalledWith('/posts/2/post-2');
    expect(controller.state.value.isOpen).toBe(false);
  });

  it('searches for the text with Enter when nothing is active', async () => {
    const { controller, hooks } = await withList();
    controller.keydown({ key: 'Enter' });
    expect(hooks.onSearch).toHaveBeenCalledWith({ q: 'po', filters: [] });
    expect(hooks.onSelect).not.toHaveBeenCalled();
  });

  it('does nothing on Enter with an empty box', () => {
    const { controller, hooks } = setup();
    controller.keydown({ key: 'Enter' });
    expect(hooks.onSearch).not.toHaveBeenCalled();
  });

  it('closes with Escape, then clears the text with a second Escape', async () => {
    const { controller } = await withList();
    expect(controller.keydown({ key: 'Escape' })).toBe(true);
    expect(controller.state.value.isOpen).toBe(false);
    expect(controller.state.value.query).toBe('po');
    expect(controller.keydown({ key: 'Escape' })).toBe(true);
    expect(controller.state.value.query).toBe('');
    expect(controller.keydown({ key: 'Escape' })).toBe(false);
  });

  it('never selects with keys that belong to an IME composition', async () => {
    const { controller, hooks } = await withList();
    controller.keydown({ key: 'ArrowDown' });
    expect(controller.keydown({ key: 'Enter', isComposing: true })).toBe(false);
    expect(controller.keydown({ key: 'Enter', keyCode: 229 })).toBe(false);
    expect(controller.keydown({ key: 'ArrowDown', keyCode: 229 })).toBe(false);
    expect(controller.keydown({ key: 'Escape', isComposing: true })).toBe(false);
    expect(hooks.onSelect).not.toHaveBeenCalled();
    expect(hooks.onNavigate).not.toHaveBeenCalled();
    expect(controller.state.value.activeIndex).toBe(0);
  });

  it('removes the last chip with Backspace in an empty input only', async () => {
    const { controller, hooks, search } = setup();
    search.set({ q: '', filters: ['tags:"a"', 'tags:"b"'] });
    expect(controller.keydown({ key: 'Backspace' })).toBe(true);
    expect(controller.state.value.filters).toEqual(['tags:"a"']);
    expect(hooks.onSearch).toHaveBeenLastCalledWith({ q: '', filters: ['tags:"a"'] });
    controller.input('x');
    expect(controller.keydown({ key: 'Backspace' })).toBe(false);
    expect(controller.state.value.filters).toEqual(['tags:"a"']);
  });
});

describe('createAutocompleteController: choosing and feedback', () => {
  async function withList(extra: Parameters<typeof setup>[0] = {}) {
    const t = setup({
      autoRespond: () => [nav('7', 'Rust ownership'), chip('category', 'Rust Lang', '/category/rust'), chip('tags', 'rust')],
      ...extra,
    });
    t.controller.input('async ru');
    await settle();
    return t;
  }

  it('sends autocomplete feedback with the 1-based position in the list as shown, item_id and url for a link', async () => {
    const { controller, net, hooks } = await withList();
    expect(controller.choose(0)).toBe(true);
    await settle(0);
    const [sent] = net.feedback();
    expect(sent.path).toBe('/api/v2/projects/demo/collections/blog/autocomplete/feedback/hits');
    expect(Object.fromEntries(sent.params)).toEqual({
      query: 'async ru',
      item_id: '7',
      item_order: '1',
      url: '/posts/7/post-7',
      session_id: 'sess-1',
    });
    expect(hooks.onSelect).toHaveBeenCalledWith({ suggestion: expect.objectContaining({ id: '7' }), position: 1, query: 'async ru' });
    expect(hooks.onNavigate).toHaveBeenCalledWith('/posts/7/post-7');
  });

  it('opens the link linkOf makes for the query, while the feedback keeps the suggestion url', async () => {
    const linkOf = vi.fn((suggestion: { url: string }, query: string) => `${suggestion.url}#:~:text=${query.split(' ')[1]}`);
    const { controller, net, hooks } = await withList({ linkOf });
    controller.choose(0);
    await settle(0);
    expect(linkOf).toHaveBeenCalledWith(expect.objectContaining({ id: '7' }), 'async ru');
    expect(hooks.onNavigate).toHaveBeenCalledWith('/posts/7/post-7#:~:text=ru');
    expect(Object.fromEntries(net.feedback()[0].params).url).toBe('/posts/7/post-7');
  });

  it('counts positions across both groups: the first filter chip after one link is item 2, with its url and no item_id', async () => {
    const { controller, net } = await withList();
    controller.choose(1);
    await settle(0);
    expect(Object.fromEntries(net.feedback()[0].params)).toEqual({
      query: 'async ru',
      item_order: '2',
      url: '/category/rust',
      session_id: 'sess-1',
    });
    controller.input('async ru');
    await settle();
    controller.choose(2);
    await settle(0);
    expect(Object.fromEntries(net.feedback()[1].params)).toEqual({ query: 'async ru', item_order: '3', session_id: 'sess-1' });
  });

  it('sends feedback to the custom handler path', async () => {
    const { controller, net } = await withList();
    controller.update({ handler: 'titles' });
    controller.choose(0);
    await settle(0);
    expect(net.feedback()[0].path).toBe('/api/v2/projects/demo/collections/blog/autocomplete/titles/feedback/hits');
  });

  it('makes a chosen filter suggestion an active chip, keeps the other words and runs the search', async () => {
    const { controller, hooks } = await withList();
    controller.choose(2);
    expect(controller.state.value.filters).toEqual(['tags:"rust"']);
    expect(controller.state.value.query).toBe('async');
    expect(hooks.onSearch).toHaveBeenCalledWith({ q: 'async', filters: ['tags:"rust"'] });
    expect(controller.state.value.isOpen).toBe(false);
  });

  it('forgets the old suggestions once a search ran (the text and filters changed)', async () => {
    const { controller } = await withList();
    controller.choose(2);
    controller.input('x');
    expect(controller.state.value.options).toEqual([]);
    expect(controller.state.value.expanded).toBe(false);
  });

  it('stops when trove-select is cancelled, but still sends feedback', async () => {
    const { controller, hooks, net } = await withList({ onSelect: () => false });
    expect(controller.choose(2)).toBe(false);
    expect(controller.choose(0)).toBe(false);
    await settle(0);
    expect(hooks.onSearch).not.toHaveBeenCalled();
    expect(hooks.onNavigate).not.toHaveBeenCalled();
    expect(controller.state.value.filters).toEqual([]);
    expect(net.feedback()).toHaveLength(2);
  });

  it('leaves navigation to the browser for a clicked link, and only sends feedback for a new-tab click', async () => {
    const { controller, hooks, net } = await withList();
    expect(controller.choose(0, { newTab: true })).toBe(true);
    expect(hooks.onSelect).not.toHaveBeenCalled();
    expect(controller.state.value.isOpen).toBe(true);
    expect(controller.choose(0, { viaLink: true })).toBe(true);
    expect(hooks.onSelect).toHaveBeenCalledTimes(1);
    expect(hooks.onNavigate).not.toHaveBeenCalled();
    await settle(0);
    expect(net.feedback()).toHaveLength(2);
  });

  it('sends no feedback with analytics off', async () => {
    const { controller, net, hooks } = await withList();
    controller.update({ analytics: false });
    controller.choose(0);
    await settle(0);
    expect(net.feedback()).toHaveLength(0);
    expect(hooks.onNavigate).toHaveBeenCalled();
  });

  it('sends no feedback in v1', async () => {
    const { controller, net, hooks } = await withList({ apiVersion: 'v1' });
    controller.choose(0);
    await settle(0);
    expect(net.requests.filter((r) => r.method === 'POST' || r.url.pathname.includes('feedback'))).toHaveLength(0);
    expect(hooks.onNavigate).toHaveBeenCalled();
  });
});

describe('createAutocompleteController: recent searches and outside state', () => {
  it('shows recent searches for an empty input, newest first, with a clear option', () => {
    const { controller } = setup();
    for (const q of ['one', 'two']) {
      controller.input(q);
      controller.submit();
    }
    controller.input('');
    expect(controller.state.value.options.map((o) => (o.kind === 'recent' ? o.q : o.kind))).toEqual(['two', 'one', 'clear-recent']);
    expect(controller.state.value.groups.map((g) => g.kind)).toEqual(['recent']);
  });

  it('runs a recent search when chosen, removes one with Delete and forgets all with the clear option', () => {
    const { controller, hooks } = setup();
    for (const q of ['one', 'two', 'three']) {
      controller.input(q);
      controller.submit();
    }
    controller.input('');
    controller.keydown({ key: 'ArrowDown' });
    expect(controller.keydown({ key: 'Delete' })).toBe(true);
    expect(controller.state.value.recent).toEqual(['two', 'one']);
    controller.choose(1);
    expect(hooks.onSearch).toHaveBeenLastCalledWith({ q: 'one', filters: [] });
    controller.input('');
    controller.choose(2);
    expect(controller.state.value.recent).toEqual([]);
    expect(controller.state.value.expanded).toBe(false);
  });

  it('shows a search made elsewhere without asking the service', async () => {
    const { controller, net, search } = setup();
    search.set({ q: 'rust', filters: ['category:"News"'] });
    await settle();
    expect(controller.state.value.query).toBe('rust');
    expect(controller.state.value.filters).toEqual(['category:"News"']);
    expect(net.reads()).toHaveLength(0);
    controller.open();
    await settle();
    expect(net.reads()).toHaveLength(1);
  });

  it('stops asking after dispose', async () => {
    const { controller, net } = setup();
    controller.input('rust');
    controller.dispose();
    await settle();
    expect(net.reads()).toHaveLength(0);
  });
});

describe('createAutocompleteController: the active option across answers', () => {
  it('keeps the same suggestion active when a new answer still lists it', async () => {
    const { net, controller } = setup();
    controller.input('rus');
    await settle();
    net.reads()[0].respond([nav('1'), nav('2'), nav('3')]);
    await settle(0);
    controller.move(1);
    controller.move(1);
    expect(controller.state.value.activeIndex).toBe(1);
    // The reader heard "Post 2"; an answer for the same text arrives with it in another place.
    controller.open();
    controller.input('rus');
    controller.move(1);
    controller.move(1);
    await settle();
    net.reads()[1].respond([nav('9'), nav('1'), nav('2')]);
    await settle(0);
    expect(controller.state.value.options[controller.state.value.activeIndex]).toMatchObject({ suggestion: { id: '2' } });
  });

  it('clears the active option when the new answer no longer lists it', async () => {
    const { net, controller } = setup();
    controller.input('rus');
    await settle();
    net.reads()[0].respond([nav('1'), nav('2')]);
    await settle(0);
    controller.input('rust');
    controller.move(1);
    await settle();
    net.reads()[1].respond([nav('7'), nav('8')]);
    await settle(0);
    expect(controller.state.value.activeIndex).toBe(-1);
  });
});

describe('createAutocompleteController: the filter attribute is a scope', () => {
  it('sends the scope with the suggestions and carries it into the search, without showing it as a chip', async () => {
    const { net, controller, hooks } = setup({ filter: ['category:"Recipes"'] });
    controller.input('bread');
    await settle();
    expect(net.reads()[0].url.searchParams.getAll('filter')).toEqual(['category:"Recipes"']);
    controller.keydown({ key: 'Enter' });
    expect(hooks.onSearch).toHaveBeenLastCalledWith({ q: 'bread', filters: ['category:"Recipes"'] });
    const url = new URL(hooks.onNavigate.mock.calls.at(-1)![0]);
    expect(url.pathname).toBe('/search');
    expect(url.searchParams.getAll('filter')).toEqual(['category:"Recipes"']);
    expect(controller.state.value.filters).toEqual([]);
  });

  it('puts the scope into the page search as a field of its own when results are on the page, and shows only the reader’s filters as chips', () => {
    const { controller, search, hooks } = setup({ filter: ['category:"Recipes"'] });
    search.connectResults();
    controller.input('bread');
    controller.submit();
    expect(search.state.value).toMatchObject({ q: 'bread', filters: [], scope: ['category:"Recipes"'] });
    expect(hooks.onNavigate).not.toHaveBeenCalled();
    search.set({ filters: ['category:"Recipes"', 'tags:"rye"'] });
    // The scope is never one of the reader's filters, so nothing has to take it out again.
    expect(search.state.value).toMatchObject({ filters: ['tags:"rye"'], scope: ['category:"Recipes"'] });
    expect(controller.state.value.filters).toEqual(['tags:"rye"']);
  });

  it('leaves the typed text alone when only the page or the sort of the page search changes', () => {
    const { controller, search } = setup();
    search.connectResults();
    controller.input('bread');
    controller.submit();
    controller.input('rye');
    search.set({ page: 3 });
    search.set({ sort: 'date desc' });
    expect(controller.state.value.query).toBe('rye');
    search.set({ q: 'oats' });
    expect(controller.state.value.query).toBe('oats');
  });

  it('searches the whole scope with Enter in an empty box', () => {
    const { controller, hooks } = setup({ filter: ['category:"Recipes"'] });
    controller.keydown({ key: 'Enter' });
    expect(hooks.onSearch).toHaveBeenLastCalledWith({ q: '', filters: ['category:"Recipes"'] });
  });
});
