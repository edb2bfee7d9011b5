import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClient } from '../src/createClient.ts';
import { ENDPOINTS } from '../src/endpoints.ts';
import { getSessionId } from '../src/getSessionId.ts';
import { makeClient, recordingFetch, TOKEN } from './recordingFetch.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const context = { user_ip: '203.0.113.9', user_country: 'NL' };

describe('query parameters', () => {
  it('sends token on every GET and POST request', async () => {
    const { client, fetch } = makeClient({ cache: false });
    await client.search({ q: 'a' });
    await client.autocomplete({ q: 'a' });
    await client.recommend({ id: 1 });
    await client.index([{ id: 1 }]);
    await client.feedback.autocomplete({ query: 'a', item_order: 1 });
    await client.feedback.recommendation({ source_id: 1, target_id: 2, item_order: 1 });
    expect(fetch.calls.map((c) => c.method)).toEqual(['GET', 'GET', 'GET', 'POST', 'POST', 'POST']);
    for (const call of fetch.calls) expect(call.url.searchParams.getAll('token')).toEqual([TOKEN]);
  });

  it('sends filter as repeated parameters', async () => {
    const { client, fetch } = makeClient();
    await client.search({ q: 'a', filter: ['category:"News"', 'tags:"rust"'] });
    expect(fetch.calls[0].url.searchParams.getAll('filter')).toEqual(['category:"News"', 'tags:"rust"']);
  });

  it('sends every v2 search parameter in a fixed order, token last', async () => {
    const { client, fetch } = makeClient({ userId: 'u7' });
    await client.search({ sort: 'date desc', limit: 10, skip: 20, filter: ['a:"1"'], q: 'rust lang', ...context });
    expect(fetch.calls[0].query).toEqual([
      ['q', 'rust lang'],
      ['filter', 'a:"1"'],
      ['skip', '20'],
      ['limit', '10'],
      ['sort', 'date desc'],
      ['session_id', 'sess-1'],
      ['user_id', 'u7'],
      ['user_ip', '203.0.113.9'],
      ['user_country', 'NL'],
      ['token', TOKEN],
    ]);
  });

  it('gives the same URL whatever the order of the parameter object', async () => {
    const { client, fetch } = makeClient({ cache: false });
    await client.search({ q: 'a', limit: 5, sort: 'date asc' });
    await client.search({ sort: 'date asc', limit: 5, q: 'a' });
    expect(fetch.calls[0].url.href).toBe(fetch.calls[1].url.href);
  });

  it('encodes spaces as %20 and special characters in values', async () => {
    const { client, fetch } = makeClient();
    await client.search({ q: 'a b&c=d+é' });
    expect(fetch.calls[0].url.search).toContain('q=a%20b%26c%3Dd%2B%C3%A9&');
    expect(fetch.calls[0].url.searchParams.get('q')).toBe('a b&c=d+é');
  });

  it('leaves out undefined and empty parameters but sends zero', async () => {
    const { client, fetch } = makeClient({ sessionId: undefined });
    vi.stubGlobal('sessionStorage', undefined);
    await client.search({ q: '', skip: 0, limit: undefined, filter: [], sort: '', user_ip: '' });
    const names = fetch.calls[0].query.map(([k]) => k);
    expect(names).toEqual(['skip', 'session_id', 'token']);
    expect(fetch.calls[0].url.searchParams.get('skip')).toBe('0');
  });

  it('sends the session id of getSessionId() by default, and user_id from the options', async () => {
    const f = recordingFetch();
    const client = createClient({ baseUrl: 'https://s.example', project: 'p', collection: 'c', token: 't', userId: 'reader-9', fetch: f });
    await client.search({ q: 'a' });
    expect(f.calls[0].url.searchParams.get('session_id')).toBe(getSessionId());
    expect(f.calls[0].url.searchParams.get('user_id')).toBe('reader-9');
  });

  it('lets per-call user context override the client options', async () => {
    const { client, fetch } = makeClient({ userId: 'u1' });
    await client.search({ q: 'a', session_id: 'other', user_id: 'u2' });
    expect(fetch.calls[0].url.searchParams.get('session_id')).toBe('other');
    expect(fetch.calls[0].url.searchParams.get('user_id')).toBe('u2');
  });

  it('sends v2 autocomplete q, filter, limit, sort and user context', async () => {
    const { client, fetch } = makeClient();
    await client.autocomplete({ q: 'ru', filter: ['tags:"x"'], limit: 5, sort: 'date desc', ...context });
    expect(fetch.calls[0].query.map(([k]) => k)).toEqual([
      'q',
      'filter',
      'limit',
      'sort',
      'session_id',
      'user_ip',
      'user_country',
      'token',
    ]);
  });

  it('sends only q, user context and token for v1 autocomplete', async () => {
    const { client, fetch } = makeClient({ apiVersion: 'v1', userId: 'u' });
    await client.autocomplete({ q: 'ru', filter: ['tags:"x"'], limit: 5, sort: 'date desc', ...context });
    expect(fetch.calls[0].query).toEqual([
      ['q', 'ru'],
      ['session_id', 'sess-1'],
      ['user_id', 'u'],
      ['user_ip', '203.0.113.9'],
      ['user_country', 'NL'],
      ['token', TOKEN],
    ]);
  });

  it('sends v2 recommend id, filter, title, url, limit, sort', async () => {
    const { client, fetch } = makeClient();
    await client.recommend({ id: 42, title: 'Hello', url: 'https://blog.example/p/42', limit: 4, filter: ['tags:"x"'], sort: 'date desc' });
    expect(fetch.calls[0].query).toEqual([
      ['id', '42'],
      ['filter', 'tags:"x"'],
      ['title', 'Hello'],
      ['url', 'https://blog.example/p/42'],
      ['limit', '4'],
      ['sort', 'date desc'],
      ['session_id', 'sess-1'],
      ['token', TOKEN],
    ]);
  });

  it('sends no filter or sort for v1 recommend', async () => {
    const { client, fetch } = makeClient({ apiVersion: 'v1' });
    await client.recommend({ id: '42', title: 'Hello', limit: 4, filter: ['tags:"x"'], sort: 'date desc' });
    expect(fetch.calls[0].query.map(([k]) => k)).toEqual(['id', 'title', 'limit', 'session_id', 'token']);
  });

  it('sends no sort for v1 search but keeps filter, skip and limit', async () => {
    const { client, fetch } = makeClient({ apiVersion: 'v1' });
    await client.search({ q: 'a', filter: ['meta_sa:"x"'], skip: 10, limit: 10, sort: 'date desc' });
    expect(fetch.calls[0].query.map(([k]) => k)).toEqual(['q', 'filter', 'skip', 'limit', 'session_id', 'token']);
  });

  it('sends, for each read and version, the parameters its row in endpoints.ts lists and no other', async () => {
    const user = new Set(['session_id', 'user_id', 'user_ip', 'user_country', 'token']);
    const every = { q: 'a', filter: ['tags:"x"'], skip: 10, limit: 4, sort: 'date desc', title: 'Hello', url: 'https://blog.example/p/1' };
    for (const apiVersion of ['v1', 'v2'] as const) {
      const { client, fetch } = makeClient({ apiVersion, cache: false });
      await client.search(every);
      await client.autocomplete(every);
      await client.recommend({ ...every, id: 1 });
      const sent = fetch.calls.map((call) =>
        call.query
          .map(([name]) => name)
          .filter((name) => !user.has(name))
          .sort(),
      );
      const declared = [ENDPOINTS.search, ENDPOINTS.autocomplete, ENDPOINTS.recommend].map((row) => [...row.params[apiVersion]].sort());
      expect(sent, apiVersion).toEqual(declared);
    }
  });

  it('rejects recommend without an id and makes no request', async () => {
    const { client, fetch } = makeClient();
    await expect(client.recommend({ id: '' })).rejects.toThrow(/id is required/);
    await expect(client.recommend({ id: null as never })).rejects.toThrow(/id is required/);
    await expect(client.recommend(undefined as never)).rejects.toThrow(/id is required/);
    expect(fetch.calls).toHaveLength(0);
  });

  it('throws when a required option is missing or the version is unknown', () => {
    expect(() => createClient({ baseUrl: '', project: 'p', collection: 'c', token: '' })).toThrow(/missing baseUrl, token/);
    expect(() => createClient({ baseUrl: 'https://x', project: 'p', collection: 'c', token: 't', apiVersion: 'v3' as 'v2' })).toThrow(
      /apiVersion/,
    );
  });
});
