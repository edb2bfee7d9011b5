/**
 * The Engine contract: what every engine behind the endpoints must answer, as a test suite any
 * engine can run (`describeEngine('MyEngine', () => new MyEngine())`). MiniSearchEngine.test.ts
 * runs it against the embedded engine.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine, FieldFilter } from '../../src/service/engine/Engine.ts';
import { parseFilter } from '../../src/service/endpoints/parseFilter.ts';
import type { SortKey } from '../../src/service/engine/parseSort.ts';
import { generatePosts } from '../../src/service/sample/generatePosts.ts';
import { validateDocuments } from '../../src/service/endpoints/validateDocuments.ts';
import { topicPosts } from './topicPosts.ts';

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

/** Ids of every match (up to 100) of `q`, as search answers them. */
async function match(engine: Engine, q: string, filters: FieldFilter[], sort: SortKey | undefined, titleBoost: number): Promise<string[]> {
  const page = await engine.search({ q, filters, sort, skip: 0, limit: 100, facets: false, titleBoost });
  return page.hits.map((doc) => doc.id);
}

async function facetsOf(engine: Engine, q: string) {
  const page = await engine.search({ q, filters: [], skip: 0, limit: 0, facets: true, titleBoost: 2 });
  return page.facets!;
}

function suggest(engine: Engine, text: string, filters: FieldFilter[]) {
  return engine.suggest({ text, filters, limit: 100 });
}

async function related(
  engine: Engine,
  id: string,
  title: string | undefined,
  filters: FieldFilter[],
  sort: SortKey | undefined,
  titleBoost: number,
) {
  const page = await engine.related({ id, title, filters, sort, skip: 0, limit: 100, facets: false, titleBoost });
  return page.hits.map((doc) => doc.id);
}

async function spelling(engine: Engine, q: string) {
  return (await engine.search({ q, filters: [], skip: 0, limit: 10, facets: false, titleBoost: 2, spelling: true })).spelling;
}

export function describeEngine(name: string, createEngine: () => Engine): void {
  async function engineOf(docs: object[]): Promise<Engine> {
    const engine = createEngine();
    await engine.upsert(validateDocuments(docs, 'v2'));
    return engine;
  }

  describe(`${name}: search`, () => {
    let c: Engine;
    beforeAll(async () => {
      c = await engineOf(corpus);
    });

    it('ranks title matches above content matches', async () => {
      const ids = await match(c, 'rust', [], undefined, 2);
      expect(ids.slice(0, 2).sort()).toEqual(['1', '4']);
      expect(ids).toContain('2');
      expect(ids.indexOf('2')).toBe(2);
    });

    it('combines terms with AND', async () => {
      expect(await match(c, 'rust server', [], undefined, 2)).toEqual(['4']);
      expect(await match(c, 'rust sourdough', [], undefined, 2)).toEqual(['2']);
      expect(await match(c, 'rust gardening', [], undefined, 2)).toEqual([]);
    });

    it('matches the last word as a prefix only', async () => {
      expect((await match(c, 'photo', [], undefined, 2)).sort()).toEqual(['3', '4', '6']);
      expect(await match(c, 'sourd', [], undefined, 2)).toEqual(['2']);
      expect(await match(c, 'sourd bread', [], undefined, 2)).toEqual([]);
    });

    it('tolerates a typo in words of five letters or more', async () => {
      expect(await match(c, 'sourdugh', [], undefined, 2)).toEqual(['2']);
      expect(await match(c, 'exposurs', [], undefined, 2)).toEqual(['3']);
    });

    it('ignores case and accents', async () => {
      expect(await match(c, 'CAFE', [], undefined, 2)).toEqual(['6']);
      expect(await match(c, 'pasteis', [], undefined, 2)).toEqual(['6']);
    });

    it('answers every document newest first for an empty query, undated last', async () => {
      expect(await match(c, '', [], undefined, 2)).toEqual(['2', '6', '4', '1', '3', '5']);
      expect(await match(c, '   ', [], undefined, 2)).toEqual(['2', '6', '4', '1', '3', '5']);
    });

    it('applies filters with AND, also on one field twice', async () => {
      expect(await match(c, '', [f('tags:"Rust"')], undefined, 2)).toEqual(['4', '1']);
      expect(await match(c, '', [f('category:"Programming"'), f('category:"Guides"')], undefined, 2)).toEqual(['4']);
      expect(await match(c, '', [f('author:"Ann"'), f('year:"2019"')], undefined, 2)).toEqual(['3']);
      expect(await match(c, 'rust', [f('category:"Cooking"')], undefined, 2)).toEqual(['2']);
      expect(await match(c, '', [f('tags:"Nope"')], undefined, 2)).toEqual([]);
      expect(await match(c, 'rust', [f('tags:"Nope"')], undefined, 2)).toEqual([]);
    });

    it('matches filter values exactly (case-sensitive)', async () => {
      expect(await match(c, '', [f('tags:"rust"')], undefined, 2)).toEqual([]);
    });

    it('sorts by date and title, ties by id, undated last both ways', async () => {
      expect(await match(c, '', [], 'date asc', 2)).toEqual(['3', '1', '4', '2', '6', '5']);
      expect(await match(c, 'rust', [], 'date desc', 2)).toEqual(['2', '4', '1']);
      expect(await match(c, '', [], 'title asc', 2)).toEqual(['4', '2', '6', '3', '1', '5']);
      expect(await match(c, '', [], 'title desc', 2)).toEqual(['5', '1', '3', '6', '2', '4']);
      expect(await match(c, '', [f('category:"Guides"')], 'title asc', 2)).toEqual(['4', '3']);
    });

    it('replaces a document on upsert, in text, facets and order', async () => {
      const d = await engineOf(corpus);
      await d.upsert(validateDocuments([{ id: '1', title: 'Gardening notes', tags: ['Garden'], date: '2010-01-01' }], 'v2'));
      expect(await d.count()).toBe(6);
      expect(await match(d, 'shipping', [], undefined, 2)).toEqual([]);
      expect(await match(d, 'garden', [], undefined, 2)).toEqual(['1']);
      expect(await match(d, '', [f('tags:"Rust"')], undefined, 2)).toEqual(['4']);
      expect(await match(d, '', [f('year:"2010"')], undefined, 2)).toEqual(['1']);
      expect((await match(d, '', [], 'date asc', 2))[0]).toBe('1');
      // Replaced again: a value it keeps still finds it, one it gained too, one it lost no more.
      await d.upsert(validateDocuments([{ id: '1', title: 'Gardening notes', tags: ['Garden', 'Soil'], date: '2011-01-01' }], 'v2'));
      expect(await match(d, '', [f('tags:"Garden"')], undefined, 2)).toEqual(['1']);
      expect(await match(d, '', [f('tags:"Soil"'), f('tags:"Garden"')], undefined, 2)).toEqual(['1']);
      expect(await match(d, '', [f('year:"2010"')], undefined, 2)).toEqual([]);
    });
  });

  describe(`${name}: the box's order (titleFirst)`, () => {
    let c: Engine;
    const box = async (q: string, filters: FieldFilter[] = []) =>
      (await c.search({ q, filters, skip: 0, limit: 100, facets: false, titleBoost: 3, titleFirst: true })).hits.map((d) => d.id);
    beforeAll(async () => {
      c = await engineOf([
        { id: 1, title: 'Why I keep coming back to the coast', content: 'Walks along the cliffs.', category: ['Travel'] },
        { id: 2, title: 'Why I keep coming back to film', content: 'A rangefinder on the coast.', category: ['Photography'] },
        { id: 3, title: 'Sourdough at home', content: 'A starter fed with rye flour, and a quorvex of a loaf.', category: ['Cooking'] },
        { id: 4, title: 'Coastal walks', content: 'Cliffs and coves.', category: ['Travel'] },
        {
          id: 5,
          title: 'A year of notes',
          content: 'The coast, the coast again, coast paths and coast light. Why I keep coming back.',
          category: ['Travel'],
        },
        { id: 6, title: 'Kayak trips', content: 'A paddle on the lake.', category: ['Travel'] },
        { id: 7, title: 'Kayak trips', content: 'Kayak rolls, kayak repairs and a kayak rack.', category: ['Travel'] },
      ]);
    });

    it('offers a post by a word of its body, typed as a prefix', async () => {
      expect(await box('quorv')).toEqual(['3']);
      expect(await box('rangefind')).toEqual(['2']);
    });

    it('puts the posts whose title has the words before those that have them in their content alone, however much those are about them', async () => {
      const ids = await box('coast');
      expect(ids.slice(0, 2).sort()).toEqual(['1', '4']);
      expect(ids.slice(2).sort()).toEqual(['2', '5']);
    });

    it('puts the titles that start with the text as typed before the other titles with its words', async () => {
      expect(await box('Why I keep coming back to f')).toEqual(['2', '1', '5']);
      expect(await box('why i keep coming back to the c')).toEqual(['1', '2', '5']);
    });

    it('ranks posts whose titles match alike by how much each is about the words (title and content together)', async () => {
      expect(await box('kay')).toEqual(['7', '6']);
    });

    it('keeps typo tolerance and filters', async () => {
      expect(await box('sourdugh')).toEqual(['3']);
      expect(await box('coast', [f('category:"Travel"')])).not.toContain('2');
    });
  });

  describe(`${name}: search facets`, () => {
    let c: Engine;
    beforeAll(async () => {
      c = await engineOf(corpus);
    });

    it('counts every match, sorted by count then value, years as numbers', async () => {
      const facets = await facetsOf(c, '');
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

    it('counts over the matched set only', async () => {
      const facets = await facetsOf(c, 'rust');
      expect(facets.count).toBe(3);
      expect(facets.tags.buckets).toEqual([
        { value: 'Rust', count: 2 },
        { value: 'Baking', count: 1 },
        { value: 'Bread', count: 1 },
        { value: 'Performance', count: 1 },
        { value: 'Tooling', count: 1 },
      ]);
    });

    it('has empty buckets when nothing matched', async () => {
      const facets = await facetsOf(c, 'zzzzzz');
      expect(facets).toEqual({
        count: 0,
        categories: { buckets: [] },
        tags: { buckets: [] },
        authors: { buckets: [] },
        year: { buckets: [] },
      });
    });
  });

  describe(`${name}: suggest`, () => {
    let c: Engine;
    beforeAll(async () => {
      c = await engineOf(corpus);
    });

    it('finds categories, tags and authors by name prefix or word prefix, exact first', async () => {
      expect(await suggest(c, 'photo', [])).toEqual([{ field: 'categories', value: 'Photography', count: 1, rank: 1 }]);
      expect((await suggest(c, 'rust', []))[0]).toEqual({ field: 'tags', value: 'Rust', count: 2, rank: 0 });
      expect((await suggest(c, 'b', [])).map((m) => m.value)).toEqual(['Bo', 'Baking', 'Bread']);
    });

    it('respects filters in counts and drops values with none left', async () => {
      expect((await suggest(c, 'b', [f('category:"Travel"')])).map((m) => [m.value, m.count])).toEqual([['Bo', 1]]);
    });

    it('matches later words of a name', async () => {
      const d = await engineOf([{ id: 1, category: ['Tips & Tricks'], tags: ['Open Source'] }]);
      expect((await suggest(d, 'tri', [])).map((m) => m.value)).toEqual(['Tips & Tricks']);
      expect((await suggest(d, 'sour', [])).map((m) => m.value)).toEqual(['Open Source']);
      expect((await suggest(d, 'open so', [])).map((m) => m.value)).toEqual(['Open Source']);
      expect(await suggest(d, '  ', [])).toEqual([]);
    });
  });

  describe(`${name}: related`, () => {
    let c: Engine;
    beforeAll(async () => {
      c = await engineOf(corpus);
    });

    it('ranks by shared tags, categories and title terms, never the source', async () => {
      const ids = await related(c, '1', undefined, [], undefined, 2);
      expect(ids[0]).toBe('4');
      expect(ids).not.toContain('1');
      expect(ids).not.toContain('5');
    });

    it('does not count a shared author alone', async () => {
      const d = await engineOf([
        { id: 1, title: 'Alpha', authors: ['Ann'], tags: ['x'] },
        { id: 2, title: 'Beta', authors: ['Ann'], tags: ['y'] },
      ]);
      expect(await related(d, '1', undefined, [], undefined, 2)).toEqual([]);
    });

    it('applies filters and sort', async () => {
      expect(await related(c, '1', undefined, [f('category:"Cooking"')], undefined, 2)).toEqual([]);
      const sorted = await related(c, '4', undefined, [], 'date asc', 2);
      expect(sorted).toEqual(
        [...sorted].sort((a, b) => Date.parse(corpus[Number(a) - 1]!.date!) - Date.parse(corpus[Number(b) - 1]!.date!)),
      );
    });

    it('uses the title parameter when the id is not indexed, else nothing', async () => {
      expect((await related(c, '999', 'rust web', [], undefined, 2))[0]).toBe('4');
      expect(await related(c, '999', undefined, [], undefined, 2)).toEqual([]);
    });

    it('relates posts without tags or categories by what they say: 2 of the first 3 on the old post’s topic, on every post', async () => {
      const { posts, topicOf } = topicPosts(20);
      const blog = await engineOf(posts);
      const onTopic: number[] = [];
      for (const post of posts) {
        const first3 = (await related(blog, String(post.id), undefined, [], undefined, 2)).slice(0, 3);
        onTopic.push(first3.filter((id) => topicOf(id) === topicOf(post.id)).length);
      }
      // Posts 1-40 are the oldest third (the ones a feed never carried).
      expect(onTopic.slice(0, 40).filter((n) => n >= 2)).toHaveLength(40);
      expect(onTopic.filter((n) => n >= 2).length).toBeGreaterThanOrEqual(114);
    });

    it('fills the block of a post without tags whose 19 topic siblings include a near-twin, on its topic', async () => {
      const { posts, topicOf } = topicPosts(20);
      // Post 7 (the same topic as post 1) says what post 1 says, and a sentence more.
      const twin = { ...posts[6]!, content: `${posts[0]!.content} One more sentence.` };
      const blog = await engineOf([...posts.slice(0, 6), twin, ...posts.slice(7)]);
      const block = (await blog.related({ id: '1', filters: [], skip: 0, limit: 4, facets: false, titleBoost: 2 })).hits;
      expect(block.map((d) => d.id)).toContain('7');
      expect(block.map((d) => topicOf(d.id))).toEqual(Array(4).fill(topicOf(1)));
    });

    it('gives a post on a subject no other post has an empty block, though its title, its common words and a word of another topic echo others', async () => {
      const { posts } = topicPosts(20);
      const alone = {
        id: 999,
        title: 'Notes on lattice chromodynamics',
        content:
          'Quarks and gluons on a lattice: chromodynamics, confinement and hadron masses. Quarks, gluons, lattice spacing, chromodynamics again. A little time in the morning, a plan, and the migration of my notes.',
      };
      const blog = await engineOf([...posts, alone]);
      expect(await related(blog, '999', undefined, [], undefined, 2)).toEqual([]);
    });

    it('relates tagged posts no worse than by their tags and categories alone: the overlap of the first 3 is kept', async () => {
      const posts = validateDocuments(generatePosts(600), 'v2');
      const blog = createEngine();
      await blog.upsert(posts);
      let tags = 0;
      let categories = 0;
      for (const post of posts) {
        for (const hit of (await blog.related({ id: post.id, filters: [], skip: 0, limit: 3, facets: false, titleBoost: 2 })).hits) {
          tags += hit.tags.filter((t) => post.tags.includes(t)).length;
          categories += hit.categories.filter((c) => post.categories.includes(c)).length;
        }
      }
      // Shared by the first 3 related posts of each of the 600, summed, with the rule of tags,
      // categories, authors and title words alone: 5,378 tags and 2,341 categories.
      expect(tags).toBeGreaterThanOrEqual(5378);
      expect(tags + categories).toBeGreaterThanOrEqual(7719);
    });

    it('fills the block of a post whose tags no other post has with the posts closest in words, after the tagged ones', async () => {
      const d = await engineOf([
        { id: 1, title: 'Proofing sourdough', content: 'Sourdough starter, levain and a banneton overnight.', tags: ['Only mine'] },
        { id: 2, title: 'A loaf a week', content: 'My sourdough starter and levain, shaped in a banneton.', tags: ['Bread'] },
        { id: 3, title: 'Night sky', content: 'A telescope, an eyepiece and Jupiter at midnight.', tags: ['Sky'] },
        { id: 4, title: 'Shared tag', content: 'Nothing alike.', tags: ['Only mine', 'Other'] },
        { id: 5, title: 'Jupiter again', content: 'The telescope and Saturn.', tags: ['Sky'] },
      ]);
      expect(await related(d, '1', undefined, [], undefined, 2)).toEqual(['4', '2']);
    });
  });

  describe(`${name}: spelling`, () => {
    let c: Engine;
    beforeAll(async () => {
      c = await engineOf(corpus);
    });

    it('suggests the closest indexed term when a query has no hits', async () => {
      expect(await match(c, 'patiecne', [], undefined, 2)).toEqual([]);
      expect(await spelling(c, 'patiecne')).toBe('patience');
      expect(await match(c, 'rust sevrer', [], undefined, 2)).toEqual([]);
      expect(await spelling(c, 'rust sevrer')).toBe('rust server');
    });

    it('returns null when nothing close exists', async () => {
      expect(await spelling(c, 'zzzzzz')).toBeNull();
      expect(await spelling(c, '')).toBeNull();
    });
  });

  describe(`${name}: common words`, () => {
    it('lets a query made of common words plus one real word find that word', async () => {
      const c = await engineOf(corpus);
      expect(await match(c, 'the photography of', [], undefined, 2)).toEqual(await match(c, 'photography', [], undefined, 2));
      expect(await match(c, 'a sourdough', [], undefined, 2)).toEqual(['2']);
    });
  });

  describe(`${name}: pages`, () => {
    let big: Engine;
    const posts = generatePosts(400);
    beforeAll(async () => {
      big = await engineOf(posts);
    });

    it('counts every match in total and answers the page skip..skip+limit of the full order', async () => {
      for (const sort of [undefined, 'date desc', 'date asc', 'title asc', 'title desc'] as const) {
        for (const q of ['', 'travel', 'the']) {
          const all = await big.search({ q, filters: [], sort, skip: 0, limit: 400, facets: false, titleBoost: 2 });
          expect(all.total).toBeGreaterThan(10);
          for (const [skip, limit] of [
            [0, 10],
            [7, 3],
            [all.total - 2, 10],
            [all.total + 5, 10],
          ] as const) {
            const page = await big.search({ q, filters: [], sort, skip, limit, facets: false, titleBoost: 2 });
            expect(page.total).toBe(all.total);
            expect(page.hits.map((d) => d.id)).toEqual(all.hits.slice(skip, skip + limit).map((d) => d.id));
          }
        }
      }
    });

    it('answers counts and facets without hits for limit 0', async () => {
      const page = await big.search({ q: '', filters: [f('category:"Travel"')], skip: 0, limit: 0, facets: true, titleBoost: 2 });
      expect(page.hits).toEqual([]);
      expect(page.total).toBe(posts.filter((p) => p.category?.includes('Travel')).length);
      expect(page.facets?.count).toBe(page.total);
      expect(page.facets?.categories?.buckets[0]).toEqual({ value: 'Travel', count: page.total });
    });

    it('counts facets the same over few and over most of the documents', async () => {
      for (const q of ['rust', 'the', '']) {
        const page = await big.search({ q, filters: [], skip: 0, limit: 400, facets: true, titleBoost: 2 });
        const counted = new Map<string, number>();
        for (const doc of page.hits) for (const tag of new Set(doc.tags)) counted.set(tag, (counted.get(tag) ?? 0) + 1);
        for (const bucket of page.facets!.tags!.buckets)
          expect([q, bucket.value, bucket.count]).toEqual([q, bucket.value, counted.get(bucket.value)]);
        expect(page.facets!.tags!.buckets).toHaveLength(Math.min(100, counted.size));
      }
    });

    it('keeps sorted orders right when documents are added and replaced in batches', async () => {
      const engine = await engineOf(posts.slice(0, 100));
      await engine.upsert(validateDocuments(posts.slice(100, 130), 'v2'));
      await engine.upsert(validateDocuments([{ ...posts[5]!, title: '0 comes first', date: '2030-01-01T00:00:00Z' }], 'v2'));
      const page = (sort: SortKey) => engine.search({ q: '', filters: [], sort, skip: 0, limit: 200, facets: false, titleBoost: 2 });
      const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
      const titles = (await page('title asc')).hits.map((d) => d.title);
      expect(titles).toHaveLength(130);
      expect(titles[0]).toBe('0 comes first');
      expect(titles).toEqual([...titles].sort(collator.compare));
      const newest = (await page('date desc')).hits;
      expect(newest[0]!.id).toBe(String(posts[5]!.id));
      expect(newest.map((d) => d.ts)).toEqual(newest.map((d) => d.ts).sort((a, b) => b! - a!));
      // Batches after the first sort by title keep both title orders.
      await engine.upsert(validateDocuments(posts.slice(130, 150), 'v2'));
      await engine.upsert(
        validateDocuments(
          [
            { ...posts[7]!, title: 'zzz comes last' },
            { ...posts[5]!, title: 'Middle' },
          ],
          'v2',
        ),
      );
      const after = (await page('title asc')).hits.map((d) => d.title);
      expect(after).toHaveLength(150);
      expect(after).toEqual([...after].sort(collator.compare));
      expect(after.at(-1)).toBe('zzz comes last');
      expect((await page('title desc')).hits.map((d) => d.title)).toEqual([...after].reverse());
    });

    it('pages related documents with their total', async () => {
      const all = await big.related({ id: '1', filters: [], skip: 0, limit: 400, facets: true, titleBoost: 2 });
      const page = await big.related({ id: '1', filters: [], skip: 3, limit: 4, facets: false, titleBoost: 2 });
      expect(all.total).toBeGreaterThan(7);
      expect(page.total).toBe(all.total);
      expect(page.hits.map((d) => d.id)).toEqual(all.hits.slice(3, 7).map((d) => d.id));
      expect(all.facets?.count).toBe(all.total);
    });

    it('hands back every document for persistence, and counts them', async () => {
      const docs = await big.snapshot();
      expect(await big.count()).toBe(400);
      expect(docs.map((d) => d.id).sort()).toEqual(posts.map((p) => String(p.id)).sort());
    });
  });
}
