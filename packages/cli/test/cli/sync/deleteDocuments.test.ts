import { describe, expect, it } from 'vitest';
import { createClient } from 'trove-search-client';
import { createRetryingFetch } from '../../../src/cli/createRetryingFetch.ts';
import { deleteDocuments } from '../../../src/cli/sync/deleteDocuments.ts';
import { fakeFetch, ok, status } from '../fakeFetch.ts';

const settings = {
  baseUrl: 'https://search.test/',
  project: 'demo',
  collection: 'blog',
  token: 's3cret',
  apiVersion: 'v2' as const,
  cache: false as const,
};
const clientOf = (fetch: typeof globalThis.fetch, apiVersion: 'v1' | 'v2' = 'v2') => createClient({ ...settings, apiVersion, fetch });

describe('deleteDocuments', () => {
  it('sends DELETE …/documents?token= with the ids as a JSON array, v2 and v1 paths', async () => {
    const net = fakeFetch([ok(), ok()]);
    expect(await deleteDocuments(clientOf(net.fetch), [1, 2])).toEqual({ kind: 'deleted', count: 2 });
    expect(await deleteDocuments(clientOf(net.fetch, 'v1'), [3])).toEqual({ kind: 'deleted', count: 1 });
    expect(net.requests.map((r) => [r.method, r.url.pathname, r.url.searchParams.get('token'), r.body])).toEqual([
      ['DELETE', '/api/v2/projects/demo/collections/blog/documents', 's3cret', [1, 2]],
      ['DELETE', '/api/v1/demo/collections/blog/documents', 's3cret', [3]],
    ]);
  });

  it('says the service has no delete when it answers 404 or 405', async () => {
    expect(await deleteDocuments(clientOf(fakeFetch([status(405)]).fetch), [1])).toEqual({ kind: 'unsupported', status: 405 });
    expect(await deleteDocuments(clientOf(fakeFetch([status(404)]).fetch), [1])).toEqual({ kind: 'unsupported', status: 404 });
  });

  it('reports another failure with its message, the token blanked out, after the retries', async () => {
    const net = fakeFetch([], status(500, {}, 'broken for s3cret'));
    const outcome = await deleteDocuments(clientOf(createRetryingFetch(net.fetch, { delay: () => 0, limit: 1 })), [1]);
    expect(outcome.kind).toBe('failed');
    expect(outcome.kind === 'failed' && outcome.reason).toMatch(/500/);
    expect(JSON.stringify(outcome)).not.toContain('s3cret');
    expect(net.requests).toHaveLength(2);
  });

  it('sends many ids in batches of 500', async () => {
    const net = fakeFetch([ok(), ok(), ok()]);
    const ids = Array.from({ length: 1200 }, (_, i) => i);
    expect(await deleteDocuments(clientOf(net.fetch), ids)).toEqual({ kind: 'deleted', count: 1200 });
    expect(net.requests.map((r) => (r.body as number[]).length)).toEqual([500, 500, 200]);
  });
});
