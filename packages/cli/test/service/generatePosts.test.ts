import { describe, expect, it } from 'vitest';
import { AUTHORS, generatePosts, IMAGE_COUNT } from '../../src/service/sample/generatePosts.ts';
import { MiniSearchEngine } from '../../src/service/engine/MiniSearchEngine.ts';
import { validateDocuments } from '../../src/service/endpoints/validateDocuments.ts';

const TOPICS = ['Programming', 'Travel', 'Cooking', 'Photography', 'Gardening'];

/** Programming languages a title can name; a post about one is tagged with it and with no other. */
const LANGUAGES = ['Rust', 'Go', 'TypeScript', 'Python', 'Elixir', 'Kotlin', 'WebAssembly', 'C++', 'C#', 'Haskell', 'Zig', 'Swift', 'Lisp'];

/** Places a title can name, and the continent a post about each is tagged with (and no other). */
const CONTINENTS: Record<string, string> = {
  Lisbon: 'Europe',
  Vienna: 'Europe',
  Dolomites: 'Europe',
  Faroe: 'Europe',
  Scottish: 'Europe',
  Norwegian: 'Europe',
  Hokkaido: 'Asia',
  Kerala: 'Asia',
  Atacama: 'South America',
  Patagonia: 'South America',
  Oaxaca: 'North America',
  Marrakech: 'Africa',
};
const continents = [...new Set(Object.values(CONTINENTS))];

/** The words of a title, for finding a name in it (`C++` and `C#` are words here). */
const titleWords = (title: string) => new Set(title.split(/[^\p{L}\p{N}+#]+/u));

describe('generatePosts', () => {
  const posts = generatePosts();

  it('makes 600 posts by default with ids 1..600', () => {
    expect(posts).toHaveLength(600);
    expect(posts.map((p) => p.id)).toEqual(Array.from({ length: 600 }, (_, i) => i + 1));
  });

  it('is deterministic for a seed and differs between seeds', () => {
    expect(generatePosts(50)).toEqual(generatePosts(50));
    expect(generatePosts(50, 2)).not.toEqual(generatePosts(50, 1));
    expect(generatePosts(600).slice(0, 50)).toEqual(generatePosts(50));
  });

  it('gives every post the v2 fields within the documented ranges', () => {
    const start = Date.UTC(2016, 0, 1);
    const end = Date.UTC(2026, 0, 1);
    for (const post of posts) {
      expect(post.title!.length).toBeGreaterThan(10);
      expect(post.content!.split('\n\n').length).toBeGreaterThanOrEqual(3);
      expect(post.url).toMatch(new RegExp(`^/posts/${post.id}/[a-z0-9-]+$`));
      expect(post.tags!.length).toBeGreaterThanOrEqual(2);
      expect(post.tags!.length).toBeLessThanOrEqual(4);
      expect(post.category!.length).toBeGreaterThanOrEqual(1);
      expect(post.category!.length).toBeLessThanOrEqual(2);
      expect(post.authors!.length).toBeGreaterThanOrEqual(1);
      expect(post.authors!.length).toBeLessThanOrEqual(2);
      for (const author of post.authors!) expect(AUTHORS).toContain(author);
      const ts = Date.parse(post.date!);
      expect(ts).toBeGreaterThanOrEqual(start);
      expect(ts).toBeLessThan(end);
      if (post.image !== undefined) {
        const n = Number(/^\/demo-assets\/img\/(\d+)\.svg$/.exec(post.image)![1]);
        expect(n).toBeGreaterThanOrEqual(1);
        expect(n).toBeLessThanOrEqual(IMAGE_COUNT);
      }
    }
  });

  it('spreads dates over ten years, and leaves some posts without an image', () => {
    const years = new Set(posts.map((p) => new Date(p.date!).getUTCFullYear()));
    expect([...years].sort()).toEqual([2016, 2017, 2018, 2019, 2020, 2021, 2022, 2023, 2024, 2025]);
    const withoutImage = posts.filter((p) => p.image === undefined).length;
    expect(withoutImage).toBeGreaterThan(20);
    expect(withoutImage).toBeLessThan(150);
  });

  it('covers the five topics and mostly distinct titles', () => {
    const categories = new Set(posts.flatMap((p) => p.category!));
    for (const topic of ['Programming', 'Travel', 'Cooking', 'Photography', 'Gardening']) expect(categories).toContain(topic);
    expect(new Set(posts.map((p) => p.title)).size).toBeGreaterThan(400);
  });

  it('gives every post a title no other post has, also past the number of templates', () => {
    expect(new Set(posts.map((p) => p.title)).size).toBe(posts.length);
    const many = generatePosts(3000, 7);
    expect(new Set(many.map((p) => p.title)).size).toBe(many.length);
  });

  it('files each post under one of the five topics first, and never under two of them', () => {
    for (const post of posts) {
      expect(TOPICS).toContain(post.category![0]);
      expect(post.category!.filter((c) => TOPICS.includes(c))).toHaveLength(1);
    }
  });

  it('files a guide under Guides and a review under Reviews, and nothing else there', () => {
    for (const post of posts) {
      const guide = /^(A beginner's guide to|Getting started with|What to pack for) /.test(post.title!);
      const review = /worth the effort\?$/.test(post.title!);
      expect(post.category!.includes('Guides') || !guide, post.title).toBe(true);
      expect(post.category!.includes('Reviews'), post.title).toBe(review);
    }
  });

  it('keeps the tags of each topic to that topic', () => {
    const topicsOfTag = new Map<string, Set<string>>();
    for (const post of posts)
      for (const tag of post.tags!) topicsOfTag.set(tag, (topicsOfTag.get(tag) ?? new Set()).add(post.category![0]!));
    for (const [tag, topics] of topicsOfTag) expect([...topics], tag).toHaveLength(1);
  });

  it('tags a post about a programming language with that language and no other', () => {
    let checked = 0;
    for (const post of posts) {
      const named = LANGUAGES.filter((language) => titleWords(post.title!).has(language));
      if (named.length !== 1) continue;
      checked++;
      expect(post.category![0], post.title).toBe('Programming');
      expect(
        post.tags!.filter((tag) => LANGUAGES.includes(tag)),
        post.title,
      ).toEqual(named);
    }
    expect(checked).toBeGreaterThan(50);
  });

  it("tags a post about a place with that place's continent and no other", () => {
    let checked = 0;
    for (const post of posts) {
      const place = Object.keys(CONTINENTS).find((name) => titleWords(post.title!).has(name));
      if (!place) continue;
      checked++;
      expect(post.category![0], post.title).toBe('Travel');
      expect(
        post.tags!.filter((tag) => continents.includes(tag)),
        post.title,
      ).toEqual([CONTINENTS[place]]);
    }
    expect(checked).toBeGreaterThan(50);
  });

  it('makes the related posts of a post (as the service recommends them) posts about the same thing', async () => {
    const engine = new MiniSearchEngine();
    await engine.upsert(validateDocuments(posts, 'v2'));
    /** How many of the four related posts can have what `has` asks: as many as the other posts that have it, at most four. */
    const possible = (post: (typeof posts)[number], has: (tags: readonly string[]) => boolean) =>
      Math.min(4, posts.filter((p) => p !== post && has(p.tags!)).length);
    for (const post of posts.slice(0, 200)) {
      const page = await engine.related({ id: String(post.id), filters: [], skip: 0, limit: 4, facets: false, titleBoost: 2 });
      const hits = page.hits;
      const titles = `${post.title} → ${hits.map((hit) => hit.title).join(' | ')}`;
      expect(hits.length, titles).toBe(4);
      for (const hit of hits) {
        expect(hit.categories[0], titles).toBe(post.category![0]);
        expect(
          hit.tags.some((tag) => post.tags!.includes(tag)),
          titles,
        ).toBe(true);
      }
      // Most are on the same subject (the same tags); all that can be are in its language and on its continent.
      const words = titleWords(post.title!);
      const language = LANGUAGES.find((l) => words.has(l));
      const place = Object.keys(CONTINENTS).find((name) => words.has(name));
      const sameSubject = (tags: readonly string[]) => tags.join() === post.tags!.join();
      expect(hits.filter((hit) => sameSubject(hit.tags)).length, titles).toBeGreaterThanOrEqual(Math.min(3, possible(post, sameSubject)));
      const shared = [language, place && CONTINENTS[place]].filter((tag): tag is string => Boolean(tag));
      for (const tag of shared) {
        const has = (tags: readonly string[]) => tags.includes(tag);
        expect(hits.filter((hit) => has(hit.tags)).length, `${tag}: ${titles}`).toBe(possible(post, has));
      }
    }
  });
});
