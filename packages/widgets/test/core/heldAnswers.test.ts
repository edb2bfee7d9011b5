import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClient } from 'trove-search-client';
import type { ClientOptions } from 'trove-search-client';
import { createPageSearch } from '../../src/core/createPageSearch.ts';
import { createRelatedController } from '../../src/core/createRelatedController.ts';
import { createSearchController } from '../../src/core/createSearchController.ts';
import { memoryStorage } from '../../../../test/memoryStorage.ts';
import { envelope, fakeNetwork, post } from './relatedFakeNetwork.ts';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const disposers: (() => void)[] = [];
afterEach(() => {
  for (const dispose of disposers.splice(0)) dispose();
  vi.useRealTimers();
});

/** A page load: a new client (empty memory) on the session's storage, with the network faked at `fetch`. */
function pageLoad(storage: Storage, answer: (path: string) => Response | Promise<Response>, extra: Partial<ClientOptions> = {}) {
  const net = fakeNetwork((seen) => answer(seen.path));
  const client = createClient({
    baseUrl: 'https://search.example',
    project: 'demo',
    collection: 'blog',
    token: 'tok',
    sessionId: 's1',
    fetch: net.fetch,
    cache: { session: { storage: () => storage } },
    ...extra,
  });
  return { client, seen: net.seen };
}

function searchOn(client: ReturnType<typeof pageLoad>['client'], q: string, page = 1) {
  const search = createPageSearch();
  search.set({ q, page });
  const results: unknown[] = [];
  const controller = createSearchController({ client, search, onResults: (r) => results.push(r) });
  disposers.push(() => controller.dispose());
  return { controller, results, search };
}

describe('search controller and the client’s held answers', () => {
  it('starts ready with the session copy and asks nothing while it is fresh', async () => {
    const storage = memoryStorage();
    const first = pageLoad(storage, () => envelope([post(11), post(12)]));
    const before = searchOn(first.client, 'bread', 2);
    await flush();
    expect(before.controller.state.value.status).toBe('ready');
    before.controller.dispose();

    const again = pageLoad(storage, () => envelope([post(99)]));
    const after = searchOn(again.client, 'bread', 2);
    // Synchronously, in the state the first render reads: no loading state.
    expect(after.controller.state.value.status).toBe('ready');
    expect(after.controller.state.value.response?.results.map((r) => r.id)).toEqual(['11', '12']);
    expect(after.results).toHaveLength(1);
    await flush();
    expect(again.seen).toHaveLength(0);
  });

  it('shows a stale copy at once and replaces it in the background, never loading', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const storage = memoryStorage();
    const first = searchOn(pageLoad(storage, () => envelope([post(1)])).client, 'bread');
    await flush();
    first.controller.dispose();
    vi.advanceTimersByTime(2 * 60_000 + 1);

    let release!: () => void;
    const again = pageLoad(storage, () => new Promise<Response>((resolve) => (release = () => resolve(envelope([post(2)])))));
    const { controller } = searchOn(again.client, 'bread');
    const statuses: string[] = [];
    disposers.push(controller.state.subscribe((s) => statuses.push(s.status)));
    expect(controller.state.value.response?.results[0]?.id).toBe('1');
    await flush();
    expect(again.seen).toHaveLength(1);
    release();
    await flush();
    expect(controller.state.value.response?.results[0]?.id).toBe('2');
    expect(statuses).not.toContain('loading');
  });

  it('keeps the stale copy shown when the background refresh fails', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const storage = memoryStorage();
    const first = searchOn(pageLoad(storage, () => envelope([post(1)])).client, 'bread');
    await flush();
    first.controller.dispose();
    vi.advanceTimersByTime(3 * 60_000);
    const again = pageLoad(storage, () => new Response('down', { status: 503 }));
    const { controller } = searchOn(again.client, 'bread');
    await flush();
    await flush();
    expect(again.seen).toHaveLength(1);
    expect(controller.state.value).toMatchObject({ status: 'ready', error: null });
    expect(controller.state.value.response?.results[0]?.id).toBe('1');
  });

  it('shows loading and asks the service when no copy is held', () => {
    const again = pageLoad(memoryStorage(), () => envelope([post(1)]));
    const { controller } = searchOn(again.client, 'bread');
    expect(controller.state.value.status).toBe('loading');
  });
});

describe('related controller and the client’s held answers', () => {
  const related = (client: ReturnType<typeof pageLoad>['client'], near = false) => {
    const controller = createRelatedController({ client, source: { id: '7', title: 'Seven', url: '/posts/7' }, limit: 2 });
    disposers.push(() => controller.dispose());
    controller.setNear(near);
    return controller;
  };

  it('starts with the posts of the session copy, before it is near the viewport, with no request', async () => {
    const storage = memoryStorage();
    const first = pageLoad(storage, () => envelope([post(1), post(2), post(3)]));
    related(first.client, true);
    await flush();
    expect(first.seen).toHaveLength(1);

    const again = pageLoad(storage, () => envelope([post(9)]));
    const controller = related(again.client);
    expect(controller.state.value).toMatchObject({ status: 'ready', hidden: false });
    expect(controller.state.value.posts.map((p) => p.id)).toEqual(['1', '2']);
    controller.setNear(true);
    await flush();
    expect(again.seen).toHaveLength(0);
    expect(controller.select(controller.state.value.posts[0]!, 1, { newTab: true })).toBe(true);
  });

  it('starts hidden when the copy had no posts (the block takes no room)', async () => {
    const storage = memoryStorage();
    related(pageLoad(storage, () => envelope([])).client, true);
    await flush();
    const controller = related(pageLoad(storage, () => envelope([post(1)])).client);
    expect(controller.state.value).toMatchObject({ status: 'empty', hidden: true });
  });

  it('refreshes a stale copy once near the viewport, without a loading state', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const storage = memoryStorage();
    related(pageLoad(storage, () => envelope([post(1)])).client, true);
    await flush();
    vi.advanceTimersByTime(2 * 60_000 + 1);
    const again = pageLoad(storage, () => envelope([post(5)]));
    const controller = related(again.client);
    const statuses: string[] = [];
    disposers.push(controller.state.subscribe((s) => statuses.push(s.status)));
    expect(controller.state.value.posts[0]?.id).toBe('1');
    await flush();
    expect(again.seen).toHaveLength(0);
    controller.setNear(true);
    await flush();
    await flush();
    expect(again.seen).toHaveLength(1);
    expect(controller.state.value.posts[0]?.id).toBe('5');
    expect(statuses).not.toContain('loading');
  });
});
