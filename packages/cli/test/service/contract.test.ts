/**
 * Contract: the real client (src/api) against the real local service over loopback, every
 * endpoint in both versions, every bad-input case (ApiError status/code/message, and the index
 * unchanged afterwards). The service's request log shows what went over the wire.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from 'trove-search-client';
import { type ApiError, isApiError } from 'trove-search-client';
import { documentId } from 'trove-search-client';
import type { ApiVersion } from 'trove-search-client';
import type { TroveClient } from 'trove-search-client';
import { removeDir, startService, type Running } from './startService.ts';

let svc: Running;

const HANDLERS = {
  search: { travel: { filters: ['category:"Travel"'], limit: 3 } },
  autocomplete: { short: { limit: 2 } },
  recommend: { many: { limit: 6 } },
};

function client(version: ApiVersion, overrides: Partial<Parameters<typeof createClient>[0]> = {}): TroveClient {
  return createClient({
    baseUrl: svc.base,
    project: 'demo',
    collection: 'blog',
    token: 'test-token',
    apiVersion: version,
    cache: false,
    sessionId: 'contract-session',
    ...overrides,
  });
}

/** Everything in demo/blog (and the other collections tests write to) as the service returns it. */
async function snapshot(): Promise<string> {
  const parts: unknown[] = [];
  for (const collection of ['blog', 'scratch']) {
    for (let skip = 0; ; skip += 100) {
      const { body } = await svc.request(
        `/api/v2/projects/demo/collections/${collection}/search/default?token=test-token&limit=100&skip=${skip}&sort=title%20asc`,
      );
      if (body.code !== 200) break;
      parts.push(...body.response.results);
      if (skip + 100 >= body.response.found_documents) break;
    }
  }
  parts.push((await svc.request('/_trove/health')).body);
  return JSON.stringify(parts);
}

async function lastRequest(): Promise<{ method: string; path: string; query: [string, string][]; body: string | null }> {
  const log = (await svc.request('/_trove/requests')).body;
  return log[log.length - 1];
}

async function apiError(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(isApiError(error)).toBe(true);
    return error as ApiError;
  }
  throw new Error('expected an ApiError');
}

beforeAll(async () => {
  svc = await startService({ seed: 150, handlers: HANDLERS });
  await svc.request('/api/v2/projects/demo/collections/scratch/documents?token=test-token', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify([{ id: 1, title: 'Scratch post', content: 'For upserts', date: '2024-01-01' }]),
  });
});

afterAll(async () => {
  await svc.stop();
  removeDir(svc.dataDir);
});

describe.each<ApiVersion>(['v2', 'v1'])('%s client against the local service', (version) => {
  const v2 = version === 'v2';
  const prefix = v2 ? '/api/v2/projects/demo/collections/blog' : '/api/v1/demo/collections/blog';

  it('searches with q, filter, skip and limit, and gets typed records and facets', async () => {
    const c = client(version);
    const field = v2 ? 'category' : 'category_sa';
    const all = await c.search({ q: 'the', filter: [`${field}:"Travel"`], limit: 100 });
    const page = await c.search({ q: 'the', filter: [`${field}:"Travel"`], skip: 2, limit: 3 });
    expect(page.found_documents).toBe(all.found_documents);
    expect(page.results.map((r) => r.id)).toEqual(all.results.slice(2, 5).map((r) => r.id));
    for (const r of page.results) {
      expect(typeof r.id).toBe('string');
      expect(r.categories).toContain('Travel');
      expect(r.date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+0000$/);
    }
    expect(page.facets?.categories?.buckets[0]).toEqual({ value: 'Travel', count: all.found_documents });
    expect(typeof page.facets?.year?.buckets[0]?.value).toBe('number');
    const sent = await lastRequest();
    expect(sent.path).toBe(`${prefix}/search/default`);
    expect(sent.query.filter(([k]) => k === 'filter')).toEqual([['filter', `${field}:"Travel"`]]);
  });

  it(v2 ? 'sorts search results' : 'does not send sort (v1 has none)', async () => {
    const c = client(version);
    const res = await c.search({ q: 'the', sort: 'date asc', limit: 20 });
    const sent = await lastRequest();
    if (v2) {
      const dates = res.results.map((r) => r.date);
      expect(dates).toEqual([...dates].sort());
      expect(sent.query).toContainEqual(['sort', 'date asc']);
    } else {
      expect(sent.query.map(([k]) => k)).not.toContain('sort');
    }
  });

  it('autocompletes with navigational and filter suggestions on the handler-less path', async () => {
    const c = client(version);
    const res = await c.autocomplete({ q: 'photo', limit: 4 });
    expect(res.facets).toBeNull();
    const filter = res.results.find((s) => s.suggestion_type === 'filter');
    expect(filter).toEqual({
      phrase: 'Photography',
      suggestion_type: 'filter',
      filters: [v2 ? 'category:"Photography"' : 'category_sa:"Photography"'],
    });
    const nav = res.results.filter((s) => s.suggestion_type === 'navigational');
    expect(nav.length).toBeGreaterThan(0);
    for (const s of nav) {
      expect(s.url).toMatch(/^\/posts\//);
      expect(typeof s.id).toBe('string');
    }
    expect(res.results.length).toBe(v2 ? 4 : 8);
    const sent = await lastRequest();
    expect(sent.path).toBe(`${prefix}/autocomplete/`);
    expect(sent.query.map(([k]) => k)).toEqual(v2 ? ['q', 'limit', 'session_id', 'token'] : ['q', 'session_id', 'token']);
  });

  it('a filter suggestion, sent back as filter, narrows the search', async () => {
    const c = client(version);
    const suggestion = (await c.autocomplete({ q: 'priya' })).results[0]!;
    expect(suggestion.suggestion_type).toBe('filter');
    const filters = suggestion.suggestion_type === 'filter' ? suggestion.filters : [];
    const res = await c.search({ filter: filters, limit: 100 });
    expect(res.found_documents).toBeGreaterThan(0);
    expect(res.facets?.authors?.buckets.find((b) => b.value === 'Priya Raman')?.count).toBe(res.found_documents);
  });

  it('recommends related documents with tags, never the source', async () => {
    const c = client(version);
    const res = await c.recommend({ id: 7, limit: 5, title: 'ignored when indexed' });
    expect(res.results).toHaveLength(5);
    for (const r of res.results) {
      expect(r.id).not.toBe('7');
      expect(Array.isArray(r.tags)).toBe(true);
    }
    expect((await lastRequest()).path).toBe(`${prefix}/recommend/`);
    expect((await c.recommend({ id: 7 })).results).toHaveLength(4);
  });

  it('uses custom handlers by name', async () => {
    const c = client(version);
    const travel = await c.search({}, { handler: 'travel' });
    expect(travel.results).toHaveLength(3);
    for (const r of travel.results) expect(r.categories).toContain('Travel');
    expect((await c.autocomplete({ q: 'the' }, { handler: 'short' })).results).toHaveLength(2);
    expect((await c.recommend({ id: 3 }, { handler: 'many' })).results).toHaveLength(6);
  });

  it('indexes documents (mapped to the version schema) and upserts by id', async () => {
    const c = client(version, { collection: 'scratch' });
    const id = v2 ? 101 : 102;
    await c.index([
      {
        id,
        title: `Rowing on the lake ${version}`,
        content: 'Oars.',
        tags: ['Water'],
        category: ['Sport'],
        authors: ['Ola'],
        date: '2023-03-04T05:06:07Z',
        url: `/posts/${id}/row`,
        image: '/i.svg',
      },
    ]);
    await c.index([
      {
        id: String(id),
        title: `Sailing on the lake ${version}`,
        content: 'Sails.',
        tags: ['Water'],
        category: ['Sport'],
        author: ['Ola'],
        date: '2023-03-04T05:06:07Z',
        url: `/posts/${id}/sail`,
      },
    ]);
    const sent = await lastRequest();
    expect(sent.method).toBe('POST');
    const body = JSON.parse(sent.body!);
    expect(Object.keys(body[0])).toContain(v2 ? 'title' : 'title_t_bi');
    const found = await c.search({ q: `lake ${version}` });
    expect(found.found_documents).toBe(1);
    expect(found.results[0]).toMatchObject({
      id: String(id),
      title: `Sailing on the lake ${version}`,
      categories: ['Sport'],
      url: `/posts/${id}/sail`,
      date: '2023-03-04T05:06:07.000+0000',
    });
    expect(found.results[0]).not.toHaveProperty('image');
    const byAuthor = await c.search({ filter: [v2 ? 'author:"Ola"' : 'authors_sa:"Ola"'] });
    expect(byAuthor.results.map((r) => r.id)).toContain(String(id));
  });

  it('deletes documents through the delete extension: gone from search, autocomplete, facets and recommend, and after a restart', async () => {
    const collection = `gone-${version}`;
    const c = client(version, { collection });
    const path = `${v2 ? '/api/v2/projects/demo/collections' : '/api/v1/demo/collections'}/${collection}`;
    const doc = (id: number, tag: string) => ({
      id,
      title: `Zeppelin flight ${id}`,
      content: 'Airships over the lake.',
      tags: [tag, 'Airships'],
      category: ['Travel'],
      date: `2024-02-0${id}T00:00:00Z`,
      url: `/posts/${id}/`,
    });
    await c.index([doc(1, 'Hangars'), doc(2, 'Mooring'), doc(3, 'Hangars')]);
    await c.delete([2, 999]);
    const sent = await lastRequest();
    expect([sent.method, sent.path, sent.body]).toEqual(['DELETE', `${path}/documents`, '[2,999]']);
    const check = async (client: TroveClient) => {
      const found = await client.search({ q: 'zeppelin' });
      expect(found.results.map((r) => r.id).sort()).toEqual(['1', '3']);
      expect(found.facets?.tags?.buckets.map((t) => t.value).sort()).toEqual(['Airships', 'Hangars']);
      const suggested = await client.autocomplete({ q: 'zeppelin' });
      expect(suggested.results.flatMap((s) => (s.suggestion_type === 'navigational' ? [s.id] : []))).not.toContain('2');
      const related = await client.recommend({ id: 1 });
      expect(related.results.map((r) => r.id)).toEqual(['3']);
      expect((await client.recommend({ id: 2 })).found_documents).toBe(0);
    };
    await check(c);
    // The answer of each version, as for indexing.
    const raw = await svc.request(`${path}/documents?token=test-token`, {
      method: 'DELETE',
      headers: { 'Content-Type': 'application/json' },
      body: '[3]',
    });
    expect([raw.status, raw.body.code, raw.body.response]).toEqual([200, 200, v2 ? null : 'Deleted']);
    await c.index([doc(3, 'Hangars')]);
    svc = await svc.restart();
    await check(client(version, { collection }));
  });

  it('refuses a delete that is not a JSON array of whole-number ids, or names a collection never indexed, and deletes nothing', async () => {
    const before = await snapshot();
    const path = `${v2 ? '/api/v2/projects/demo/collections' : '/api/v1/demo/collections'}/scratch/documents?token=test-token`;
    const send = (body: string, headers: Record<string, string> = { 'Content-Type': 'application/json' }, at = path) =>
      svc.request(at, { method: 'DELETE', headers, body });
    for (const [body, message] of [
      ['{"ids":[1]}', /the body must be a JSON array of document ids/],
      ['["1"]', /ids\[0\]: must be a whole number/],
      ['[1, 2.5]', /ids\[1\]: must be a whole number/],
      ['[9007199254740993]', /beyond ±\(2\^53 − 1\)/],
      ['[1', /Invalid JSON|Malformed|JSON/],
    ] as const) {
      const res = await send(body);
      expect([res.status, res.body.code]).toEqual([400, 400]);
      expect(res.body.response).toMatch(message);
    }
    const unknown = await send('[1]', undefined, path.replace('/scratch/', '/never-indexed/'));
    expect([unknown.status, unknown.body.code]).toEqual([404, 404]);
    expect((await send('[1]', { 'Content-Type': 'text/plain' })).status).toBe(415);
    expect((await send('[1]', { 'Content-Type': 'application/json', Origin: 'https://elsewhere.example' })).status).toBe(403);
    expect(await snapshot()).toBe(before);
  });

  it('indexes a slug id as the number the related-posts block asks for with that doc-id', async () => {
    const c = client(version, { collection: 'scratch' });
    const slug = `kayaking-on-the-fjord-${version}`;
    await c.index([{ id: slug, title: `Kayaking on the fjord ${version}`, content: 'Paddles.', url: `/posts/${slug}` }]);
    const found = await c.search({ q: `fjord ${version}` });
    expect(found.results.map((r) => r.id)).toEqual([String(documentId(slug))]);
  });

  it(v2 ? 'sends feedback that the service records' : 'sends no feedback (v1 has none)', async () => {
    const c = client(version);
    await svc.request('/_trove/feedback', { method: 'DELETE' });
    await svc.request('/_trove/requests', { method: 'DELETE' });
    const a = await c.feedback.autocomplete({ query: 'phot', item_id: '12', item_order: 2, url: '/posts/12/x' });
    const r = await c.feedback.recommendation({ source_id: 7, target_id: 9, item_order: 1, target_url: '/posts/9/y' }, { handler: 'many' });
    const log = (await svc.request('/_trove/feedback')).body;
    if (v2) {
      expect([a, r]).toEqual([true, true]);
      expect(log).toHaveLength(2);
      expect(log[0]).toMatchObject({
        kind: 'autocomplete',
        handler: null,
        // The session id is counted (as a daily hash), never kept.
        params: { query: 'phot', item_id: '12', item_order: '2', url: '/posts/12/x' },
      });
      expect(log[1]).toMatchObject({
        kind: 'recommendation',
        handler: 'many',
        params: { source_id: '7', target_id: '9', item_order: '1' },
      });
    } else {
      expect([a, r]).toEqual([false, false]);
      expect(log).toEqual([]);
      expect((await svc.request('/_trove/requests')).body).toEqual([]);
    }
  });

  it('feedback the service refuses resolves false and records nothing', async () => {
    if (!v2) return;
    await svc.request('/_trove/feedback', { method: 'DELETE' });
    const c = client(version);
    expect(await c.feedback.autocomplete({ query: 'x', item_order: 0 })).toBe(false);
    expect(await c.feedback.recommendation({ source_id: 1, target_id: 2, item_order: 1 }, { handler: 'nope' })).toBe(false);
    expect(await client(version, { token: 'wrong' }).feedback.autocomplete({ query: 'x', item_order: 1 })).toBe(false);
    expect((await svc.request('/_trove/feedback')).body).toEqual([]);
  });

  describe('bad input: ApiError with status, code and message, index unchanged', () => {
    const field = v2 ? 'category' : 'category_sa';
    const cases: [string, () => Promise<unknown>, number, RegExp][] = [
      ['a wrong token (search)', () => client(version, { token: 'wrong' }).search({ q: 'a' }), 401, /Invalid token/],
      ['a wrong token (autocomplete)', () => client(version, { token: 'wrong' }).autocomplete({ q: 'a' }), 401, /Invalid token/],
      ['a wrong token (recommend)', () => client(version, { token: 'wrong' }).recommend({ id: 1 }), 401, /Invalid token/],
      ['a wrong token (index)', () => client(version, { token: 'wrong' }).index([{ id: 1, title: 'hijacked' }]), 401, /Invalid token/],
      ['an unknown search handler', () => client(version).search({ q: 'a' }, { handler: 'nope' }), 404, /Unknown search handler "nope"/],
      [
        'an unknown autocomplete handler',
        () => client(version).autocomplete({ q: 'a' }, { handler: 'nope' }),
        404,
        /Unknown autocomplete handler "nope"/,
      ],
      [
        'an unknown recommend handler',
        () => client(version).recommend({ id: 1 }, { handler: 'nope' }),
        404,
        /Unknown recommend handler "nope"/,
      ],
      [
        'a never-indexed collection',
        () => client(version, { collection: 'ghost' }).search({ q: 'a' }),
        404,
        /Collection "ghost" of project "demo" has never been indexed/,
      ],
      ['a never-indexed project', () => client(version, { project: 'ghost' }).autocomplete({ q: 'a' }), 404, /Project "ghost" not found/],
      ['recommend with a blank id', () => client(version).recommend({ id: ' ' }), 400, /Missing id/],
      ['a malformed filter', () => client(version).search({ filter: [`${field}:Travel`] }), 400, /Malformed filter/],
      ['an unknown filter field', () => client(version).search({ filter: ['colour:"red"'] }), 400, /Unknown filter field "colour"/],
      ['a negative skip', () => client(version).search({ q: 'a', skip: -5 }), 400, /Invalid skip "-5"/],
      ['a fractional limit', () => client(version).search({ q: 'a', limit: 2.5 }), 400, /Invalid limit "2.5"/],
      ['a negative recommend limit', () => client(version).recommend({ id: 1, limit: -1 }), 400, /Invalid limit "-1"/],
      [
        'an index item that is not an object',
        () => client(version).index([{ id: 1, title: 'changed' }, 5 as never]),
        400,
        /documents\[1\]: each document must be an object/,
      ],
      [
        'an index item without id',
        () => client(version).index([{ id: 1, title: 'changed' }, { title: 'x' } as never]),
        400,
        /documents\[1\]: missing id/,
      ],
      [
        'an index item with an object id',
        () => client(version).index([{ id: { x: 1 } as never, title: 'x' }]),
        400,
        /documents\[0\].id: must be a number or a non-empty string/,
      ],
      [
        'wrong field types',
        () =>
          client(version).index([
            { id: 1, title: 'changed' },
            { id: 2, tags: 'a' as never },
          ]),
        400,
        v2 ? /documents\[1\].tags: must be an array of strings/ : /documents\[1\].tags_sa: must be an array of strings/,
      ],
      [
        'a non-string title',
        () => client(version).index([{ id: 1, title: 42 as never }]),
        400,
        v2 ? /documents\[0\].title: must be a string/ : /documents\[0\].title_t_bi: must be a string/,
      ],
      ['a bad date', () => client(version).index([{ id: 1, date: 'someday' }]), 400, /is not an ISO 8601 date/],
      [
        'a body over 5 MB',
        () => client(version, { timeout: 60_000 }).index([{ id: 1, title: 'big', content: 'z'.repeat(5_300_000) }]),
        413,
        /Request body too large/,
      ],
    ];
    if (v2) {
      cases.push(['an unknown sort field', () => client(version).search({ q: 'a', sort: 'price asc' }), 400, /Unknown sort field "price"/]);
      cases.push([
        'a sort in autocomplete without direction',
        () => client(version).autocomplete({ q: 'a', sort: 'date' }),
        400,
        /Malformed sort/,
      ]);
      cases.push(['a malformed filter in recommend', () => client(version).recommend({ id: 1, filter: ['x'] }), 400, /Malformed filter/]);
      cases.push([
        'a v1 filter name',
        () => client(version).autocomplete({ q: 'a', filter: ['tags_sa:"Go"'] }),
        400,
        /Unknown filter field "tags_sa"/,
      ]);
    }

    it.each(cases)('%s', async (_name, call, status, message) => {
      const before = await snapshot();
      const error = await apiError(call());
      expect(error.status).toBe(status);
      expect(error.code).toBe(status);
      expect(String(error.payload)).toMatch(message);
      expect(error.message).toMatch(message);
      expect(await snapshot()).toBe(before);
    });

    it('refuses a missing id before sending anything', async () => {
      await expect(client(version).recommend({ id: '' })).rejects.toThrow(TypeError);
    });
  });
});
