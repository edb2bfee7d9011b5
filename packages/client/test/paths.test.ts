import { describe, expect, it } from 'vitest';
import { buildPath } from '../src/paths.ts';
import { makeClient } from './recordingFetch.ts';

const V2 = '/api/v2/projects/demo/collections/blog';
const V1 = '/api/v1/demo/collections/blog';

async function pathOf(call: (c: ReturnType<typeof makeClient>['client']) => Promise<unknown>, options = {}) {
  const { client, fetch } = makeClient({ cache: false, ...options });
  await call(client);
  expect(fetch.calls).toHaveLength(1);
  return fetch.calls[0].url.pathname;
}

describe('request paths', () => {
  it('searches the v2 handler "default" when no handler is given', async () => {
    expect(await pathOf((c) => c.search({ q: 'rust' }))).toBe(`${V2}/search/default`);
  });

  it('searches a custom v2 handler', async () => {
    expect(await pathOf((c) => c.search({ q: 'rust' }, { handler: 'blog-search' }))).toBe(`${V2}/search/blog-search`);
  });

  it('searches v1 without the projects segment, handler "default" when none is given', async () => {
    expect(await pathOf((c) => c.search({ q: 'rust' }), { apiVersion: 'v1' })).toBe(`${V1}/search/default`);
    expect(await pathOf((c) => c.search({ q: 'rust' }, { handler: 'h' }), { apiVersion: 'v1' })).toBe(`${V1}/search/h`);
  });

  it('uses the handler-less autocomplete/ form with its trailing slash when no handler is given', async () => {
    expect(await pathOf((c) => c.autocomplete({ q: 'ru' }))).toBe(`${V2}/autocomplete/`);
    expect(await pathOf((c) => c.autocomplete({ q: 'ru' }), { apiVersion: 'v1' })).toBe(`${V1}/autocomplete/`);
  });

  it('puts a custom autocomplete handler in the path', async () => {
    expect(await pathOf((c) => c.autocomplete({ q: 'ru' }, { handler: 'titles' }))).toBe(`${V2}/autocomplete/titles`);
    expect(await pathOf((c) => c.autocomplete({ q: 'ru' }, { handler: 'titles' }), { apiVersion: 'v1' })).toBe(`${V1}/autocomplete/titles`);
  });

  it('uses the handler-less recommend/ form when no handler is given, and the handler when given', async () => {
    expect(await pathOf((c) => c.recommend({ id: 1 }))).toBe(`${V2}/recommend/`);
    expect(await pathOf((c) => c.recommend({ id: 1 }), { apiVersion: 'v1' })).toBe(`${V1}/recommend/`);
    expect(await pathOf((c) => c.recommend({ id: 1 }, { handler: 'similar' }))).toBe(`${V2}/recommend/similar`);
    expect(await pathOf((c) => c.recommend({ id: 1 }, { handler: 'similar' }), { apiVersion: 'v1' })).toBe(`${V1}/recommend/similar`);
  });

  it('posts documents to the documents path of each version', async () => {
    expect(await pathOf((c) => c.index([{ id: 1 }]))).toBe(`${V2}/documents`);
    expect(await pathOf((c) => c.index([{ id: 1 }]), { apiVersion: 'v1' })).toBe(`${V1}/documents`);
  });

  it('builds the feedback paths with and without a handler', () => {
    expect(buildPath('v2', 'demo', 'blog', 'recommend/{}/feedback/hits')).toBe(`${V2}/recommend/feedback/hits`);
    expect(buildPath('v2', 'demo', 'blog', 'recommend/{}/feedback/hits', 'similar')).toBe(`${V2}/recommend/similar/feedback/hits`);
    expect(buildPath('v2', 'demo', 'blog', 'autocomplete/{}/feedback/hits')).toBe(`${V2}/autocomplete/feedback/hits`);
    expect(buildPath('v2', 'demo', 'blog', 'autocomplete/{}/feedback/hits', 'titles')).toBe(`${V2}/autocomplete/titles/feedback/hits`);
  });

  it('URL-encodes every path segment', async () => {
    const path = await pathOf((c) => c.search({ q: 'x' }, { handler: 'a/b?c' }), { project: 'my project', collection: 'blog#1' });
    expect(path).toBe('/api/v2/projects/my%20project/collections/blog%231/search/a%2Fb%3Fc');
  });

  it('rejects dot segments that URL parsers would resolve away', async () => {
    const { client, fetch } = makeClient({ project: '..' });
    await expect(client.search({ q: 'x' })).rejects.toThrow(TypeError);
    expect(() => buildPath('v2', 'demo', '.', 'search/{default}')).toThrow(TypeError);
    expect(fetch.calls).toHaveLength(0);
  });

  it('accepts a base URL with or without a trailing slash', async () => {
    const a = makeClient({ baseUrl: 'https://search.example.com/' });
    const b = makeClient({ baseUrl: 'https://search.example.com' });
    await a.client.search({ q: 'x' });
    await b.client.search({ q: 'x' });
    expect(a.fetch.calls[0].url.href).toBe(b.fetch.calls[0].url.href);
    expect(a.fetch.calls[0].url.pathname).toBe(`${V2}/search/default`);
  });

  it('keeps a path prefix of the base URL', async () => {
    expect(await pathOf((c) => c.search({ q: 'x' }), { baseUrl: 'https://example.com/search-service/' })).toBe(
      `/search-service${V2}/search/default`,
    );
    expect(await pathOf((c) => c.search({ q: 'x' }), { baseUrl: 'https://example.com/search-service' })).toBe(
      `/search-service${V2}/search/default`,
    );
  });
});
