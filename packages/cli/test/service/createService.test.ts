import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { removeDir, startService, type Running } from './startService.ts';

const V2 = '/api/v2/projects/demo/collections/blog';
const V1 = '/api/v1/demo/collections/blog';
const T = 'token=test-token';
const DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+0000$/;

function qs(params: Record<string, string | number | string[]>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    for (const v of Array.isArray(value) ? value : [value]) search.append(name, String(v));
  }
  return search.toString();
}

let svc: Running;

/** Everything in demo/blog, as the service returns it: detects any change. */
async function snapshot(s: Running = svc): Promise<string> {
  const pages: unknown[] = [];
  for (let skip = 0; ; skip += 100) {
    const { body } = await s.request(`${V2}/search/default?${T}&limit=100&skip=${skip}&sort=title%20asc`);
    pages.push(...body.response.results);
    if (skip + 100 >= body.response.found_documents) break;
  }
  return JSON.stringify(pages);
}

function post(path: string, body: unknown, headers: Record<string, string> = { 'Content-Type': 'application/json' }) {
  return svc.request(path, { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) });
}

beforeAll(async () => {
  svc = await startService();
});

afterAll(async () => {
  await svc.stop();
  removeDir(svc.dataDir);
});

describe('v2 search', () => {
  it('answers the envelope with found_documents, results, facets and spelling', async () => {
    const { status, body, headers } = await svc.request(`${V2}/search/default?${T}&q=rust`);
    expect(status).toBe(200);
    expect(headers.get('content-type')).toMatch(/^application\/json/);
    expect(Number.isInteger(body.time)).toBe(true);
    expect(body.code).toBe(200);
    expect(Object.keys(body.response).sort()).toEqual(['facets', 'found_documents', 'results', 'spelling']);
    expect(body.response.found_documents).toBeGreaterThan(0);
    expect(body.response.spelling).toBeNull();
  });

  it('shapes result records exactly as API.md: id string, date format, categories, no tags', async () => {
    const { body } = await svc.request(`${V2}/search/default?${T}&q=rust&limit=50`);
    for (const record of body.response.results) {
      expect(typeof record.id).toBe('string');
      expect(record.date).toMatch(DATE);
      expect(Array.isArray(record.categories)).toBe(true);
      expect(typeof record.title).toBe('string');
      expect(typeof record.content).toBe('string');
      expect(record.url).toMatch(/^\/posts\/\d+\//);
      expect(record).not.toHaveProperty('tags');
      expect(record).not.toHaveProperty('category');
      for (const key of Object.keys(record)) expect(['date', 'image', 'categories', 'id', 'title', 'content', 'url']).toContain(key);
    }
  });

  it('pages with skip and limit over a stable order, found_documents counting all', async () => {
    const all = (await svc.request(`${V2}/search/default?${T}&q=the&limit=100`)).body.response;
    const page1 = (await svc.request(`${V2}/search/default?${T}&q=the&limit=5`)).body.response;
    const page2 = (await svc.request(`${V2}/search/default?${T}&q=the&skip=5&limit=5`)).body.response;
    expect(page1.found_documents).toBe(all.found_documents);
    expect(page2.found_documents).toBe(all.found_documents);
    expect([...page1.results, ...page2.results].map((r: { id: string }) => r.id)).toEqual(
      all.results.slice(0, 10).map((r: { id: string }) => r.id),
    );
  });

  it('defaults to 10 results, clamps limit to 100, and answers counts only for limit=0', async () => {
    expect((await svc.request(`${V2}/search/default?${T}`)).body.response.results).toHaveLength(10);
    const big = (await svc.request(`${V2}/search/default?${T}&limit=500`)).body.response;
    expect(big.results).toHaveLength(100);
    const none = (await svc.request(`${V2}/search/default?${T}&limit=0`)).body.response;
    expect(none.results).toEqual([]);
    expect(none.found_documents).toBe(120);
    expect(none.facets.count).toBe(120);
  });

  it('returns every document newest first for an empty query', async () => {
    const { body } = await svc.request(`${V2}/search/default?${T}&q=&limit=100`);
    expect(body.response.found_documents).toBe(120);
    const dates = body.response.results.map((r: { date: string }) => r.date);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('sorts by date and title in both directions', async () => {
    const by = async (sort: string) =>
      (await svc.request(`${V2}/search/default?${T}&${qs({ q: 'the', sort, limit: 100 })}`)).body.response.results;
    const asc = (await by('date asc')).map((r: { date: string }) => r.date);
    expect(asc).toEqual([...asc].sort());
    const desc = (await by('date desc')).map((r: { date: string }) => r.date);
    expect(desc).toEqual([...desc].sort().reverse());
    expect(desc[0]! > asc[0]!).toBe(true);
    const titles = (await by('title asc')).map((r: { title: string }) => r.title);
    expect(titles).toEqual([...titles].sort((a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base', numeric: true })));
    const titlesDesc = (await by('title desc')).map((r: { title: string }) => r.title);
    expect(titlesDesc).toEqual(
      [...titlesDesc].sort((a: string, b: string) => b.localeCompare(a, 'en', { sensitivity: 'base', numeric: true })),
    );
    expect(titlesDesc[0]!.localeCompare(titles[0]!)).toBeGreaterThan(0);
  });

  it('combines repeated filters with AND and counts facets over every match', async () => {
    const one = (await svc.request(`${V2}/search/default?${T}&${qs({ filter: 'category:"Travel"', limit: 100 })}`)).body.response;
    expect(one.found_documents).toBeGreaterThan(5);
    for (const r of one.results) expect(r.categories).toContain('Travel');
    const travelBucket = one.facets.categories.buckets.find((b: { value: string }) => b.value === 'Travel');
    expect(travelBucket.count).toBe(one.found_documents);
    const year = one.facets.year.buckets[0].value;
    expect(typeof year).toBe('number');
    const two = (await svc.request(`${V2}/search/default?${T}&${qs({ filter: ['category:"Travel"', `year:"${year}"`], limit: 3 })}`)).body
      .response;
    expect(two.found_documents).toBe(one.facets.year.buckets[0].count);
    expect(two.results.length).toBeLessThanOrEqual(3);
    expect(two.facets.count).toBe(two.found_documents);
    const yearTotal = two.facets.year.buckets.reduce((n: number, b: { count: number }) => n + b.count, 0);
    expect(yearTotal).toBe(two.found_documents);
  });

  it('accepts author/authors and tags filters', async () => {
    const a = (await svc.request(`${V2}/search/default?${T}&${qs({ filter: 'author:"Mara Lindqvist"' })}`)).body.response;
    const b = (await svc.request(`${V2}/search/default?${T}&${qs({ filter: 'authors:"Mara Lindqvist"' })}`)).body.response;
    expect(a.found_documents).toBeGreaterThan(0);
    expect(a.found_documents).toBe(b.found_documents);
    const facetAuthor = a.facets.authors.buckets.find((x: { value: string }) => x.value === 'Mara Lindqvist');
    expect(facetAuthor.count).toBe(a.found_documents);
  });

  it('suggests a spelling for a query without hits', async () => {
    const { body } = await svc.request(`${V2}/search/default?${T}&q=garedn`);
    expect(body.response.found_documents).toBe(0);
    expect(body.response.spelling).toBe('garden');
  });
});

describe('v1 search', () => {
  it('answers like v2 and accepts the suffixed filter names', async () => {
    const v1 = (await svc.request(`${V1}/search/default?${T}&${qs({ q: 'garden', filter: 'category_sa:"Gardening"' })}`)).body;
    const v2 = (await svc.request(`${V2}/search/default?${T}&${qs({ q: 'garden', filter: 'category:"Gardening"' })}`)).body;
    expect(v1.code).toBe(200);
    expect(v1.response.found_documents).toBeGreaterThan(0);
    expect(v1.response.results).toEqual(v2.response.results);
    for (const name of ['tags_sa:"Herbs"', 'author_sa:"Priya Raman"', 'authors_sa:"Priya Raman"', 'meta_sa:"x"']) {
      expect((await svc.request(`${V1}/search/default?${T}&${qs({ filter: name })}`)).status).toBe(200);
    }
  });

  it('ignores sort (v1 has none)', async () => {
    const plain = (await svc.request(`${V1}/search/default?${T}&q=the`)).body.response;
    const sorted = (await svc.request(`${V1}/search/default?${T}&${qs({ q: 'the', sort: 'title asc' })}`)).body.response;
    expect(sorted.results).toEqual(plain.results);
    expect((await svc.request(`${V1}/search/default?${T}&${qs({ sort: 'nonsense' })}`)).status).toBe(200);
  });
});

describe('autocomplete', () => {
  it('mixes filter and navigational suggestions on the handler-less path', async () => {
    const { body } = await svc.request(`${V2}/autocomplete/?${T}&q=photo`);
    expect(body.code).toBe(200);
    expect(body.response.facets).toBeNull();
    expect(body.response.spelling).toBeNull();
    const results = body.response.results;
    expect(results.length).toBeLessThanOrEqual(8);
    expect(results[0]).toEqual({ phrase: 'Photography', suggestion_type: 'filter', filters: ['category:"Photography"'] });
    const nav = results.filter((r: { suggestion_type: string }) => r.suggestion_type === 'navigational');
    expect(nav.length).toBeGreaterThan(0);
    for (const r of nav) {
      expect(Object.keys(r).sort()).toEqual(['category', 'date', 'id', 'phrase', 'suggestion_type', 'url']);
      expect(typeof r.id).toBe('string');
      expect(r.date).toMatch(DATE);
    }
    // The posts whose title has the word first, then those that have it in their content alone.
    const inTitle = nav.map((r: { phrase: string }) => /photo/.test(r.phrase.toLowerCase()));
    expect(inTitle[0]).toBe(true);
    expect(inTitle.slice(inTitle.indexOf(false) >>> 0)).not.toContain(true);
    expect(body.response.found_documents).toBeGreaterThanOrEqual(nav.length);
  });

  it('offers a post by a word found only in its body, after the posts whose title has it, the most about it first', async () => {
    const path = `/api/v2/projects/demo/collections/box/`;
    await post(`${path}documents?${T}`, [
      { id: 1, title: 'Proofing in the cold', content: 'An overnight retard, and the word zelkova once.' },
      { id: 2, title: 'A loaf a week', content: 'Zelkova, zelkova: the zelkova starter, fed with zelkova flour.' },
      { id: 3, title: 'Zelkova trees', content: 'A tree.' },
    ]);
    const phrases = async (q: string) =>
      (await svc.request(`${path}autocomplete/?${T}&${qs({ q })}`)).body.response.results.map((r: { phrase: string }) => r.phrase);
    expect(await phrases('zelk')).toEqual(['Zelkova trees', 'A loaf a week', 'Proofing in the cold']);
    expect(await phrases('overni')).toEqual(['Proofing in the cold']);
  });

  it('answers the same on /autocomplete/suggest and honours limit, filter and sort in v2', async () => {
    const a = (await svc.request(`${V2}/autocomplete/?${T}&q=photo`)).body.response;
    const b = (await svc.request(`${V2}/autocomplete/suggest?${T}&q=photo`)).body.response;
    expect(b).toEqual(a);
    expect((await svc.request(`${V2}/autocomplete/?${T}&q=photo&limit=3`)).body.response.results).toHaveLength(3);
    const filtered = (await svc.request(`${V2}/autocomplete/?${T}&${qs({ q: 'the', filter: 'category:"Cooking"', limit: 20 })}`)).body
      .response;
    for (const r of filtered.results.filter((x: { suggestion_type: string }) => x.suggestion_type === 'navigational')) {
      expect(r.category).toContain('Cooking');
    }
    const sorted = (await svc.request(`${V2}/autocomplete/?${T}&${qs({ q: 'the', sort: 'date asc', limit: 20 })}`)).body.response.results
      .filter((x: { suggestion_type: string }) => x.suggestion_type === 'navigational')
      .map((x: { date: string }) => x.date);
    expect(sorted).toEqual([...sorted].sort());
  });

  it('suggests tags and authors with v2 field names', async () => {
    const tags = (await svc.request(`${V2}/autocomplete/?${T}&q=herb`)).body.response.results;
    expect(tags).toContainEqual({ phrase: 'Herbs', suggestion_type: 'filter', filters: ['tags:"Herbs"'] });
    const authors = (await svc.request(`${V2}/autocomplete/?${T}&q=priya`)).body.response.results;
    expect(authors[0]).toEqual({ phrase: 'Priya Raman', suggestion_type: 'filter', filters: ['author:"Priya Raman"'] });
  });

  it('uses v1 field names in v1 filter suggestions and ignores limit', async () => {
    const { body } = await svc.request(`${V1}/autocomplete/?${T}&q=photo&limit=2`);
    expect(body.response.results[0]).toEqual({ phrase: 'Photography', suggestion_type: 'filter', filters: ['category_sa:"Photography"'] });
    expect(body.response.results.length).toBeGreaterThan(2);
    const authors = (await svc.request(`${V1}/autocomplete?${T}&q=priya`)).body.response.results;
    expect(authors[0].filters).toEqual(['authors_sa:"Priya Raman"']);
    const tags = (await svc.request(`${V1}/autocomplete?${T}&q=herb`)).body.response.results;
    expect(tags).toContainEqual({ phrase: 'Herbs', suggestion_type: 'filter', filters: ['tags_sa:"Herbs"'] });
  });

  it('escapes quotes and backslashes in filter suggestions', async () => {
    await post(`/api/v2/projects/demo/collections/quotes/documents?${T}`, [{ id: 1, title: 'x', tags: ['Say "hi" \\ bye'] }]);
    const { body } = await svc.request(`/api/v2/projects/demo/collections/quotes/autocomplete/?${T}&q=say`);
    expect(body.response.results[0].filters).toEqual(['tags:"Say \\"hi\\" \\\\ bye"']);
  });

  it('answers nothing for an empty query', async () => {
    const { body } = await svc.request(`${V2}/autocomplete/?${T}&q=`);
    expect(body.response).toEqual({ found_documents: 0, results: [], facets: null, spelling: null });
  });
});

describe('recommend', () => {
  it('returns related records with tags, never the source, 4 by default', async () => {
    const { body } = await svc.request(`${V2}/recommend/?${T}&id=1`);
    expect(body.code).toBe(200);
    expect(body.response.results).toHaveLength(4);
    expect(body.response.found_documents).toBeGreaterThanOrEqual(4);
    for (const r of body.response.results) {
      expect(r.id).not.toBe('1');
      expect(Array.isArray(r.tags)).toBe(true);
      expect(Array.isArray(r.categories)).toBe(true);
      expect(r.date).toMatch(DATE);
    }
    const source = (await svc.request(`${V2}/search/default?${T}&limit=100`)).body.response.results.find(
      (r: { id: string }) => r.id === '1',
    );
    const sharesSomething = body.response.results.every((r: { categories: string[] }) =>
      r.categories.some((c) => source.categories.includes(c)),
    );
    expect(sharesSomething).toBe(true);
  });

  it('takes limit, filter and sort in v2 and the same ranking on /recommend/recommend', async () => {
    const a = (await svc.request(`${V2}/recommend/?${T}&id=1&limit=6`)).body.response;
    expect(a.results).toHaveLength(6);
    const b = (await svc.request(`${V2}/recommend/recommend?${T}&id=1&limit=6`)).body.response;
    expect(b).toEqual(a);
    const filtered = (await svc.request(`${V2}/recommend/?${T}&${qs({ id: 1, filter: 'category:"Notes"', limit: 50 })}`)).body.response;
    for (const r of filtered.results) expect(r.categories).toContain('Notes');
    const sorted = (await svc.request(`${V2}/recommend/?${T}&${qs({ id: 1, sort: 'date asc', limit: 50 })}`)).body.response.results.map(
      (r: { date: string }) => r.date,
    );
    expect(sorted).toEqual([...sorted].sort());
  });

  it('ignores filter and sort in v1 but honours limit', async () => {
    const v1 = (await svc.request(`${V1}/recommend/?${T}&${qs({ id: 1, filter: 'category:"Nope"', sort: 'bad', limit: 2 })}`)).body
      .response;
    const v2 = (await svc.request(`${V2}/recommend/?${T}&id=1&limit=2`)).body.response;
    expect(v1.results).toEqual(v2.results);
  });

  it('answers an unknown id with no results, or with posts like the title given', async () => {
    const none = (await svc.request(`${V2}/recommend/?${T}&id=nope`)).body;
    expect(none.code).toBe(200);
    expect(none.response.results).toEqual([]);
    const byTitle = (await svc.request(`${V2}/recommend/?${T}&${qs({ id: 'nope', title: 'Growing garlic' })}`)).body.response;
    expect(byTitle.results.length).toBeGreaterThan(0);
  });
});

describe('indexing', () => {
  it('indexes v2 documents, answers null, and upserts by id compared as string', async () => {
    const path = `/api/v2/projects/demo/collections/upserts/documents?${T}`;
    const first = await post(path, [
      {
        id: 1,
        title: 'Kayaking the fjord',
        content: 'Paddles.',
        tags: ['Water'],
        category: ['Travel'],
        authors: ['Zed'],
        date: '2024-05-06',
      },
    ]);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ code: 200, response: null });
    await post(path, [
      { id: '1', title: 'Canoeing the fjord', content: 'Paddles again.', author: ['Zed'], date: '2024-05-07T08:09:10.5Z' },
    ]);
    const found = (await svc.request(`/api/v2/projects/demo/collections/upserts/search/default?${T}&q=fjord`)).body.response;
    expect(found.found_documents).toBe(1);
    expect(found.results[0]).toEqual({
      date: '2024-05-07T08:09:10.500+0000',
      categories: [],
      id: '1',
      title: 'Canoeing the fjord',
      content: 'Paddles again.',
      url: '',
    });
  });

  it('indexes v1 documents, answers "Indexed", and serves them through both versions', async () => {
    const res = await post(`/api/v1/demo/collections/v1docs/documents?${T}`, [
      {
        id: 5,
        title_t_bi: 'Old school',
        content_t_bi: 'Suffixes',
        url_s: '/o',
        image_s: '/i.png',
        tags_sa: ['A'],
        category_sa: ['B'],
        authors_sa: ['C'],
        date_dt: '2015-01-01T00:00:00Z',
      },
    ]);
    expect(res.body).toMatchObject({ code: 200, response: 'Indexed' });
    const v2 = (await svc.request(`/api/v2/projects/demo/collections/v1docs/search/default?${T}&q=school`)).body.response;
    expect(v2.results[0]).toEqual({
      date: '2015-01-01T00:00:00.000+0000',
      image: '/i.png',
      categories: ['B'],
      id: '5',
      title: 'Old school',
      content: 'Suffixes',
      url: '/o',
    });
    const rec = (await svc.request(`/api/v1/demo/collections/v1docs/search/default?${T}&${qs({ filter: 'authors_sa:"C"' })}`)).body
      .response;
    expect(rec.found_documents).toBe(1);
  });

  it('creates a collection from an empty array', async () => {
    expect((await post(`/api/v2/projects/demo/collections/empty/documents?${T}`, [])).status).toBe(200);
    const { body } = await svc.request(`/api/v2/projects/demo/collections/empty/search/default?${T}`);
    expect(body.response.found_documents).toBe(0);
  });

  it('seeds 600 posts by default, idempotently', async () => {
    const other = await startService({ seed: false });
    try {
      await other.service.seed();
      await other.service.seed();
      const health = (await other.request('/_trove/health')).body;
      expect(health).toEqual({ ok: true, collections: [{ project: 'demo', collection: 'blog', documents: 600 }] });
    } finally {
      await other.stop();
      removeDir(other.dataDir);
    }
  }, 30_000);
});

describe('bad input: status, envelope, message, nothing changed', () => {
  const cases: [string, () => Promise<{ status: number; body: any }>, number, RegExp][] = [
    ['a missing token', () => svc.request(`${V2}/search/default?q=x`), 401, /Missing token/],
    ['an empty token', () => svc.request(`${V2}/search/default?q=x&token=`), 401, /Missing token/],
    ['a wrong token', () => svc.request(`${V2}/search/default?q=x&token=nope`), 401, /Invalid token/],
    ['a wrong token on indexing', () => post(`${V2}/documents?token=nope`, [{ id: 1, title: 'hijacked' }]), 401, /Invalid token/],
    ['a wrong token on v1 indexing', () => post(`${V1}/documents?token=nope`, [{ id: 1, title_t_bi: 'hijacked' }]), 401, /Invalid token/],
    ['a token in the body only', () => post(`${V2}/documents`, [{ id: 1, title: 'x', token: 'test-token' }]), 401, /Missing token/],
    [
      'an unknown search handler',
      () => svc.request(`${V2}/search/nope?${T}`),
      404,
      /Unknown search handler "nope": known search handlers are default/,
    ],
    ['an unknown v1 search handler', () => svc.request(`${V1}/search/nope?${T}`), 404, /Unknown search handler "nope"/],
    [
      'an unknown autocomplete handler',
      () => svc.request(`${V2}/autocomplete/nope?${T}&q=a`),
      404,
      /Unknown autocomplete handler "nope": known autocomplete handlers are suggest/,
    ],
    ['an unknown recommend handler', () => svc.request(`${V2}/recommend/nope?${T}&id=1`), 404, /Unknown recommend handler "nope"/],
    [
      'a never-indexed collection',
      () => svc.request(`/api/v2/projects/demo/collections/ghost/search/default?${T}`),
      404,
      /Collection "ghost" of project "demo" has never been indexed/,
    ],
    [
      'a never-indexed project',
      () => svc.request(`/api/v1/ghost/collections/blog/autocomplete/?${T}&q=a`),
      404,
      /Project "ghost" not found/,
    ],
    ['recommend without id', () => svc.request(`${V2}/recommend/?${T}`), 400, /Missing id/],
    ['recommend with an empty id', () => svc.request(`${V1}/recommend/?${T}&id=`), 400, /Missing id/],
    ['a malformed filter', () => svc.request(`${V2}/search/default?${T}&filter=category:News`), 400, /Malformed filter "category:News"/],
    [
      'an unknown filter field',
      () => svc.request(`${V2}/search/default?${T}&${qs({ filter: 'colour:"red"' })}`),
      400,
      /Unknown filter field "colour"/,
    ],
    [
      'a v1 filter name in v2',
      () => svc.request(`${V2}/search/default?${T}&${qs({ filter: 'tags_sa:"x"' })}`),
      400,
      /Unknown filter field "tags_sa"/,
    ],
    ['a malformed filter in autocomplete', () => svc.request(`${V2}/autocomplete/?${T}&q=a&filter=x`), 400, /Malformed filter/],
    ['a malformed filter in recommend', () => svc.request(`${V2}/recommend/?${T}&id=1&filter=x`), 400, /Malformed filter/],
    [
      'an unknown sort field',
      () => svc.request(`${V2}/search/default?${T}&${qs({ sort: 'price asc' })}`),
      400,
      /Unknown sort field "price"/,
    ],
    ['a sort without direction', () => svc.request(`${V2}/autocomplete/?${T}&q=a&sort=date`), 400, /Malformed sort "date"/],
    ['a negative skip', () => svc.request(`${V2}/search/default?${T}&skip=-1`), 400, /Invalid skip "-1"/],
    ['a fractional limit', () => svc.request(`${V2}/search/default?${T}&limit=2.5`), 400, /Invalid limit "2.5"/],
    ['a word as limit', () => svc.request(`${V2}/recommend/?${T}&id=1&limit=ten`), 400, /Invalid limit "ten"/],
    ['an index body that is not JSON', () => post(`${V2}/documents?${T}`, '[{"id":1,'), 400, /Body is not valid JSON/],
    ['an empty index body', () => post(`${V2}/documents?${T}`, ''), 400, /Empty body/],
    [
      'an index body that is an object',
      () => post(`${V2}/documents?${T}`, { id: 1, title: 'x' }),
      400,
      /must be a JSON array of documents, got an object/,
    ],
    [
      'a document without id',
      () => post(`${V2}/documents?${T}`, [{ id: 1, title: 'changed' }, { title: 'x' }]),
      400,
      /documents\[1\]: missing id/,
    ],
    [
      'a document that is not an object',
      () => post(`${V2}/documents?${T}`, [{ id: 1, title: 'changed' }, 'x']),
      400,
      /documents\[1\]: each document must be an object/,
    ],
    [
      'a wrong field type',
      () =>
        post(`${V2}/documents?${T}`, [
          { id: 1, title: 'changed' },
          { id: 2, tags: 'a' },
        ]),
      400,
      /documents\[1\].tags: must be an array of strings/,
    ],
    [
      'a bad date',
      () => post(`${V2}/documents?${T}`, [{ id: 1, date: 'soon' }]),
      400,
      /documents\[0\].date: "soon" is not an ISO 8601 date/,
    ],
    [
      'a v2 field in a v1 body',
      () => post(`${V1}/documents?${T}`, [{ id: 1, title: 'changed' }]),
      400,
      /not a field of the v1 schema \(use title_t_bi\)/,
    ],
    ['an unknown path', () => svc.request(`/api/v2/projects/demo/collections/blog/frobnicate?${T}`), 404, /Unknown path/],
    [
      'an unknown path, sent to the shipped docs',
      () => svc.request(`/api/v2/nowhere?${T}`),
      404,
      /see docs\/http-api\.md in the trove-search-cli package/,
    ],
    ['search without handler', () => svc.request(`${V2}/search/?${T}`), 404, /Unknown path/],
    ['v1 feedback', () => svc.request(`${V1}/recommend/feedback/hits?${T}&source_id=1&target_id=2&item_order=1`), 404, /Unknown path/],
    ['POST on search', () => post(`${V2}/search/default?${T}`, {}), 405, /Method POST not allowed .* use GET/],
    ['GET on documents', () => svc.request(`${V2}/documents?${T}`), 405, /Method GET not allowed .* use POST/],
    ['DELETE on feedback', () => svc.request(`${V2}/autocomplete/feedback/hits?${T}`, { method: 'DELETE' }), 405, /use GET or POST/],
    [
      'broken percent-encoding',
      () => svc.request(`/api/v2/projects/de%E0%A4mo/collections/blog/search/default?${T}`),
      400,
      /broken percent-encoding/,
    ],
  ];

  it.each(cases)('%s', async (_name, send, status, message) => {
    const before = await snapshot();
    const { status: got, body } = await send();
    expect(got).toBe(status);
    expect(body.code).toBe(status);
    expect(Number.isInteger(body.time)).toBe(true);
    expect(body.response).toMatch(message);
    expect(await snapshot()).toBe(before);
  });

  it('sends Allow on 405', async () => {
    const { headers } = await svc.request(`${V2}/documents?${T}`);
    // The documents path takes POST (indexing) and DELETE (trove serve's delete extension).
    expect(headers.get('allow')).toBe('POST, DELETE, OPTIONS');
  });

  it('refuses a body over the limit with 413 and keeps the index', async () => {
    const small = await startService({ maxBodyBytes: 2000, seed: 10 });
    try {
      const before = await snapshot(small);
      const docs = Array.from({ length: 50 }, (_, i) => ({ id: i + 1, title: `Replaced ${i}`, content: 'x'.repeat(100) }));
      const res = await small.request(`${V2}/documents?${T}`, { method: 'POST', body: JSON.stringify(docs) });
      expect(res.status).toBe(413);
      expect(res.body.code).toBe(413);
      expect(res.body.response).toMatch(/Request body too large: \d+ bytes, the limit is 2000 bytes/);
      expect(await snapshot(small)).toBe(before);
    } finally {
      await small.stop();
      removeDir(small.dataDir);
    }
  });

  it('checks the path and the method before the body size: 404 and 405 for an oversized body', async () => {
    const small = await startService({ maxBodyBytes: 100, seed: 0 });
    try {
      const body = 'x'.repeat(500);
      const unknown = await small.request(`/api/v2/projects/demo/nothing-here?${T}`, { method: 'POST', body });
      expect([unknown.status, unknown.body.code]).toEqual([404, 404]);
      const wrongMethod = await small.request(`${V2}/search/default?${T}`, { method: 'POST', body });
      expect([wrongMethod.status, wrongMethod.body.code]).toEqual([405, 405]);
      const tooLarge = await small.request(`${V2}/documents?${T}`, { method: 'POST', body });
      expect(tooLarge.status).toBe(413);
    } finally {
      await small.stop();
      removeDir(small.dataDir);
    }
  });

  it('has a 5 MB default body limit', async () => {
    const before = await snapshot();
    const body = JSON.stringify([{ id: 1, title: 'huge', content: 'y'.repeat(5 * 1024 * 1024) }]);
    const res = await post(`${V2}/documents?${T}`, body);
    expect(res.status).toBe(413);
    expect(await snapshot()).toBe(before);
  });
});

describe('feedback', () => {
  async function feedbackLog(): Promise<any[]> {
    return (await svc.request('/_trove/feedback')).body;
  }

  it('records autocomplete feedback sent by GET on the handler-less path', async () => {
    await svc.request('/_trove/feedback', { method: 'DELETE' });
    const res = await svc.request(
      `${V2}/autocomplete/feedback/hits?${T}&${qs({ query: 'phot', item_id: '12', item_order: 2, url: '/posts/12/x', session_id: 's1' })}`,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 200, response: null });
    const [entry] = await feedbackLog();
    expect(entry).toMatchObject({
      kind: 'autocomplete',
      version: 'v2',
      handler: null,
      project: 'demo',
      collection: 'blog',
      params: { query: 'phot', item_id: '12', item_order: '2', url: '/posts/12/x' },
    });
    expect(entry.params).not.toHaveProperty('token');
    expect(entry.params).not.toHaveProperty('session_id');
    expect(Number.isNaN(Date.parse(entry.time))).toBe(false);
  });

  it('records recommendation feedback POSTed form-encoded, as JSON and as text/plain (sendBeacon)', async () => {
    await svc.request('/_trove/feedback', { method: 'DELETE' });
    const params = { source_id: '1', target_id: '7', item_order: '3', target_url: '/posts/7/y' };
    const form = await post(`${V2}/recommend/feedback/hits?${T}`, new URLSearchParams(params).toString(), {
      'Content-Type': 'application/x-www-form-urlencoded',
    });
    expect(form.status).toBe(200);
    const json = await post(`${V2}/recommend/default/feedback/hits?${T}`, { ...params, item_order: 4 });
    expect(json.status).toBe(200);
    const beacon = await post(`${V2}/recommend/recommend/feedback/hits?${T}`, new URLSearchParams(params).toString(), {
      'Content-Type': 'text/plain;charset=UTF-8',
    });
    expect(beacon.status).toBe(200);
    const log = await feedbackLog();
    expect(log.map((e) => [e.kind, e.handler, e.params.item_order])).toEqual([
      ['recommendation', null, '3'],
      ['recommendation', 'default', '4'],
      ['recommendation', 'recommend', '3'],
    ]);
    expect(log[0].params).toEqual(params);
    const lines = readFileSync(join(svc.dataDir, 'feedback.jsonl'), 'utf8').trim().split('\n');
    expect(lines).toHaveLength(3);
  });

  it('refuses incomplete or malformed feedback, logging nothing', async () => {
    await svc.request('/_trove/feedback', { method: 'DELETE' });
    const bad: [string, number, RegExp][] = [
      [`${V2}/autocomplete/feedback/hits?${T}&item_order=1`, 400, /Missing query/],
      [`${V2}/autocomplete/feedback/hits?${T}&query=x&item_order=0`, 400, /Invalid item_order "0"/],
      [`${V2}/recommend/feedback/hits?${T}&source_id=1&item_order=1`, 400, /Missing target_id/],
      [`${V2}/autocomplete/nope/feedback/hits?${T}&query=x&item_order=1`, 404, /Unknown autocomplete handler "nope"/],
      [`${V2}/recommend/nope/feedback/hits?${T}&source_id=1&target_id=2&item_order=1`, 404, /Unknown recommend handler "nope"/],
      [`/api/v2/projects/demo/collections/ghost/autocomplete/feedback/hits?${T}&query=x&item_order=1`, 404, /never been indexed/],
      [`${V2}/autocomplete/feedback/hits?token=bad&query=x&item_order=1`, 401, /Invalid token/],
    ];
    for (const [path, status, message] of bad) {
      const res = await svc.request(path);
      expect(res.status, path).toBe(status);
      expect(res.body.response).toMatch(message);
    }
    const json = await post(`${V2}/recommend/feedback/hits?${T}`, '[1,2]');
    expect(json.status).toBe(400);
    expect(await feedbackLog()).toEqual([]);
  });
});

describe('custom handlers', () => {
  let custom: Running;
  beforeAll(async () => {
    custom = await startService({
      seed: 200,
      handlers: {
        search: { travel: { filters: ['category:"Travel"'], limit: 3, boost: { title: 10 } } },
        autocomplete: { short: { limit: 2 } },
        recommend: { many: { limit: 7 } },
      },
    });
  });
  afterAll(async () => {
    await custom.stop();
    removeDir(custom.dataDir);
  });

  it('applies fixed filters and the default limit of a search handler, in both versions', async () => {
    for (const base of [V2, V1]) {
      const { body } = await custom.request(`${base}/search/travel?${T}`);
      expect(body.response.results).toHaveLength(3);
      for (const r of body.response.results) expect(r.categories).toContain('Travel');
      expect(body.response.facets.categories.buckets[0]).toEqual({ value: 'Travel', count: body.response.found_documents });
    }
    expect((await custom.request(`${V2}/search/travel?${T}&limit=5`)).body.response.results).toHaveLength(5);
  });

  it('uses the autocomplete and recommend handler limits', async () => {
    expect((await custom.request(`${V2}/autocomplete/short?${T}&q=the`)).body.response.results).toHaveLength(2);
    expect((await custom.request(`${V2}/recommend/many?${T}&id=3`)).body.response.results).toHaveLength(7);
    const fb = await custom.request(`${V2}/recommend/many/feedback/hits?${T}&source_id=3&target_id=4&item_order=1`);
    expect(fb.status).toBe(200);
  });

  it('keeps the built-in names', async () => {
    expect((await custom.request(`${V2}/search/default?${T}`)).status).toBe(200);
    expect((await custom.request(`${V2}/autocomplete/suggest?${T}&q=a`)).status).toBe(200);
    expect((await custom.request(`${V2}/search/short?${T}`)).body.response).toMatch(/known search handlers are default, travel/);
  });

  it('refuses to start with an invalid handlers file', async () => {
    await expect(startService({ seed: false, handlers: { search: { x: { limit: -1 } } } })).rejects.toThrow(/search.x.limit/);
  });
});

describe('helper endpoints', () => {
  it('logs every API request with repeated query keys in order, and clears on DELETE', async () => {
    expect((await svc.request('/_trove/requests', { method: 'DELETE' })).status).toBe(204);
    await svc.request(`${V2}/search/default?${T}&${qs({ q: 'a b', filter: ['tags:"X"', 'category:"Y"'], limit: 2 })}`);
    await svc.request(`${V2}/search/default?${T}`, { method: 'OPTIONS' });
    await post(`${V2}/recommend/feedback/hits?${T}`, 'source_id=1&target_id=2&item_order=1', {
      'Content-Type': 'application/x-www-form-urlencoded',
    });
    await svc.request('/_trove/health');
    const log = (await svc.request('/_trove/requests')).body;
    expect(log).toHaveLength(2);
    expect(log[0]).toMatchObject({
      method: 'GET',
      path: `${V2}/search/default`,
      query: [
        ['token', 'test-token'],
        ['q', 'a b'],
        ['filter', 'tags:"X"'],
        ['filter', 'category:"Y"'],
        ['limit', '2'],
      ],
      body: null,
    });
    expect(log[1]).toMatchObject({ method: 'POST', path: `${V2}/recommend/feedback/hits`, body: 'source_id=1&target_id=2&item_order=1' });
    await svc.request('/_trove/requests', { method: 'DELETE' });
    expect((await svc.request('/_trove/requests')).body).toEqual([]);
  });

  it('fails the next n matching requests on POST /_trove/fail', async () => {
    const set = await post('/_trove/fail', { path: 'search', status: 503, times: 2 });
    expect(set.status).toBe(200);
    const ok = await svc.request(`${V2}/autocomplete/?${T}&q=a`);
    expect(ok.status).toBe(200);
    for (let i = 0; i < 2; i++) {
      const failed = await svc.request(`${V2}/search/default?${T}&q=a`);
      expect(failed.status).toBe(503);
      expect(failed.body).toMatchObject({ code: 503, response: expect.stringMatching(/Injected failure/) });
    }
    expect((await svc.request(`${V2}/search/default?${T}&q=a`)).status).toBe(200);
  });

  it('matches every kind with "*", drops the connection for status 0, and clears on DELETE', async () => {
    await post('/_trove/fail', { path: '*', status: 500 });
    expect((await svc.request(`${V2}/recommend/?${T}&id=1`)).status).toBe(500);
    expect((await svc.request(`${V2}/recommend/?${T}&id=1`)).status).toBe(200);
    await post('/_trove/fail', { path: 'autocomplete', status: 0 });
    await expect(fetch(`${svc.base}${V2}/autocomplete/?${T}&q=a`)).rejects.toThrow();
    await post('/_trove/fail', { path: 'index', status: 500, times: 5 });
    expect((await svc.request('/_trove/fail', { method: 'DELETE' })).status).toBe(204);
    expect((await post(`/api/v2/projects/demo/collections/after-fail/documents?${T}`, [])).status).toBe(200);
  });

  it('only delays when delayMs comes without status', async () => {
    await post('/_trove/fail', { path: 'search', delayMs: 50 });
    expect((await svc.request(`${V2}/search/default?${T}`)).status).toBe(200);
  });

  it('refuses an invalid fail rule', async () => {
    expect((await post('/_trove/fail', { path: 'everything' })).status).toBe(400);
    expect((await post('/_trove/fail', { path: 'search', status: 200 })).status).toBe(400);
    expect((await post('/_trove/fail', { path: 'search', times: 0 })).status).toBe(400);
    expect((await post('/_trove/fail', 'nope')).status).toBe(400);
    expect((await svc.request(`${V2}/search/default?${T}`)).status).toBe(200);
  });

  it('answers health, 404 for unknown helpers, 405 for wrong methods', async () => {
    const health = await svc.request('/_trove/health');
    expect(health.status).toBe(200);
    expect(health.body.ok).toBe(true);
    expect(health.body.collections).toContainEqual({ project: 'demo', collection: 'blog', documents: 120 });
    expect((await svc.request('/_trove/nope')).status).toBe(404);
    expect((await svc.request('/_trove/health', { method: 'POST' })).status).toBe(405);
  });

  it('refuses reads with 503 and Retry-After, and is not healthy, until its start-up work is done; indexing goes on meanwhile', async () => {
    const ready = svc.service.starting('indexing the sample posts');
    const alsoReady = svc.service.starting('something else');
    for (const path of [
      `${V2}/search/default?${T}&q=rust`,
      `${V2}/autocomplete/?${T}&q=ru`,
      `${V2}/recommend/?${T}&id=1`,
      `${V1}/search/default?${T}`,
    ]) {
      const refused = await svc.request(path);
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('1');
      expect(refused.body).toMatchObject({
        code: 503,
        response: expect.stringMatching(/^Starting: indexing the sample posts; .*try again/),
      });
    }
    const health = await svc.request('/_trove/health');
    expect(health.status).toBe(503);
    expect(health.headers.get('retry-after')).toBe('1');
    expect(health.body).toMatchObject({ ok: false, starting: 'indexing the sample posts' });
    // A wrong token is still told so.
    expect((await svc.request(`${V2}/search/default?token=bad`)).status).toBe(401);
    expect((await post(`/api/v2/projects/demo/collections/starting/documents?${T}`, [{ id: 'x', title: 'Zwischenzeit' }])).status).toBe(
      200,
    );
    ready();
    expect((await svc.request(`${V2}/search/default?${T}&q=rust`)).status).toBe(503);
    alsoReady();
    expect((await svc.request(`${V2}/search/default?${T}&q=rust`)).status).toBe(200);
    expect((await svc.request('/_trove/health')).body).toMatchObject({ ok: true });
    expect(
      (await svc.request(`/api/v2/projects/demo/collections/starting/search/default?${T}&q=zwischenzeit`)).body.response.found_documents,
    ).toBe(1);
  });
});

describe('HTTP plumbing', () => {
  it('sends CORS headers on answers and errors, and 204 on preflight', async () => {
    const ok = await svc.request(`${V2}/search/default?${T}`);
    expect(ok.headers.get('access-control-allow-origin')).toBe('*');
    const err = await svc.request(`${V2}/search/default?token=bad`);
    expect(err.headers.get('access-control-allow-origin')).toBe('*');
    const pre = await fetch(`${svc.base}${V2}/documents`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://elsewhere.test',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type',
      },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('*');
    expect(pre.headers.get('access-control-allow-methods')).toContain('POST');
    expect(pre.headers.get('access-control-allow-headers')).toBe('content-type');
  });

  it('passes other paths to next(), or answers 404 without one', async () => {
    const { createService } = await import('../../src/service/createService.ts');
    const service = await createService({ dataDir: join(svc.dataDir, 'next-test') });
    let called = false;
    const res = { setHeader() {}, end() {} } as never;
    service.middleware({ url: '/posts/1/x', method: 'GET', headers: {} } as never, res, () => {
      called = true;
    });
    expect(called).toBe(true);
    await service.close();
    expect((await svc.request('/somewhere/else')).status).toBe(404);
  });
});

describe('persistence', () => {
  it('reloads indexed documents and feedback after a restart', async () => {
    let s = await startService({ seed: 30 });
    const path = `/api/v2/projects/p/collections/c/documents?${T}`;
    await s.request(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify([{ id: 1, title: 'Persistent post', date: '2022-02-02' }]),
    });
    await s.request(`/api/v2/projects/p/collections/c/autocomplete/feedback/hits?${T}&query=pers&item_order=1`);
    const before = await snapshot(s);
    s = await s.restart();
    try {
      expect(await snapshot(s)).toBe(before);
      const found = (await s.request(`/api/v2/projects/p/collections/c/search/default?${T}&q=persistent`)).body.response;
      expect(found.results[0]).toMatchObject({ id: '1', title: 'Persistent post', date: '2022-02-02T00:00:00.000+0000' });
      expect((await s.request('/_trove/feedback')).body).toHaveLength(1);
    } finally {
      await s.stop();
      removeDir(s.dataDir);
    }
  });

  it('writes snapshots atomically and ignores what a crash mid-write leaves behind', async () => {
    let s = await startService({ seed: 20 });
    const dir = join(s.dataDir, 'collections', 'demo');
    expect(readdirSync(dir)).toEqual(['blog.json']);
    const before = await snapshot(s);
    // A crash between writing the temporary file and the rename: a half-written temp file.
    writeFileSync(join(dir, '.blog.json.tmp-999-1'), '{"format":1,"project":"demo","collection":"blog","documents":[{"id":"1","ti');
    // A crash mid-append of feedback: a torn last line.
    writeFileSync(
      join(s.dataDir, 'feedback.jsonl'),
      `{"time":"${new Date().toISOString()}","kind":"autocomplete","version":"v2","handler":null,"project":"demo","collection":"blog","params":{}}\n{"time":"2024`,
    );
    s = await s.restart();
    try {
      expect(await snapshot(s)).toBe(before);
      // The temporary file is gone; the engine's index was saved beside the snapshot when the service stopped.
      expect(readdirSync(dir)).toEqual(['blog.index', 'blog.json']);
      expect((await s.request('/_trove/feedback')).body).toHaveLength(1);
    } finally {
      await s.stop();
      removeDir(s.dataDir);
    }
  });

  it('does not acknowledge (or apply) a batch it could not write', async () => {
    const s = await startService({ seed: 5 });
    try {
      // Make the snapshot path unwritable: a directory where the file should go.
      mkdirSync(join(s.dataDir, 'collections', 'p', 'c.json'), { recursive: true });
      const res = await s.request(`/api/v2/projects/p/collections/c/documents?${T}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify([{ id: 1, title: 'x' }]),
      });
      expect(res.status).toBe(500);
      expect(res.body.code).toBe(500);
      const after = await s.request(`/api/v2/projects/p/collections/c/search/default?${T}`);
      expect(after.status).toBe(404);
      expect(readdirSync(join(s.dataDir, 'collections', 'p')).filter((n) => n.includes('tmp'))).toEqual([]);
    } finally {
      await s.stop();
      removeDir(s.dataDir);
    }
  });

  it('stops the start on an unreadable snapshot with the command that sets it aside (issue 23)', async () => {
    const s = await startService({ seed: 5 });
    const file = join(s.dataDir, 'collections', 'demo', 'blog.json');
    await s.stop();
    writeFileSync(file, 'not json');
    try {
      const refused = await startService({ dataDir: s.dataDir, seed: false }).then(
        () => null,
        (error: Error) => error.message,
      );
      expect(refused).toContain(`${JSON.stringify(file)} is unreadable`);
      expect(refused).toContain(`mv ${JSON.stringify(file)} ${JSON.stringify(`${file}.corrupt`)}`);
      expect(readFileSync(file, 'utf8')).toBe('not json');
      // Following the advice starts the service without that collection.
      renameSync(file, `${file}.corrupt`);
      const again = await startService({ dataDir: s.dataDir, seed: false });
      expect((await again.request('/_trove/health')).body.collections).toEqual([]);
      await again.stop();
    } finally {
      removeDir(s.dataDir);
    }
  });

  it('keeps odd project and collection names in safe file names', async () => {
    const s = await startService({ seed: false });
    try {
      const path = `/api/v2/projects/${encodeURIComponent('../up')}/collections/${encodeURIComponent('a/b.c')}/documents?${T}`;
      expect(
        (await s.request(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '[{"id":1,"title":"odd"}]' }))
          .status,
      ).toBe(200);
      expect(readdirSync(join(s.dataDir, 'collections'))).toEqual(['%2E%2E%2Fup']);
      const t = await s.restart();
      const found = await t.request(
        `/api/v2/projects/${encodeURIComponent('../up')}/collections/${encodeURIComponent('a/b.c')}/search/default?${T}&q=odd`,
      );
      expect(found.body.response.found_documents).toBe(1);
      await t.stop();
    } finally {
      removeDir(s.dataDir);
    }
  });
});

describe('indexing while searches are answered', () => {
  it('paces batches while reads come, one interval apart; without reads, a batch goes at once', async () => {
    const paced = await startService({ seed: 20, writeIntervalMs: 400 });
    try {
      const batch = (id: number) =>
        paced.request(`${V2}/documents?${T}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify([{ id, title: `Paced ${id}`, content: 'words' }]),
        });
      const timed = async (id: number) => {
        const started = performance.now();
        expect((await batch(id)).status).toBe(200);
        return performance.now() - started;
      };
      // No read yet: back to back, neither waits.
      expect((await timed(9001)) + (await timed(9002))).toBeLessThan(350);
      // A reader searching all along: each batch waits for its turn, an interval after the previous.
      let reading = true;
      const reader = (async () => {
        while (reading) {
          await paced.request(`${V2}/search/default?${T}&q=paced`);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      })();
      await new Promise((resolve) => setTimeout(resolve, 50));
      const started = performance.now();
      await timed(9003);
      await timed(9004);
      await timed(9005);
      expect(performance.now() - started).toBeGreaterThan(750);
      reading = false;
      await reader;
      // Reads quiet again (over 100 ms): at once.
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(await timed(9006)).toBeLessThan(350);
    } finally {
      await paced.stop();
    }
  });
});
