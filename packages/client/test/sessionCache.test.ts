import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION_PREFIX, sessionCache } from '../src/client/sessionCache.ts';
import type { ClientOptions } from '../src/types.ts';
import { memoryStorage } from '../../../test/memoryStorage.ts';
import { envelope, makeClient, recordingFetch, TOKEN } from './recordingFetch.ts';

afterEach(() => {
  vi.useRealTimers();
});

const answer = (title: string, found = 1) => ({
  found_documents: found,
  results: [{ id: '1', title, content: 'text', url: 'https://blog.example/1', date: '2024-01-01T00:00:00.000+0000' }],
  facets: null,
  spelling: null,
});

/** A client with the session tier on a storage the test can look into (a new client = the page loaded again). */
function sessionClient(storage: Storage, options: Partial<ClientOptions> = {}, respond = () => envelope(answer('Bread'))) {
  return makeClient({ cache: { session: { storage: () => storage } }, ...options }, recordingFetch(respond));
}

const ourKeys = (storage: Storage) =>
  Array.from({ length: storage.length }, (_, i) => storage.key(i)!).filter((name) => name.startsWith(SESSION_PREFIX));

describe('session copy of answers', () => {
  it('shows a search answer again after the page is loaded again, without a request', async () => {
    const storage = memoryStorage();
    const first = sessionClient(storage);
    const fetched = await first.client.search({ q: 'bread', skip: 10, limit: 10 });

    const again = sessionClient(storage);
    expect(again.client.peek.search({ q: 'bread', skip: 10, limit: 10 })).toEqual({ response: fetched, stale: false });
    expect(await again.client.search({ q: 'bread', skip: 10, limit: 10 })).toEqual(fetched);
    expect(again.fetch.calls).toHaveLength(0);
  });

  it('keeps exactly the service payload and the time, keyed by the request without the token', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: 1_700_000_000_000 });
    const storage = memoryStorage();
    const payload = { ...answer('Rye'), extra: { kept: true } };
    const { client, fetch } = sessionClient(storage, {}, () => envelope(payload));
    await client.search({ q: 'rye' });
    const [name] = ourKeys(storage);
    expect(name).not.toContain(TOKEN);
    expect(name).toBe(`${SESSION_PREFIX}${fetch.calls[0]!.url.href.replace(`&token=${TOKEN}`, '')}`);
    const stored = JSON.parse(storage.getItem(name!)!);
    expect(stored).toEqual({ f: 1, k: name!.slice(SESSION_PREFIX.length), t: 1_700_000_000_000, p: payload });
    expect(JSON.stringify(stored)).not.toContain(TOKEN);
  });

  it('keeps recommendations but not the keystrokes of autocomplete', async () => {
    const storage = memoryStorage();
    const { client } = sessionClient(storage);
    await client.autocomplete({ q: 'br' });
    expect(ourKeys(storage)).toHaveLength(0);
    await client.recommend({ id: '42', limit: 4 });
    expect(ourKeys(storage)).toHaveLength(1);
    expect(sessionClient(storage).client.peek.recommend({ id: '42', limit: 4 })?.response.results[0]?.title).toBe('Bread');
  });

  it('is stale after 2 minutes in v2: peek still shows it, and search asks again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const storage = memoryStorage();
    await sessionClient(storage).client.search({ q: 'bread' });
    vi.advanceTimersByTime(2 * 60_000 + 1);
    const again = sessionClient(storage, {}, () => envelope(answer('Fresh bread')));
    expect(again.client.peek.search({ q: 'bread' })).toMatchObject({ stale: true, response: { results: [{ title: 'Bread' }] } });
    expect((await again.client.search({ q: 'bread' })).results[0]!.title).toBe('Fresh bread');
    expect(again.fetch.calls).toHaveLength(1);
    expect(sessionClient(storage).client.peek.search({ q: 'bread' })).toMatchObject({
      stale: false,
      response: { results: [{ title: 'Fresh bread' }] },
    });
  });

  it('stays fresh for 10 minutes in v1', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const storage = memoryStorage();
    await sessionClient(storage, { apiVersion: 'v1' }).client.search({ q: 'bread' });
    vi.advanceTimersByTime(9 * 60_000);
    expect(sessionClient(storage, { apiVersion: 'v1' }).client.peek.search({ q: 'bread' })?.stale).toBe(false);
    vi.advanceTimersByTime(61_000);
    expect(sessionClient(storage, { apiVersion: 'v1' }).client.peek.search({ q: 'bread' })?.stale).toBe(true);
  });

  it('drops and removes a copy older than maxAgeMs', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const storage = memoryStorage();
    await sessionClient(storage).client.search({ q: 'bread' });
    vi.advanceTimersByTime(30 * 60_000 + 1);
    expect(sessionClient(storage).client.peek.search({ q: 'bread' })).toBeUndefined();
    expect(ourKeys(storage)).toHaveLength(0);
  });

  it('ignores and removes a corrupt copy, a foreign one and one from the future', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: 1_700_000_000_000 });
    const storage = memoryStorage();
    const { client, fetch } = sessionClient(storage);
    await client.search({ q: 'a' });
    const key = ourKeys(storage)[0]!.slice(SESSION_PREFIX.length);
    const cache = sessionCache({ storage: () => storage });
    const bad = [
      '{not json',
      'null',
      JSON.stringify({ f: 1, k: 'https://other.example/search?q=a', t: Date.now(), p: answer('Foreign') }),
      JSON.stringify({ f: 99, k: key, t: Date.now(), p: answer('Other format') }),
      JSON.stringify({ f: 1, k: key, t: 'yesterday', p: answer('No time') }),
      JSON.stringify({ f: 1, k: key, t: Date.now() + 60_000, p: answer('Future') }),
    ];
    for (const text of bad) {
      storage.setItem(SESSION_PREFIX + key, text);
      expect(cache.read(key), text).toBeUndefined();
      expect(storage.getItem(SESSION_PREFIX + key), text).toBeNull();
    }
    expect(fetch.calls).toHaveLength(1);
  });

  it('removes a stored payload of the wrong shape instead of showing it', async () => {
    const storage = memoryStorage();
    const { client } = sessionClient(storage);
    await client.search({ q: 'a' });
    const name = ourKeys(storage)[0]!;
    const stored = JSON.parse(storage.getItem(name)!);
    storage.setItem(name, JSON.stringify({ ...stored, p: { results: 'nope' } }));
    const again = sessionClient(storage);
    expect(again.client.peek.search({ q: 'a' })).toBeUndefined();
    expect(storage.getItem(name)).toBeNull();
    await again.client.search({ q: 'a' });
    expect(again.fetch.calls).toHaveLength(1);
  });

  it('keeps all copies under maxChars, removing the oldest first', () => {
    vi.useFakeTimers({ toFake: ['Date'], now: 1_000 });
    const storage = memoryStorage();
    storage.setItem('site:own', 'x'.repeat(5000));
    const cache = sessionCache({ storage: () => storage, maxChars: 1000 });
    const payload = 'y'.repeat(200);
    for (const key of ['a', 'b', 'c', 'd', 'e', 'f']) {
      cache.write(key, payload);
      vi.advanceTimersByTime(1);
    }
    const sizes = ourKeys(storage).map((name) => name.length + storage.getItem(name)!.length);
    expect(sizes.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(1000);
    expect(cache.read('a')).toBeUndefined();
    expect(cache.read('f')?.payload).toBe(payload);
    expect(cache.read('e')?.payload).toBe(payload);
    expect(storage.getItem('site:own')).toHaveLength(5000);
  });

  it('does not keep an answer larger than maxChars at all', () => {
    const storage = memoryStorage();
    const cache = sessionCache({ storage: () => storage, maxChars: 100 });
    cache.write('small', 'ok');
    cache.write('big', 'z'.repeat(200));
    expect(cache.read('big')).toBeUndefined();
    expect(cache.read('small')?.payload).toBe('ok');
  });

  it('frees its older copies and tries again when the quota is full', () => {
    const inner = memoryStorage();
    let limit = 3;
    const storage: Storage = {
      get length() {
        return inner.length;
      },
      clear: () => inner.clear(),
      getItem: (k) => inner.getItem(k),
      key: (i) => inner.key(i),
      removeItem: (k) => inner.removeItem(k),
      setItem(k, v) {
        if (inner.getItem(k) === null && inner.length >= limit) throw new DOMException('full', 'QuotaExceededError');
        inner.setItem(k, v);
      },
    };
    const cache = sessionCache({ storage: () => storage });
    cache.write('a', 1);
    cache.write('b', 2);
    cache.write('c', 3);
    cache.write('d', 4);
    expect(cache.read('d')?.payload).toBe(4);
    limit = 0;
    expect(() => cache.write('e', 5)).not.toThrow();
    expect(cache.read('e')).toBeUndefined();
  });

  it('never throws when storage is missing or every access throws, and still answers from the network', async () => {
    const throwing = new Proxy({} as Storage, {
      get() {
        throw new DOMException('denied', 'SecurityError');
      },
    });
    for (const storage of [
      () => throwing,
      () => undefined,
      () => {
        throw new DOMException('denied', 'SecurityError');
      },
    ]) {
      const cache = sessionCache({ storage });
      expect(() => cache.write('a', 1)).not.toThrow();
      expect(cache.read('a')).toBeUndefined();
      expect(() => cache.clear()).not.toThrow();
      const { client, fetch } = makeClient(
        { cache: { session: { storage } } },
        recordingFetch(() => envelope(answer('Net'))),
      );
      expect(client.peek.search({ q: 'a' })).toBeUndefined();
      expect((await client.search({ q: 'a' })).results[0]!.title).toBe('Net');
      expect(fetch.calls).toHaveLength(1);
    }
  });

  it('forgets the session copies on clearCache() and after indexing', async () => {
    const storage = memoryStorage();
    storage.setItem('site:own', 'kept');
    const { client } = sessionClient(storage);
    await client.search({ q: 'a' });
    client.clearCache();
    expect(ourKeys(storage)).toHaveLength(0);
    await client.search({ q: 'b' });
    await client.index([{ id: 1, title: 'x' }]);
    expect(ourKeys(storage)).toHaveLength(0);
    expect(storage.getItem('site:own')).toBe('kept');
  });

  it('is off unless asked for, and off with cache: false', async () => {
    const storage = memoryStorage();
    vi.stubGlobal('sessionStorage', storage);
    try {
      await makeClient().client.search({ q: 'a' });
      await makeClient({ cache: false }).client.search({ q: 'a' });
      expect(ourKeys(storage)).toHaveLength(0);
      expect(makeClient().client.peek.search({ q: 'a' })).toBeUndefined();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('peeks nothing for a recommendation without an id', () => {
    const { client } = sessionClient(memoryStorage());
    expect(client.peek.recommend({ id: '' })).toBeUndefined();
  });
});
