import { describe, expect, it } from 'vitest';
import { validateDocuments } from '../../src/service/endpoints/validateDocuments.ts';

describe('validateDocuments', () => {
  it('normalises a v2 document', () => {
    const [doc] = validateDocuments(
      [
        {
          id: 7,
          title: 'T',
          content: 'C',
          url: '/u',
          image: '/i.svg',
          tags: ['a'],
          category: ['c'],
          author: ['x'],
          date: '2020-02-03T04:05:06Z',
        },
      ],
      'v2',
    );
    expect(doc).toEqual({
      id: '7',
      title: 'T',
      content: 'C',
      url: '/u',
      image: '/i.svg',
      tags: ['a'],
      categories: ['c'],
      authors: ['x'],
      meta: [],
      date: '2020-02-03T04:05:06Z',
      ts: Date.UTC(2020, 1, 3, 4, 5, 6),
    });
  });

  it('accepts both author and authors and merges them', () => {
    const [doc] = validateDocuments([{ id: 1, author: ['a'], authors: ['b', 'a'] }], 'v2');
    expect(doc!.authors).toEqual(['a', 'b']);
  });

  it('normalises a v1 document with the suffixed names', () => {
    const [doc] = validateDocuments(
      [
        {
          id: 'x1',
          title_t_bi: 'T',
          content_t_bi: 'C',
          url_s: '/u',
          image_s: '/i',
          tags_sa: ['t'],
          category_sa: ['c'],
          authors_sa: ['a'],
          author_sa: ['b'],
          date_dt: '2020-01-01',
          meta_sa: ['m'],
        },
      ],
      'v1',
    );
    expect(doc).toMatchObject({
      id: 'x1',
      title: 'T',
      content: 'C',
      url: '/u',
      image: '/i',
      tags: ['t'],
      categories: ['c'],
      authors: ['a', 'b'],
      meta: ['m'],
    });
  });

  it('compares ids as strings and lets a later duplicate win', () => {
    const docs = validateDocuments(
      [
        { id: 1, title: 'first' },
        { id: '1', title: 'second' },
      ],
      'v2',
    );
    expect(docs).toHaveLength(1);
    expect(docs[0]!.title).toBe('second');
  });

  it('treats null as absent and ignores unknown fields', () => {
    const [doc] = validateDocuments([{ id: 1, image: null, colour: 'red' }], 'v2');
    expect(doc!.image).toBeUndefined();
    expect(doc).not.toHaveProperty('colour');
  });

  it('accepts an empty array', () => {
    expect(validateDocuments([], 'v2')).toEqual([]);
  });

  it.each<[string, unknown, string | RegExp]>([
    ['an object body', { id: 1 }, 'the body must be a JSON array of documents, got an object'],
    ['a string body', 'docs', 'got a string'],
    ['null body', null, 'got null'],
    ['a non-object item', [{ id: 1 }, 5], 'documents[1]: each document must be an object, got a number'],
    ['an array item', [[]], 'documents[0]: each document must be an object, got an array'],
    ['a missing id', [{ id: 1 }, { title: 'x' }], 'documents[1]: missing id'],
    ['a null id', [{ id: null }], 'documents[0]: missing id'],
    ['an empty id', [{ id: '  ' }], 'documents[0].id: must be a number or a non-empty string'],
    ['an object id', [{ id: { a: 1 } }], 'documents[0].id: must be a number or a non-empty string (at most 512 characters), got an object'],
    ['a boolean id', [{ id: true }], 'got a boolean'],
    ['a non-finite id', [{ id: Number.NaN }], 'documents[0].id'],
    ['a numeric title', [{ id: 1, title: 5 }], 'documents[0].title: must be a string, got a number'],
    ['a string tags', [{ id: 1, tags: 'a,b' }], 'documents[0].tags: must be an array of strings, got a string'],
    ['a tags array with a number', [{ id: 1, tags: ['a', 2] }], 'with a non-string item'],
    ['an object category', [{ id: 1, category: { a: 1 } }], 'documents[0].category: must be an array of strings'],
    ['a bad date', [{ id: 1, date: 'last tuesday' }], 'documents[0].date: "last tuesday" is not an ISO 8601 date'],
    ['a v1 field in v2', [{ id: 1, title_t_bi: 'x' }], 'documents[0].title_t_bi: not a field of the v2 schema (use title)'],
  ])('rejects %s with 400 naming it', (_case, body, message) => {
    expect(() => validateDocuments(body, 'v2')).toThrow(message);
    try {
      validateDocuments(body, 'v2');
    } catch (error) {
      expect((error as { status: number }).status).toBe(400);
    }
  });

  it('rejects v2 field names in v1, pointing at the v1 name', () => {
    expect(() => validateDocuments([{ id: 1, title: 'x' }], 'v1')).toThrow(
      'documents[0].title: not a field of the v1 schema (use title_t_bi)',
    );
    expect(() => validateDocuments([{ id: 1, tags_sa: 'x' }], 'v1')).toThrow('documents[0].tags_sa: must be an array of strings');
  });
});
