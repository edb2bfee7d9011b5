import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeHTMLStrict } from 'entities';
import { documentId } from 'trove-search-client';
import { readPage } from '../../../src/cli/page/readPage.ts';
import { mapWordPressPost } from '../../../src/cli/sources/mapWordPressPost.ts';
import { startService, type Running } from '../../service/startService.ts';
import { serveRecorded } from './serveRecorded.ts';
import { siteIndexer } from './siteIndexer.ts';

/**
 * A real WordPress (Debian's package, the default theme, pretty permalinks, 150 posts over six
 * years), as recorded by scripts/recordWordPress.sh, served on loopback and indexed by its address
 * into trove serve.
 */
const fixtures = fileURLToPath(new URL('../../../../../test/fixtures/wordpress/', import.meta.url));

interface RestPost {
  link: string;
  date_gmt: string;
  title: { rendered: string };
  content: { rendered: string };
  _embedded: { 'wp:term': { taxonomy: string; name: string }[][]; 'wp:featuredmedia'?: { source_url: string }[] };
}

let wordpress: Awaited<ReturnType<typeof serveRecorded>>;
let service: Running;
let posts: RestPost[];
let firstRun: { code: number; stderr: string };
let firstBytes = 0;
const { target, index, search } = siteIndexer('wordpress', () => service);

beforeAll(async () => {
  wordpress = await serveRecorded(fixtures);
  service = await startService({ seed: false });
  posts = [
    '/wp-json/wp/v2/posts?per_page=100&page=1&_embed=author,wp:term,wp:featuredmedia',
    '/wp-json/wp/v2/posts?per_page=100&page=2&_embed=author,wp:term,wp:featuredmedia',
  ].flatMap(
    (path) =>
      JSON.parse(
        wordpress.recorded(path)!.body.replaceAll('http:\\/\\/127.0.0.1:8089', wordpress.origin.replaceAll('/', '\\/')),
      ) as RestPost[],
  );
  firstRun = await index([`${wordpress.origin}/`, ...target()]);
  firstBytes = wordpress.bytes();
}, 60_000);

afterAll(async () => {
  await wordpress?.stop();
  await service?.stop();
});

describe('trove index <a WordPress address>', () => {
  it('reads every published post through the REST API and says so', () => {
    expect(firstRun.code).toBe(0);
    expect(firstRun.stderr).toContain(`Reading ${wordpress.origin}/ from its WordPress REST API (${wordpress.origin}/wp-json/)`);
    expect(firstRun.stderr).toContain('Indexed 150 of 150 documents');
    expect(posts).toHaveLength(150);
  });

  it('makes every post searchable by a word of its own, with its title, address, date, category and image', async () => {
    for (const post of posts) {
      const own = /Field word of this post: (\w+)\./.exec(post.content.rendered)![1]!;
      const { results } = await search(own);
      expect(results[0]?.url, own).toBe(post.link);
      const result = results[0]!;
      expect(result.id).toBe(String(documentId(post.link)));
      expect(result.title).toBe(decodeHTMLStrict(post.title.rendered));
      expect(result.date?.slice(0, 19)).toBe(post.date_gmt);
      expect(result.categories).toEqual(post._embedded['wp:term'][0]!.map((t) => t.name));
      expect(result.image).toBe(post._embedded['wp:featuredmedia']?.[0]?.source_url);
      expect(result.content).not.toMatch(/Field Notes|Proudly powered|Leave a Reply|Search/);
    }
  });

  it("gives each post its tags, and never the draft's words", async () => {
    expect((await search('', 'tags:"rust"')).found_documents).toBe(
      posts.filter((p) => p._embedded['wp:term'][1]!.some((t) => t.name === 'rust')).length,
    );
    expect((await search('draftonlyword')).found_documents).toBe(0);
  });

  it('reads a post page of the default theme to the same document as its REST item', () => {
    const path = '/2019/01/07/dough-flour-notes-on-baking-1/';
    const page = readPage(
      wordpress.recorded(path)!.body.replaceAll('http://127.0.0.1:8089', wordpress.origin),
      `${wordpress.origin}${path}`,
    );
    const rest = mapWordPressPost(posts.find((p) => p.link.endsWith(path))!)!.document;
    expect(page.kind).toBe('post');
    const { id, ...fields } = page.document!;
    expect(id).toBe(documentId(rest.url));
    expect(fields).toMatchObject({
      title: rest.title,
      url: rest.url,
      date: rest.date,
      category: rest.category,
      tags: rest.tags,
      content: rest.content,
    });
  });

  it('a second run on the unchanged blog sends no document and transfers at most 10% of the bytes of the first', async () => {
    const before = wordpress.bytes();
    const { code, stderr } = await index([`${wordpress.origin}/`, ...target()]);
    expect(code).toBe(0);
    expect(stderr).toContain('150 unchanged since the last run, 0 to send');
    expect(stderr).toContain('Nothing to send: no post is new or changed since the last run.');
    const second = wordpress.bytes() - before;
    expect(second).toBeLessThanOrEqual(firstBytes * 0.1);
  });
});
