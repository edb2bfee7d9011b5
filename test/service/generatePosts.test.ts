import { describe, expect, it } from 'vitest';
import { AUTHORS, generatePosts, IMAGE_COUNT } from '../../src/service/generatePosts.ts';

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
});
