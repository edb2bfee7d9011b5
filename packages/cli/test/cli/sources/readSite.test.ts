import { describe, expect, it } from 'vitest';
import { createSiteFetcher } from '../../../src/cli/sources/createSiteFetcher.ts';
import { readSite } from '../../../src/cli/sources/readSite.ts';
import { emptyState, type SyncState } from '../../../src/cli/sync/syncState.ts';
import { fakeSite, listingPage, type Page, postPage, sitemap } from './fakeSite.ts';

const site = 'https://blog.test';
const rules = { isOwn: (url: string) => url.startsWith(site), includePages: false };

async function read(pages: Record<string, Page>, previous: SyncState = emptyState(site, 'target'), maxPages = 10_000) {
  const net = fakeSite(pages);
  const fetcher = createSiteFetcher({ fetch: net.fetch, site: `${site}/`, retry: { delay: () => 0 }, bounds: { maxPages } });
  const reading = await readSite({ fetcher, address: `${site}/`, previous, rules, maxPages });
  return { reading, net, fetcher };
}

const restPost = (n: number) => ({
  id: n,
  link: `${site}/2024/0${(n % 9) + 1}/post-${n}/`,
  status: 'publish',
  date_gmt: '2024-03-01T10:00:00',
  modified_gmt: '2024-03-02T10:00:00',
  title: { rendered: `Post &#8211; ${n}` },
  content: { rendered: `<p>The text of post ${n}.</p>` },
  _embedded: {
    author: [{ name: 'Mara' }],
    'wp:term': [[{ taxonomy: 'category', name: 'Baking' }], [{ taxonomy: 'post_tag', name: 'bread' }]],
    'wp:featuredmedia': [{ source_url: `${site}/wp-content/uploads/${n}.jpg` }],
  },
});

const restPage = (posts: unknown[], totalPages: number, total: number): Page => ({
  body: JSON.stringify(posts),
  headers: { 'content-type': 'application/json', 'x-wp-totalpages': String(totalPages), 'x-wp-total': String(total) },
});

describe('readSite: the source a site offers', () => {
  it('reads WordPress through its REST API when the home page announces it in a Link header, 100 posts a page with _embed', async () => {
    const posts = Array.from({ length: 130 }, (_, i) => restPost(i + 1));
    const { reading, net } = await read({
      '/': { body: listingPage(site, []), headers: { 'content-type': 'text/html', link: `<${site}/wp-json/>; rel="https://api.w.org/"` } },
      '/wp-json/wp/v2/posts?per_page=100&page=1&_embed=author,wp:term,wp:featuredmedia': restPage(posts.slice(0, 100), 2, 130),
      '/wp-json/wp/v2/posts?per_page=100&page=2&_embed=author,wp:term,wp:featuredmedia': restPage(posts.slice(100), 2, 130),
    });
    expect(reading.source).toEqual({ name: 'WordPress REST API', start: `${site}/wp-json/` });
    expect(reading.posts).toHaveLength(130);
    expect(reading.posts[0]!.document).toMatchObject({
      title: 'Post – 1',
      content: 'The text of post 1.',
      url: `${site}/2024/02/post-1/`,
      date: '2024-03-01T10:00:00.000Z',
      category: ['Baking'],
      tags: ['bread'],
      author: ['Mara'],
      image: `${site}/wp-content/uploads/1.jpg`,
    });
    expect(net.paths().filter((p) => p.includes('sitemap'))).toEqual([]);
  });

  it('finds the REST API of a WordPress with plain permalinks by its <link rel="https://api.w.org/">, as ?rest_route=/', async () => {
    const { reading, net } = await read({
      '/': listingPage(site, [], `<link rel="https://api.w.org/" href="${site}/?rest_route=/">`),
      '/?rest_route=/wp/v2/posts&per_page=100&page=1&_embed=author,wp:term,wp:featuredmedia': restPage([restPost(1)], 1, 1),
    });
    expect(reading.source?.name).toBe('WordPress REST API');
    expect(reading.posts.map((p) => p.id)).toHaveLength(1);
    expect(net.paths()).toContain('/?rest_route=/wp/v2/posts&per_page=100&page=1&_embed=author,wp:term,wp:featuredmedia');
  });

  it('falls back to the sitemaps when the REST API is switched off (401), and says so', async () => {
    const { reading } = await read({
      '/': { body: listingPage(site, []), headers: { 'content-type': 'text/html', link: `<${site}/wp-json/>; rel="https://api.w.org/"` } },
      '/wp-json/wp/v2/posts?per_page=100&page=1&_embed=author,wp:term,wp:featuredmedia': { status: 401, body: '{}' },
      '/wp-sitemap.xml': sitemap(site, [['/a/']]),
      '/a/': postPage(site, '/a/', 'A', 'Alpha text'),
    });
    expect(reading.source).toEqual({ name: 'sitemap', start: `${site}/wp-sitemap.xml` });
    expect(reading.posts.map((p) => p.address)).toEqual([`${site}/a/`]);
    expect(reading.warnings.map((w) => w.message).join('\n')).toContain('the WordPress REST API could not be used (HTTP 401)');
  });

  it('reads the sitemaps robots.txt names, follows a sitemap index and a gzipped sitemap, and indexes posts only', async () => {
    const { gzipSync } = await import('node:zlib');
    const { reading } = await read({
      '/': listingPage(site, ['/a/']),
      '/robots.txt': `User-agent: *\nDisallow:\n\nSitemap: ${site}/maps/index.xml\n`,
      '/maps/index.xml': `<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>${site}/maps/posts.xml.gz</loc></sitemap><sitemap><loc>https://elsewhere.test/map.xml</loc></sitemap></sitemapindex>`,
      '/maps/posts.xml.gz': {
        body: gzipSync(sitemap(site, [['/a/'], ['/b/'], ['/'], ['/about/'], ['/tag/x/']])),
        headers: { 'content-type': 'application/gzip' },
      },
      '/a/': postPage(site, '/a/', 'A', 'Alpha text'),
      '/b/': postPage(site, '/b/', 'B', 'Beta text'),
      '/about/': `<!doctype html><html><head><title>About</title><link rel="canonical" href="${site}/about/"></head><body><main><h1>About</h1><p>I write here about many things, at length, in my free time.</p></main></body></html>`,
      '/tag/x/': listingPage(site, ['/a/', '/b/']).replace(`${site}/"`, `${site}/tag/x/"`),
    });
    expect(reading.source).toEqual({ name: 'sitemap', start: `${site}/maps/index.xml` });
    expect(reading.posts.map((p) => p.address).sort()).toEqual([`${site}/a/`, `${site}/b/`]);
    const reasons = Object.fromEntries(reading.skipped.map((s) => [new URL(s.address).pathname, s.reason]));
    expect(reasons).toEqual({ '/': 'listing', '/about/': 'not a post', '/tag/x/': 'listing' });
  });

  it('tries /sitemap.xml, /sitemap_index.xml and /wp-sitemap.xml in turn when robots.txt names none', async () => {
    const { reading, net } = await read({
      '/': listingPage(site, []),
      '/sitemap.xml': listingPage(site, []), // an HTML page where a sitemap was expected: not a sitemap
      '/sitemap_index.xml': sitemap(site, [['/a/']]),
      '/a/': postPage(site, '/a/', 'A', 'Alpha text'),
    });
    expect(reading.source?.start).toBe(`${site}/sitemap_index.xml`);
    expect(net.paths()).not.toContain('/wp-sitemap.xml');
    expect(reading.posts).toHaveLength(1);
  });

  it('reads a paged feed (RFC 5005 next links, JSON Feed next_url) to its last page when there is no sitemap', async () => {
    const item = (n: number) =>
      `<entry><id>${site}/p${n}/</id><title>Post ${n}</title><link href="${site}/p${n}/"/><updated>2024-01-0${n}T00:00:00Z</updated><content type="html">Text ${n}</content></entry>`;
    const atom = (items: string, next?: string) =>
      `<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><title>A blog</title><id>${site}/</id><updated>2024-01-01T00:00:00Z</updated>${next ? `<link rel="next" href="${next}"/>` : ''}${items}</feed>`;
    const { reading } = await read({
      '/': listingPage(site, [], `<link rel="alternate" type="application/atom+xml" href="${site}/feed.atom">`),
      '/feed.atom': { body: atom(item(1) + item(2), '/feed.atom?page=2'), headers: { 'content-type': 'application/atom+xml' } },
      '/feed.atom?page=2': { body: atom(item(3), `${site}/feed.json?page=3`), headers: { 'content-type': 'application/atom+xml' } },
      '/feed.json?page=3': JSON.stringify({
        version: 'https://jsonfeed.org/version/1.1',
        title: 'A blog',
        items: [{ id: `${site}/p4/`, url: `${site}/p4/`, title: 'Post 4', content_text: 'Text 4' }],
        next_url: '/feed.atom', // back to the start: a loop, read once
      }),
    });
    expect(reading.source).toEqual({ name: 'paged feed', start: `${site}/feed.atom` });
    expect(reading.posts.map((p) => p.document?.title)).toEqual(['Post 1', 'Post 2', 'Post 3', 'Post 4']);
  });

  it("otherwise follows the site's own links from its home page, never another host's", async () => {
    const { reading, net } = await read({
      '/': listingPage(site, ['/a/', '/page/2/', 'https://elsewhere.test/x/', 'mailto:me@blog.test', '/img/cover.jpg']),
      '/page/2/': listingPage(site, ['/b/', '/a/#comments']).replace(`${site}/"`, `${site}/page/2/"`),
      '/a/': postPage(site, '/a/', 'A', 'Alpha text'),
      '/b/': postPage(site, '/b/', 'B', 'Beta text'),
    });
    expect(reading.source).toEqual({ name: 'links from the home page', start: `${site}/` });
    expect(reading.posts.map((p) => p.address).sort()).toEqual([`${site}/a/`, `${site}/b/`]);
    expect(net.requests.map((r) => new URL(r.url).host).every((host) => host === 'blog.test')).toBe(true);
    expect(net.paths()).not.toContain('/img/cover.jpg');
    expect(net.paths().filter((p) => p === '/a/')).toHaveLength(1);
  });

  it('leaves out a page whose canonical address is on another site, a noindex page and a second page with the same canonical address', async () => {
    const { reading } = await read({
      '/': listingPage(site, []),
      // The copy first: the page at the canonical address is the post all the same.
      '/sitemap.xml': sitemap(site, [['/a-copy/'], ['/a/'], ['/syndicated/'], ['/hidden/']]),
      '/a/': postPage(site, '/a/', 'A', 'Alpha text'),
      '/a-copy/': postPage(site, '/a/', 'A', 'Alpha text'),
      '/syndicated/': postPage('https://medium.test', '/s/', 'S', 'Syndicated text'),
      '/hidden/': postPage(site, '/hidden/', 'H', 'Hidden text', '<meta name="robots" content="noindex">'),
    });
    expect(reading.posts.map((p) => p.address)).toEqual([`${site}/a/`]);
    expect(Object.fromEntries(reading.skipped.map((s) => [new URL(s.address).pathname, s.reason]))).toEqual({
      '/a-copy/': 'duplicate canonical',
      '/syndicated/': 'canonical elsewhere',
      '/hidden/': 'noindex',
    });
  });
});

describe('readSite: pages that are not posts', () => {
  it('indexes them too when asked (--include-pages), still not the listings', async () => {
    const net = fakeSite({
      '/': listingPage(site, []),
      '/sitemap.xml': sitemap(site, [['/'], ['/about/'], ['/a/']]),
      '/a/': postPage(site, '/a/', 'A', 'Alpha text'),
      '/about/': `<!doctype html><html><head><title>About</title><link rel="canonical" href="${site}/about/"></head><body><main><h1>About</h1><p>I write here about many things, at length, in my free time.</p></main></body></html>`,
    });
    const fetcher = createSiteFetcher({ fetch: net.fetch, site: `${site}/`, retry: { delay: () => 0 } });
    const reading = await readSite({
      fetcher,
      address: `${site}/`,
      previous: emptyState(site, 't'),
      rules: { ...rules, includePages: true },
      maxPages: 100,
    });
    expect(reading.posts.map((p) => p.address).sort()).toEqual([`${site}/a/`, `${site}/about/`]);
    expect(reading.skipped.map((s) => s.reason)).toEqual(['listing']);
  });
});
