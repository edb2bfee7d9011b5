import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClient } from '../src/createClient.ts';
import { envelope, makeClient, recordingFetch, TOKEN } from './recordingFetch.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const V2 = 'https://search.example.com/api/v2/projects/demo/collections/blog';
const feedbackOk = () => envelope(null);

function clientWithoutCustomFetch(options = {}) {
  return createClient({
    baseUrl: 'https://search.example.com',
    project: 'demo',
    collection: 'blog',
    token: TOKEN,
    sessionId: 'sess-1',
    ...options,
  });
}

describe('feedback through fetch', () => {
  it('posts autocomplete feedback form-encoded to the handler-less path with the token in the query', async () => {
    const f = recordingFetch(feedbackOk);
    const { client } = makeClient({ userId: 'u1' }, f);
    await expect(
      client.feedback.autocomplete({ query: 'rust lang', item_id: '42', item_order: 1, url: 'https://blog.example/p/42' }),
    ).resolves.toBe(true);
    const call = f.calls[0];
    expect(call.method).toBe('POST');
    expect(`${call.url.origin}${call.url.pathname}`).toBe(`${V2}/autocomplete/feedback/hits`);
    expect(call.query).toEqual([['token', TOKEN]]);
    expect(call.request.headers.get('content-type')).toMatch(/^application\/x-www-form-urlencoded/);
    expect(call.request.keepalive).toBe(true);
    expect([...new URLSearchParams(await call.body)]).toEqual([
      ['query', 'rust lang'],
      ['item_id', '42'],
      ['item_order', '1'],
      ['url', 'https://blog.example/p/42'],
      ['session_id', 'sess-1'],
      ['user_id', 'u1'],
    ]);
  });

  it('posts recommendation feedback with the 1-based position, source and target', async () => {
    const f = recordingFetch(feedbackOk);
    const { client } = makeClient({}, f);
    await client.feedback.recommendation({
      source_id: 1,
      source_title: 'A',
      source_url: '/p/1',
      target_id: '2',
      target_title: 'B',
      target_url: '/p/2',
      item_order: 3,
    });
    expect(f.calls[0].url.pathname).toBe('/api/v2/projects/demo/collections/blog/recommend/feedback/hits');
    expect(Object.fromEntries(new URLSearchParams(await f.calls[0].body))).toEqual({
      source_id: '1',
      source_title: 'A',
      source_url: '/p/1',
      target_id: '2',
      target_title: 'B',
      target_url: '/p/2',
      item_order: '3',
      session_id: 'sess-1',
    });
  });

  it('puts a custom handler in the feedback path', async () => {
    const f = recordingFetch(feedbackOk);
    const { client } = makeClient({}, f);
    await client.feedback.autocomplete({ query: 'a', item_order: 1 }, { handler: 'titles' });
    await client.feedback.recommendation({ source_id: 1, target_id: 2, item_order: 1 }, { handler: 'similar' });
    expect(f.calls.map((c) => c.url.pathname.split('/collections/blog')[1])).toEqual([
      '/autocomplete/titles/feedback/hits',
      '/recommend/similar/feedback/hits',
    ]);
  });

  it('uses the custom fetch even when sendBeacon exists', async () => {
    const sendBeacon = vi.fn(() => true);
    vi.stubGlobal('navigator', { sendBeacon });
    const f = recordingFetch(feedbackOk);
    const { client } = makeClient({}, f);
    await expect(client.feedback.autocomplete({ query: 'a', item_order: 1 })).resolves.toBe(true);
    expect(sendBeacon).not.toHaveBeenCalled();
    expect(f.calls).toHaveLength(1);
  });

  it('never rejects: a failed fetch, an HTTP error or bad input resolve false', async () => {
    const failing = makeClient(
      {},
      recordingFetch(() => Promise.reject(new TypeError('fetch failed'))),
    ).client;
    await expect(failing.feedback.autocomplete({ query: 'a', item_order: 1 })).resolves.toBe(false);
    const erroring = makeClient(
      {},
      recordingFetch(() => envelope(null, 500, 500)),
    ).client;
    await expect(erroring.feedback.recommendation({ source_id: 1, target_id: 2, item_order: 1 })).resolves.toBe(false);
    const { client, fetch } = makeClient({}, recordingFetch(feedbackOk));
    await expect(client.feedback.autocomplete(undefined as never)).resolves.toBe(false);
    await expect(client.feedback.autocomplete({ query: 'a', item_order: 1 }, { handler: '..' })).resolves.toBe(false);
    expect(fetch.calls).toHaveLength(0);
  });

  it('makes no request in v1 and resolves false', async () => {
    const sendBeacon = vi.fn(() => true);
    vi.stubGlobal('navigator', { sendBeacon });
    const { client, fetch } = makeClient({ apiVersion: 'v1' });
    await expect(client.feedback.autocomplete({ query: 'a', item_order: 1 })).resolves.toBe(false);
    await expect(client.feedback.recommendation({ source_id: 1, target_id: 2, item_order: 1 })).resolves.toBe(false);
    expect(fetch.calls).toHaveLength(0);
    expect(sendBeacon).not.toHaveBeenCalled();
  });
});

describe('feedback through sendBeacon', () => {
  it('sends a form-encoded beacon when the browser has sendBeacon and no custom fetch is given', async () => {
    const sendBeacon = vi.fn((_url: string, _body: BodyInit) => true);
    const globalFetch = recordingFetch(feedbackOk);
    vi.stubGlobal('navigator', { sendBeacon });
    vi.stubGlobal('fetch', globalFetch);
    const client = clientWithoutCustomFetch();
    await expect(client.feedback.autocomplete({ query: 'rust', item_id: '7', item_order: 2, url: '/p/7' })).resolves.toBe(true);
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    const [url, body] = sendBeacon.mock.calls[0];
    expect(url).toBe(`${V2}/autocomplete/feedback/hits?token=${TOKEN}`);
    expect(body).toBeInstanceOf(URLSearchParams); // sent as application/x-www-form-urlencoded
    expect(new Request('https://x.example', { method: 'POST', body }).headers.get('content-type')).toMatch(
      /^application\/x-www-form-urlencoded/,
    );
    expect(String(body)).toBe('query=rust&item_id=7&item_order=2&url=%2Fp%2F7&session_id=sess-1');
    expect(globalFetch.calls).toHaveLength(0);
  });

  it('falls back to fetch with keepalive when sendBeacon refuses', async () => {
    const sendBeacon = vi.fn(() => false);
    const globalFetch = recordingFetch(feedbackOk);
    vi.stubGlobal('navigator', { sendBeacon });
    vi.stubGlobal('fetch', globalFetch);
    const client = clientWithoutCustomFetch();
    await expect(client.feedback.recommendation({ source_id: 1, target_id: 2, item_order: 1 })).resolves.toBe(true);
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    expect(globalFetch.calls).toHaveLength(1);
    expect(globalFetch.calls[0].method).toBe('POST');
    expect(globalFetch.calls[0].request.keepalive).toBe(true);
    expect(globalFetch.calls[0].url.searchParams.get('token')).toBe(TOKEN);
  });

  it('uses fetch where there is no sendBeacon (Node)', async () => {
    vi.stubGlobal('navigator', undefined);
    const globalFetch = recordingFetch(feedbackOk);
    vi.stubGlobal('fetch', globalFetch);
    const client = clientWithoutCustomFetch();
    await expect(client.feedback.autocomplete({ query: 'a', item_order: 1 })).resolves.toBe(true);
    expect(globalFetch.calls).toHaveLength(1);
  });

  it('falls back to fetch when sendBeacon throws, and resolves false when that fails too', async () => {
    vi.stubGlobal('navigator', {
      sendBeacon: () => {
        throw new TypeError('Illegal invocation');
      },
    });
    const globalFetch = recordingFetch(feedbackOk);
    vi.stubGlobal('fetch', globalFetch);
    await expect(clientWithoutCustomFetch().feedback.autocomplete({ query: 'a', item_order: 1 })).resolves.toBe(true);
    expect(globalFetch.calls).toHaveLength(1);
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('offline')));
    await expect(clientWithoutCustomFetch().feedback.autocomplete({ query: 'a', item_order: 1 })).resolves.toBe(false);
  });
});
