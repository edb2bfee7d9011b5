/**
 * `trove index <address>` on the test blogs of test/sites/ built by their real generators
 * (Jekyll with minima and jekyll-feed/sitemap/seo-tag, Hugo with a PaperMod-like theme, the
 * Eleventy base blog), served on loopback by a static server with ETags and 404s, indexed into an
 * in-process trove serve; and `trove index <built folder> --site-url …`, which must give the same.
 */
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentId } from 'trove-search-client';
import { startService, type Running } from '../../service/startService.ts';
import type { BlogPost } from '../../../../../test/sites/blogPosts.ts';
import { type BuiltSite, buildSite, skipWithoutGenerator } from '../../../../../test/sites/buildSite.ts';
import { platforms, sitePlatforms } from '../../../../../test/sites/sitePlatforms.ts';
import { type ServedSite, serveSite } from '../serveSite.ts';
import { type IndexedResult, siteIndexer } from './siteIndexer.ts';

/**
 * The categories each platform's posts get: minima and the base blog show none; Hugo declares its
 * section ("posts", not a category) and lists the real ones on its `/categories/<term>/` pages.
 */
const categories = {
  jekyll: () => undefined,
  hugo: (post: BlogPost) => [post.category],
  eleventy: () => undefined,
} as const;

/** What each theme puts around a post: no content may hold it. */
const chrome = ['Powered by', 'Skip to main content', 'Next »', '« Prev', 'Related posts', 'Subscribe', 'Built with'];

/** The blog after an edit (post 5 rewritten), a new post and a post deleted (post 10). */
function changedPosts(posts: BlogPost[]): { posts: BlogPost[]; edited: BlogPost; added: BlogPost; deleted: BlogPost } {
  const edited = {
    ...posts[5]!,
    paragraphs: [...posts[5]!.paragraphs.slice(0, 3), 'Rewritten: the last paragraph now names zymurgistic instead.'],
  };
  const last = posts.at(-1)!;
  const added: BlogPost = {
    ...last,
    index: posts.length,
    slug: 'a-post-written-after-the-first-run',
    title: 'A post written after the first run',
    date: '2024-12-30T09:30:00.000Z',
    ownWord: 'quodlibetix',
    paragraphs: ['This post is new.', 'It came after the first run.', 'It has three paragraphs.', 'Its own word is quodlibetix.'],
  };
  const deleted = posts[10]!;
  return { posts: [...posts.slice(0, 5), edited, ...posts.slice(6, 10), ...posts.slice(11), added], edited, added, deleted };
}

for (const platform of platforms) {
  describe.skipIf(skipWithoutGenerator(platform))(`trove index <the address of a ${sitePlatforms[platform].name} blog>`, () => {
    let served: ServedSite;
    let site: BuiltSite;
    let service: Running;
    let first: { code: number; stderr: string };
    let firstBytes = 0;
    const { target, index, search } = siteIndexer(platform, () => service);

    beforeAll(async () => {
      served = await serveSite(tmpdir());
      site = await buildSite(platform, { siteUrl: served.base });
      served.setRoot(site.dir);
      service = await startService({ seed: false });
      first = await index([`${served.base}/`, ...target()]);
      firstBytes = served.bytes;
    }, 180_000);

    afterAll(async () => {
      await served?.stop();
      await service?.stop();
    });

    it('reads it from its sitemap and indexes every post and nothing else', async () => {
      expect(first.code, first.stderr).toBe(0);
      expect(first.stderr).toContain(`Reading ${served.base}/ from its sitemap (${served.base}/sitemap.xml)`);
      expect(first.stderr).toContain(`Indexed ${site.posts.length} of ${site.posts.length} documents`);
      expect(first.stderr).toMatch(/Pages skipped: \d+ listing, 1 not a post/);
      expect((await search('')).found_documents).toBe(site.posts.length);
    });

    it('makes every post searchable by a word of its own, with its title, address, date, categories and image, and no theme chrome', async () => {
      for (const post of site.posts) {
        const { results } = await search(post.ownWord);
        const result = results[0];
        expect(result?.url, post.ownWord).toBe(site.postAddress(post));
        expect(result!.title.replace(/’/g, "'")).toBe(post.title);
        expect(result!.date?.slice(0, 10)).toBe(post.date.slice(0, 10));
        expect(result!.image).toBe(post.image ? `${served.base}${post.image}` : undefined);
        expect(result!.categories?.length ? result!.categories : undefined).toEqual(categories[platform](post));
        for (const text of chrome) expect(result!.content, site.postAddress(post)).not.toContain(text);
      }
    });

    it('gives the posts the tags their pages declare', async () => {
      const tagged = site.posts.filter((post) => post.tags.includes(site.posts[0]!.tags[0]!));
      const found = (await search('', `tags:"${site.posts[0]!.tags[0]}"`)).found_documents;
      // minima publishes no tags at all.
      expect(found).toBe(platform === 'jekyll' ? 0 : tagged.length);
    });

    it('relates an old post to posts on its topic (at least 2 of the first 3), on the blog whose pages show no tags too', async () => {
      const topicOf = new Map(site.posts.map((post) => [site.postAddress(post), post.topic]));
      for (const post of site.posts.slice(0, 20)) {
        const params = new URLSearchParams({ id: String(documentId(site.postAddress(post))), limit: '3', token: 'test-token' });
        const { body } = await service.request(`/api/v2/projects/demo/collections/${platform}/recommend/?${params}`);
        const related = (body.response as { results: IndexedResult[] }).results;
        expect(related.length, post.title).toBe(3);
        const onTopic = related.filter((result) => topicOf.get(result.url) === post.topic).length;
        expect(onTopic, `${post.title}: ${related.map((r) => r.title).join(' | ')}`).toBeGreaterThanOrEqual(2);
      }
    });

    it('gives the same documents from the built folder with --site-url as from the address, categories included', async () => {
      const fromAddress = await index([`${served.base}/`, '--dry-run']);
      const fromFolder = await index([site.dir, '--site-url', served.base, '--dry-run']);
      expect(fromFolder.code, fromFolder.stderr).toBe(0);
      const sorted = (text: string) => (JSON.parse(text) as { id: number }[]).sort((a, b) => a.id - b.id);
      expect(sorted(fromFolder.stdout)).toEqual(sorted(fromAddress.stdout));
      expect(sorted(fromFolder.stdout)).toHaveLength(site.posts.length);
      const byAddress = new Map(site.posts.map((post) => [site.postAddress(post), post]));
      for (const document of JSON.parse(fromFolder.stdout) as { url: string; category?: string[] }[]) {
        expect(document.category, document.url).toEqual(categories[platform](byAddress.get(document.url)!));
      }
    }, 60_000);

    it('a second run on the unchanged blog sends no document and transfers at most 10% of the bytes of the first', async () => {
      served.reset();
      const { code, stderr } = await index([`${served.base}/`, ...target()]);
      expect(code, stderr).toBe(0);
      expect(stderr).toContain('Nothing to send');
      expect(served.bytes).toBeLessThanOrEqual(firstBytes * 0.1);
    });

    it('follows an edited post, a new post and a deleted post on the next run', async () => {
      const changed = changedPosts(site.posts);
      const rebuilt = await buildSite(platform, { siteUrl: served.base, posts: changed.posts });
      served.setRoot(rebuilt.dir);
      const { code, stderr } = await index([`${served.base}/`, ...target()]);
      expect((await search('zymurgistic')).results.map((r) => r.url)).toEqual([site.postAddress(changed.edited)]);
      expect((await search('quodlibetix')).results.map((r) => r.url)).toEqual([rebuilt.postAddress(changed.added)]);
      // The site's own collection: trove serve answers 404 for a collection never indexed, delete or not.
      const probe = await service.request(`/api/v2/projects/demo/collections/${platform}/documents?token=test-token`, {
        method: 'DELETE',
        headers: { 'content-type': 'application/json' },
        body: '[]',
      });
      if (probe.status === 404 || probe.status === 405) {
        // trove serve without its delete (issue 33 not merged yet): the stale post is listed, exit 3.
        expect(code, stderr).toBe(3);
        expect(stderr).toContain(`${site.postAddress(changed.deleted)} (id `);
      } else {
        expect(code, stderr).toBe(0);
        expect(stderr).toContain(`Removed 1 post gone from the site: ${site.postAddress(changed.deleted)}`);
        expect((await search(changed.deleted.ownWord)).results.map((r) => r.url)).not.toContain(site.postAddress(changed.deleted));
      }
    }, 120_000);
  });
}
