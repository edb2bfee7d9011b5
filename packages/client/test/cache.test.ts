import { afterEach, describe, expect, it, vi } from 'vitest';
import { emptyResults, envelope, makeClient, pendingFetch, recordingFetch } from './recordingFetch.ts';

afterEach(() => {
  vi.useRealTimers();
});

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('read cache', () => {
  it('answers an identical request from the cache', async () => {
    const { client, fetch } = makeClient();
    const first = await client.search({ q: 'rust' });
    const second = await client.search({ q: 'rust' });
    expect(second).toEqual(first);
    expect(fetch.calls).toHaveLength(1);
  });

  it('keys the cache by the full URL', async () => {
    const { client, fetch } = makeClient();
    await client.search({ q: 'rust' });
    await client.search({ q: 'rust', skip: 10 });
    await client.search({ q: 'rust' }, { handler: 'other' });
    await client.autocomplete({ q: 'rust' });
    expect(fetch.calls).toHaveLength(4);
  });

  it('expires v2 answers after 2 minutes', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { client, fetch } = makeClient();
    await client.search({ q: 'rust' });
    vi.advanceTimersByTime(119_000);
    await client.search({ q: 'rust' });
    expect(fetch.calls).toHaveLength(1);
    vi.advanceTimersByTime(2_000);
    await client.search({ q: 'rust' });
    expect(fetch.calls).toHaveLength(2);
  });

  it('keeps v1 answers for 10 minutes', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { client, fetch } = makeClient({ apiVersion: 'v1' });
    await client.search({ q: 'rust' });
    vi.advanceTimersByTime(9 * 60_000);
    await client.search({ q: 'rust' });
    expect(fetch.calls).toHaveLength(1);
    vi.advanceTimersByTime(61_000);
    await client.search({ q: 'rust' });
    expect(fetch.calls).toHaveLength(2);
  });

  it('takes a custom time to live', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { client, fetch } = makeClient({ cache: { ttlMs: 1000 } });
    await client.search({ q: 'rust' });
    vi.advanceTimersByTime(1001);
    await client.search({ q: 'rust' });
    expect(fetch.calls).toHaveLength(2);
  });

  it('evicts the least recently used answer beyond max entries', async () => {
    const { client, fetch } = makeClient({ cache: { max: 2 } });
    await client.search({ q: 'a' });
    await client.search({ q: 'b' });
    await client.search({ q: 'a' }); // a is now the most recently used
    await client.search({ q: 'c' }); // evicts b
    expect(fetch.calls).toHaveLength(3);
    await client.search({ q: 'a' });
    await client.search({ q: 'c' });
    expect(fetch.calls).toHaveLength(3);
    await client.search({ q: 'b' });
    expect(fetch.calls.map((c) => c.url.searchParams.get('q'))).toEqual(['a', 'b', 'c', 'b']);
  });

  it('holds 100 answers by default', async () => {
    const { client, fetch } = makeClient();
    for (let i = 0; i <= 100; i++) await client.search({ q: `q${i}` });
    await client.search({ q: 'q100' });
    await client.search({ q: 'q1' });
    expect(fetch.calls).toHaveLength(101);
    await client.search({ q: 'q0' }); // the oldest was evicted
    expect(fetch.calls).toHaveLength(102);
  });

  it('makes every call its own request with cache: false', async () => {
    const { client, fetch } = makeClient({ cache: false });
    await Promise.all([client.search({ q: 'a' }), client.search({ q: 'a' })]);
    await client.search({ q: 'a' });
    expect(fetch.calls).toHaveLength(3);
  });

  it('forgets cached answers after indexing and on clearCache()', async () => {
    const { client, fetch } = makeClient();
    await client.search({ q: 'a' });
    await client.index([{ id: 1 }]);
    await client.search({ q: 'a' });
    client.clearCache();
    await client.search({ q: 'a' });
    expect(fetch.calls.map((c) => c.method)).toEqual(['GET', 'POST', 'GET', 'GET']);
  });

  it('returns normalised copies, so the cached answer is the validated one', async () => {
    const f = recordingFetch(() => envelope({ ...emptyResults, found_documents: 1, results: [{ id: 5, title: 'T' }, 'junk'] }));
    const { client } = makeClient({}, f);
    const a = await client.search({ q: 'a' });
    const b = await client.search({ q: 'a' });
    expect(b.results).toEqual([{ id: '5', title: 'T', content: '', url: '', date: '' }]);
    expect(b).toBe(a);
  });
});

describe('in-flight sharing', () => {
  it('shares one fetch between identical requests in flight', async () => {
    const { fetch, release } = pendingFetch();
    const { client } = makeClient({}, fetch);
    const a = client.search({ q: 'a' }, { signal: new AbortController().signal });
    const b = client.search({ q: 'a' });
    await tick();
    expect(fetch.calls).toHaveLength(1);
    release();
    const [ra, rb] = await Promise.all([a, b]);
    expect(ra.found_documents).toBe(7);
    expect(rb).toBe(ra);
  });

  it('rejects only the subscriber that aborts and keeps the shared fetch going', async () => {
    const { fetch, release } = pendingFetch();
    const { client } = makeClient({}, fetch);
    const c1 = new AbortController();
    const c2 = new AbortController();
    const a = client.search({ q: 'a' }, { signal: c1.signal });
    const b = client.search({ q: 'a' }, { signal: c2.signal });
    await tick();
    c1.abort();
    await expect(a).rejects.toMatchObject({ name: 'AbortError' });
    expect(fetch.calls[0].request.signal.aborted).toBe(false);
    release();
    await expect(b).resolves.toMatchObject({ found_documents: 7 });
    // and the answer was cached
    await client.search({ q: 'a' });
    expect(fetch.calls).toHaveLength(1);
  });

  it('aborts the shared fetch when every subscriber aborted, and starts afresh afterwards', async () => {
    const { fetch, release } = pendingFetch();
    const { client } = makeClient({}, fetch);
    const c1 = new AbortController();
    const c2 = new AbortController();
    const a = client.search({ q: 'a' }, { signal: c1.signal });
    const b = client.search({ q: 'a' }, { signal: c2.signal });
    await tick();
    c1.abort();
    c2.abort();
    await expect(a).rejects.toBeInstanceOf(DOMException);
    await expect(b).rejects.toMatchObject({ name: 'AbortError' });
    expect(fetch.calls[0].request.signal.aborted).toBe(true);
    const c = client.search({ q: 'a' });
    await tick();
    expect(fetch.calls).toHaveLength(2);
    release();
    await expect(c).resolves.toMatchObject({ found_documents: 7 });
  });

  it('never aborts a shared fetch that a caller without a signal waits for', async () => {
    const { fetch, release } = pendingFetch();
    const { client } = makeClient({}, fetch);
    const controller = new AbortController();
    const a = client.search({ q: 'a' }, { signal: controller.signal });
    const b = client.search({ q: 'a' });
    await tick();
    controller.abort();
    await expect(a).rejects.toMatchObject({ name: 'AbortError' });
    expect(fetch.calls[0].request.signal.aborted).toBe(false);
    release();
    await expect(b).resolves.toMatchObject({ found_documents: 7 });
  });

  it('shares a failure with every subscriber and does not cache it', async () => {
    let n = 0;
    const f = recordingFetch(() => (n++ === 0 ? envelope(null, 503, 503) : envelope(emptyResults)));
    const { client } = makeClient({}, f);
    const results = await Promise.allSettled([client.search({ q: 'a' }), client.search({ q: 'a' })]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(f.calls).toHaveLength(1);
    await client.search({ q: 'a' });
    expect(f.calls).toHaveLength(2);
  });
});
