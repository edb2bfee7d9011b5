import { describe, expect, it } from 'vitest';
import { Collection } from '../../src/service/Collection.ts';
import { parseFilter } from '../../src/service/parseFilter.ts';
import { validateDocuments } from '../../src/service/validateDocuments.ts';

function collectionOf(docs: object[]): Collection {
  const c = new Collection();
  c.upsert(validateDocuments(docs, 'v2'));
  return c;
}

const f = (raw: string) => parseFilter(raw, 'v2');

const corpus = [
  {
    id: 1,
    title: 'Shipping a Rust CLI',
    content: 'Notes on clap and error messages.',
    tags: ['Rust', 'Tooling'],
    category: ['Programming'],
    authors: ['Ann'],
    date: '2020-03-01T00:00:00Z',
  },
  {
    id: 2,
    title: 'Baking sourdough bread',
    content: 'Flour, water, salt and patience. Rust coloured crust.',
    tags: ['Baking', 'Bread'],
    category: ['Cooking'],
    authors: ['Bo'],
    date: '2021-06-01T00:00:00Z',
  },
  {
    id: 3,
    title: 'Photography at night',
    content: 'Long exposures of the city.',
    tags: ['Night', 'Gear'],
    category: ['Photography', 'Guides'],
    authors: ['Ann', 'Cy'],
    date: '2019-01-15T00:00:00Z',
  },
  {
    id: 4,
    title: 'A Rust web server',
    content: 'Async rust, photographs of benchmarks.',
    tags: ['Rust', 'Performance'],
    category: ['Programming', 'Guides'],
    authors: ['Cy'],
    date: '2021-01-01T00:00:00Z',
  },
  { id: 5, title: 'Undated thoughts', content: 'No date on this one.', tags: [], category: ['Notes'], authors: [] },
  {
    id: 6,
    title: 'Café culture in Lisbon',
    content: 'Pastéis and photography walks.',
    tags: ['Travel'],
    category: ['Travel'],
    authors: ['Bo'],
    date: '2021-06-01T00:00:00Z',
  },
];

describe('Collection.match', () => {
  const c = collectionOf(corpus);

  it('ranks title matches above content matches', () => {
    const ids = c.match('rust', [], undefined, 2);
    expect(ids.slice(0, 2).sort()).toEqual(['1', '4']);
    expect(ids).toContain('2');
    expect(ids.indexOf('2')).toBe(2);
  });

  it('combines terms with AND', () => {
    expect(c.match('rust server', [], undefined, 2)).toEqual(['4']);
    expect(c.match('rust sourdough', [], undefined, 2)).toEqual(['2']);
    expect(c.match('rust gardening', [], undefined, 2)).toEqual([]);
  });

  it('matches the last word as a prefix only', () => {
    expect(c.match('photo', [], undefined, 2).sort()).toEqual(['3', '4', '6']);
    expect(c.match('sourd', [], undefined, 2)).toEqual(['2']);
    expect(c.match('sourd bread', [], undefined, 2)).toEqual([]);
  });

  it('tolerates a typo in words of five letters or more', () => {
    expect(c.match('sourdugh', [], undefined, 2)).toEqual(['2']);
    expect(c.match('exposurs', [], undefined, 2)).toEqual(['3']);
  });

  it('ignores case and accents', () => {
    expect(c.match('CAFE', [], undefined, 2)).toEqual(['6']);
    expect(c.match('pasteis', [], undefined, 2)).toEqual(['6']);
  });

  it('answers every document newest first for an empty query, undated last', () => {
    expect(c.match('', [], undefined, 2)).toEqual(['2', '6', '4', '1', '3', '5']);
    expect(c.match('   ', [], undefined, 2)).toEqual(['2', '6', '4', '1', '3', '5']);
  });

  it('applies filters with AND, also on one field twice', () => {
    expect(c.match('', [f('tags:"Rust"')], undefined, 2)).toEqual(['4', '1']);
    expect(c.match('', [f('category:"Programming"'), f('category:"Guides"')], undefined, 2)).toEqual(['4']);
    expect(c.match('', [f('author:"Ann"'), f('year:"2019"')], undefined, 2)).toEqual(['3']);
    expect(c.match('rust', [f('category:"Cooking"')], undefined, 2)).toEqual(['2']);
    expect(c.match('', [f('tags:"Nope"')], undefined, 2)).toEqual([]);
    expect(c.match('rust', [f('tags:"Nope"')], undefined, 2)).toEqual([]);
  });

  it('matches filter values exactly (case-sensitive)', () => {
    expect(c.match('', [f('tags:"rust"')], undefined, 2)).toEqual([]);
  });

  it('sorts by date and title, ties by id, undated last both ways', () => {
    expect(c.match('', [], 'date asc', 2)).toEqual(['3', '1', '4', '2', '6', '5']);
    expect(c.match('rust', [], 'date desc', 2)).toEqual(['2', '4', '1']);
    expect(c.match('', [], 'title asc', 2)).toEqual(['4', '2', '6', '3', '1', '5']);
    expect(c.match('', [], 'title desc', 2)).toEqual(['5', '1', '3', '6', '2', '4']);
    expect(c.match('', [f('category:"Guides"')], 'title asc', 2)).toEqual(['4', '3']);
  });

  it('replaces a document on upsert, in text, facets and order', () => {
    const d = collectionOf(corpus);
    d.upsert(validateDocuments([{ id: '1', title: 'Gardening notes', tags: ['Garden'], date: '2010-01-01' }], 'v2'));
    expect(d.size).toBe(6);
    expect(d.match('shipping', [], undefined, 2)).toEqual([]);
    expect(d.match('garden', [], undefined, 2)).toEqual(['1']);
    expect(d.match('', [f('tags:"Rust"')], undefined, 2)).toEqual(['4']);
    expect(d.match('', [f('year:"2010"')], undefined, 2)).toEqual(['1']);
    expect(d.match('', [], 'date asc', 2)[0]).toBe('1');
  });
});

describe('Collection.facets', () => {
  const c = collectionOf(corpus);

  it('counts every match, sorted by count then value, years as numbers', () => {
    const facets = c.facets(c.match('', [], undefined, 2));
    expect(facets.count).toBe(6);
    expect(facets.categories.buckets).toEqual([
      { value: 'Guides', count: 2 },
      { value: 'Programming', count: 2 },
      { value: 'Cooking', count: 1 },
      { value: 'Notes', count: 1 },
      { value: 'Photography', count: 1 },
      { value: 'Travel', count: 1 },
    ]);
    expect(facets.year.buckets).toEqual([
      { value: 2021, count: 3 },
      { value: 2019, count: 1 },
      { value: 2020, count: 1 },
    ]);
    expect(facets.authors.buckets[0]).toEqual({ value: 'Ann', count: 2 });
  });

  it('counts over the matched set only', () => {
    const facets = c.facets(c.match('rust', [], undefined, 2));
    expect(facets.count).toBe(3);
    expect(facets.tags.buckets).toEqual([
      { value: 'Rust', count: 2 },
      { value: 'Baking', count: 1 },
      { value: 'Bread', count: 1 },
      { value: 'Performance', count: 1 },
      { value: 'Tooling', count: 1 },
    ]);
  });

  it('has empty buckets when nothing matched', () => {
    const facets = c.facets([]);
    expect(facets).toEqual({
      count: 0,
      categories: { buckets: [] },
      tags: { buckets: [] },
      authors: { buckets: [] },
      year: { buckets: [] },
    });
  });
});

describe('Collection.matchFacetValues', () => {
  const c = collectionOf(corpus);

  it('finds categories, tags and authors by name prefix or word prefix, exact first', () => {
    expect(c.matchFacetValues('photo', [])).toEqual([{ field: 'categories', value: 'Photography', count: 1, rank: 1 }]);
    expect(c.matchFacetValues('rust', [])[0]).toEqual({ field: 'tags', value: 'Rust', count: 2, rank: 0 });
    expect(c.matchFacetValues('b', []).map((m) => m.value)).toEqual(['Bo', 'Baking', 'Bread']);
  });

  it('respects filters in counts and drops values with none left', () => {
    expect(c.matchFacetValues('b', [f('category:"Travel"')]).map((m) => [m.value, m.count])).toEqual([['Bo', 1]]);
  });

  it('matches later words of a name', () => {
    const d = collectionOf([{ id: 1, category: ['Tips & Tricks'], tags: ['Open Source'] }]);
    expect(d.matchFacetValues('tri', []).map((m) => m.value)).toEqual(['Tips & Tricks']);
    expect(d.matchFacetValues('sour', []).map((m) => m.value)).toEqual(['Open Source']);
    expect(d.matchFacetValues('open so', []).map((m) => m.value)).toEqual(['Open Source']);
    expect(d.matchFacetValues('  ', [])).toEqual([]);
  });
});

describe('Collection.related', () => {
  const c = collectionOf(corpus);

  it('ranks by shared tags, categories and title terms, never the source', () => {
    const ids = c.related('1', undefined, [], undefined, 2);
    expect(ids[0]).toBe('4');
    expect(ids).not.toContain('1');
    expect(ids).not.toContain('5');
  });

  it('does not count a shared author alone', () => {
    const d = collectionOf([
      { id: 1, title: 'Alpha', authors: ['Ann'], tags: ['x'] },
      { id: 2, title: 'Beta', authors: ['Ann'], tags: ['y'] },
    ]);
    expect(d.related('1', undefined, [], undefined, 2)).toEqual([]);
  });

  it('applies filters and sort', () => {
    expect(c.related('1', undefined, [f('category:"Cooking"')], undefined, 2)).toEqual([]);
    const sorted = c.related('4', undefined, [], 'date asc', 2);
    expect(sorted).toEqual([...sorted].sort((a, b) => Date.parse(corpus[Number(a) - 1]!.date!) - Date.parse(corpus[Number(b) - 1]!.date!)));
  });

  it('uses the title parameter when the id is not indexed, else nothing', () => {
    expect(c.related('999', 'rust web', [], undefined, 2)[0]).toBe('4');
    expect(c.related('999', undefined, [], undefined, 2)).toEqual([]);
  });
});

describe('Collection.spellingSuggestion', () => {
  const c = collectionOf(corpus);

  it('suggests the closest indexed term when a query has no hits', () => {
    expect(c.match('patiecne', [], undefined, 2)).toEqual([]);
    expect(c.spellingSuggestion('patiecne')).toBe('patience');
    expect(c.match('rust sevrer', [], undefined, 2)).toEqual([]);
    expect(c.spellingSuggestion('rust sevrer')).toBe('rust server');
  });

  it('returns null when nothing close exists', () => {
    expect(c.spellingSuggestion('zzzzzz')).toBeNull();
    expect(c.spellingSuggestion('')).toBeNull();
  });
});

describe('queryTerms', () => {
  it('drops common words unless nothing else remains, and a one-letter last term after others', async () => {
    const { queryTerms } = await import('../../src/service/Collection.ts');
    expect(queryTerms('the art of bread')).toEqual(['art', 'bread']);
    expect(queryTerms('rust and the')).toEqual(['rust']);
    expect(queryTerms('with')).toEqual(['with']);
    expect(queryTerms('how to')).toEqual(['how', 'to']);
    expect(queryTerms('  Shipping, a Rust-CLI! ')).toEqual(['Shipping', 'Rust', 'CLI']);
    expect(queryTerms('getting s')).toEqual(['getting']);
    expect(queryTerms('s')).toEqual(['s']);
  });

  it('lets a query made of common words plus one real word find that word', () => {
    const c = collectionOf(corpus);
    expect(c.match('the photography of', [], undefined, 2)).toEqual(c.match('photography', [], undefined, 2));
    expect(c.match('a sourdough', [], undefined, 2)).toEqual(['2']);
  });
});
