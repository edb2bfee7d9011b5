import { describe, expect, it } from 'vitest';
import { safeUrl } from '../src/safeUrl.ts';
import { emptyResults, envelope, makeClient, recordingFetch } from './recordingFetch.ts';

function clientAnswering(response: unknown) {
  return makeClient(
    {},
    recordingFetch(() => envelope(response)),
  ).client;
}

describe('search and recommend records', () => {
  it('keeps well-formed records as they are, plus unknown fields', async () => {
    const record = {
      id: '1',
      title: 'Hello',
      content: 'World',
      url: 'https://blog.example/p/1',
      date: '2024-01-01T00:00:00.000+0000',
      image: '/img/1.png',
      categories: ['News'],
      tags: ['a'],
      custom: { x: 1 },
    };
    const answer = await clientAnswering({ ...emptyResults, found_documents: 1, results: [record] }).recommend({ id: 9 });
    expect(answer.results).toEqual([record]);
  });

  it('drops records that are not objects or have no id, and turns numeric ids into strings', async () => {
    const answer = await clientAnswering({
      ...emptyResults,
      found_documents: 9,
      results: [null, 'x', 3, [], { title: 'no id' }, { id: '' }, { id: 12, title: 'T' }],
    }).search({ q: 'a' });
    expect(answer.found_documents).toBe(9);
    expect(answer.results).toEqual([{ id: '12', title: 'T', content: '', url: '', date: '' }]);
  });

  it('normalises wrong field types instead of failing the answer', async () => {
    const answer = await clientAnswering({
      ...emptyResults,
      found_documents: 1,
      results: [{ id: '1', title: { html: 1 }, content: 5, url: 7, date: null, image: 3, categories: 'News', tags: ['a', 2, null, 'b'] }],
    }).search({ q: 'a' });
    expect(answer.results).toEqual([{ id: '1', title: '', content: '5', url: '', date: '', tags: ['a', 'b'] }]);
  });

  it('blanks javascript: and other unsafe URLs, and removes unsafe images', async () => {
    const answer = await clientAnswering({
      ...emptyResults,
      found_documents: 2,
      results: [
        { id: '1', title: '<img src=x onerror=alert(1)>', url: 'javascript:alert(1)', image: 'data:image/svg+xml,<svg onload=alert(1)>' },
        { id: '2', title: 'ok', url: ' JaVa\tScRiPt:alert(1)', image: 'https://cdn.example/i.png' },
      ],
    }).search({ q: 'a' });
    expect(answer.results[0]).toMatchObject({ title: '<img src=x onerror=alert(1)>', url: '' });
    expect(answer.results[0]).not.toHaveProperty('image');
    expect(answer.results[1]).toMatchObject({ url: '', image: 'https://cdn.example/i.png' });
  });

  it('makes facets null when they are not an object, and drops malformed buckets', async () => {
    const a = await clientAnswering({ ...emptyResults, facets: 'nope' }).search({ q: 'a' });
    expect(a.facets).toBeNull();
    const b = await clientAnswering({
      ...emptyResults,
      facets: {
        count: 3,
        categories: { buckets: [{ value: 'News', count: 2 }, { value: 'X' }, { value: 5, count: 1 }, null] },
        tags: { buckets: 'x' },
        authors: { buckets: [] },
        year: {
          buckets: [
            { value: 2024, count: 2 },
            { value: '2023', count: 1 },
            { value: 'old', count: 1 },
            { value: '', count: 1 },
          ],
        },
      },
    }).search({ q: 'b' });
    expect(b.facets).toEqual({
      count: 3,
      categories: { buckets: [{ value: 'News', count: 2 }] },
      authors: { buckets: [] },
      year: {
        buckets: [
          { value: 2024, count: 2 },
          { value: 2023, count: 1 },
        ],
      },
    });
  });

  it('defaults missing facets and spelling to null and passes spelling through', async () => {
    const a = await clientAnswering({ found_documents: 0, results: [] }).search({ q: 'a' });
    expect(a).toEqual({ found_documents: 0, results: [], facets: null, spelling: null });
    const b = await clientAnswering({ ...emptyResults, spelling: { suggestion: 'rust' } }).search({ q: 'b' });
    expect(b.spelling).toEqual({ suggestion: 'rust' });
  });
});

describe('autocomplete records', () => {
  it('keeps navigational and filter suggestions as typed records', async () => {
    const nav = {
      suggestion_type: 'navigational',
      phrase: 'Rust in production',
      id: '42',
      url: '/p/42',
      date: '2024-01-01T00:00:00.000+0000',
      category: ['Eng'],
    };
    const fil = { suggestion_type: 'filter', phrase: 'Rust', filters: ['tags:"Rust"'] };
    const answer = await clientAnswering({ ...emptyResults, found_documents: 2, results: [nav, fil] }).autocomplete({ q: 'ru' });
    expect(answer.results).toEqual([nav, fil]);
  });

  it('drops suggestions without a phrase, of an unknown type, navigational ones without a safe url and filter ones without filters', async () => {
    const answer = await clientAnswering({
      ...emptyResults,
      found_documents: 9,
      results: [
        { suggestion_type: 'navigational', id: '1', url: '/p/1' },
        { suggestion_type: 'other', phrase: 'x' },
        { phrase: 'no type' },
        { suggestion_type: 'navigational', phrase: 'no url', id: '2' },
        { suggestion_type: 'navigational', phrase: 'evil', id: '3', url: 'javascript:alert(1)' },
        { suggestion_type: 'filter', phrase: 'empty', filters: [] },
        { suggestion_type: 'filter', phrase: 'bad', filters: 'tags:"x"' },
        { suggestion_type: 'filter', phrase: 'mixed', filters: [1, 'tags:"x"'] },
        { suggestion_type: 'navigational', phrase: 'numeric id', id: 4, url: '/p/4', category: 'Eng', date: 5 },
      ],
    }).autocomplete({ q: 'x' });
    expect(answer.results).toEqual([
      { suggestion_type: 'filter', phrase: 'mixed', filters: ['tags:"x"'] },
      { suggestion_type: 'navigational', phrase: 'numeric id', id: '4', url: '/p/4' },
    ]);
  });
});

describe('safeUrl()', () => {
  it.each([
    'https://a.example/x',
    'http://a.example',
    '/posts/1',
    'posts/1',
    '?q=1',
    '#top',
    '//cdn.example/i.png',
    'HTTPS://A.EXAMPLE',
    '/a:b',
  ])('keeps %j', (url) => {
    expect(safeUrl(url)).toBe(url);
  });

  it.each([
    'javascript:alert(1)',
    ' javascript:alert(1)',
    'java\nscript:alert(1)',
    'JAVASCRIPT:x',
    'data:text/html,x',
    'vbscript:x',
    '\u0000javascript:x',
    'mailto:a@b',
  ])('rejects %j', (url) => {
    expect(safeUrl(url)).toBeUndefined();
  });

  it('rejects non-strings', () => {
    expect(safeUrl(null)).toBeUndefined();
    expect(safeUrl(42)).toBeUndefined();
    expect(safeUrl({ href: 'https://x.example' })).toBeUndefined();
    expect(safeUrl('')).toBeUndefined();
    expect(safeUrl('  ')).toBeUndefined();
  });
});
