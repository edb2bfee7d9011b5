import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Document } from 'trove-search-client';
import { createSiteFetcher } from '../../../src/cli/sources/createSiteFetcher.ts';
import { readFolderSite } from '../../../src/cli/sources/readFolderSite.ts';
import { readSite } from '../../../src/cli/sources/readSite.ts';
import type { SiteReading } from '../../../src/cli/sources/SiteReading.ts';
import { emptyState, type SyncState } from '../../../src/cli/sync/syncState.ts';
import { fakeSite, type Page, postPage, sitemap } from './fakeSite.ts';

const site = 'https://blog.test';
const rules = { isOwn: (url: string) => url.startsWith(site), includePages: false };

/** A post as Hugo writes one: its section declared as `article:section`, its categories shown nowhere. */
const hugoPost = (slug: string, title: string, extra = '') =>
  postPage(site, `/posts/${slug}/`, title, `${title} is a post about bread.`, `<meta property="article:section" content="posts">${extra}`);

/** One page of a term's listing as Hugo (PaperMod) writes it: the term's heading, its posts, a link to its next page. */
function termPage(path: string, name: string, posts: string[], next?: string): string {
  return `<!doctype html><html><head><title>${name} | A blog</title><link rel="canonical" href="${site}${path.replace(/page\/\d+\/$/, '')}">
<meta property="og:type" content="website"><link rel="alternate" type="application/rss+xml" href="${site}${path}index.xml"></head>
<body class="list"><header><nav><a href="/posts/">Posts</a><a href="/posts/b/">Pinned in the menu</a></nav></header>
<main><header class="page-header"><div class="breadcrumbs"><a href="/">Home</a> » <a href="/categories/">Categories</a></div><h1>${name}</h1></header>
${posts.map((post) => `<article class="post-entry"><h2>${post}</h2><a class="entry-link" href="${post}"></a></article>`).join('\n')}
${next ? `<nav class="pagination"><a class="next" href="${next}">Next »</a></nav>` : ''}</main></body></html>`;
}

/** The site: /posts/a/ and /posts/b/ in Baking (b on its listing's second page, which no sitemap lists), a tagged rye, c declaring its own category. */
function hugoSite(changes: { bMovedTo?: string } = {}): Record<string, string> {
  const pages: Record<string, string> = {
    '/': termPage('/', 'A blog', ['/posts/a/']).replace('<body class="list">', '<body class="home">'),
    '/robots.txt': `User-agent: *\nSitemap: ${site}/sitemap.xml\n`,
    // Listings before their posts, as Hugo's sitemap has them.
    '/sitemap.xml': sitemap(site, [
      ['/categories/baking/'],
      ['/categories/bread-making/'],
      ['/tags/rye/'],
      ['/posts/a/'],
      ['/posts/b/'],
      ['/posts/c/'],
    ]),
    '/categories/baking/': termPage('/categories/baking/', 'Baking', ['/posts/a/'], '/categories/baking/page/2/'),
    '/categories/baking/page/2/': termPage('/categories/baking/page/2/', 'Baking', changes.bMovedTo === undefined ? ['/posts/b/'] : []),
    '/categories/bread-making/': termPage(
      '/categories/bread-making/',
      'Bread making',
      changes.bMovedTo === 'Bread making' ? ['/posts/b/', '/posts/c/'] : ['/posts/c/'],
    ),
    '/tags/rye/': termPage('/tags/rye/', 'rye', ['/posts/a/']).replace('/categories/', '/tags/'),
    '/posts/a/': hugoPost('a', 'A'),
    '/posts/b/': hugoPost('b', 'B'),
    '/posts/c/': hugoPost('c', 'C', '<meta property="article:tag" content="own tag">').replace(
      '<p>',
      '<p><a rel="category tag" href="/categories/cooking/">Cooking</a> ',
    ),
  };
  return pages;
}

/** Every page with an ETag, answering 304 when it has not changed. */
function withEtags(pages: Record<string, string>): Record<string, Page> {
  return Object.fromEntries(
    Object.entries(pages).map(([path, body]) => {
      const etag = `"${createHash('sha256').update(body).digest('hex').slice(0, 16)}"`;
      const type = path.endsWith('.xml') ? 'application/xml' : path.endsWith('.txt') ? 'text/plain' : 'text/html; charset=utf-8';
      const page: Page = (request) =>
        request.headers.get('if-none-match') === etag
          ? new Response(null, { status: 304, headers: { etag } })
          : new Response(body, { headers: { etag, 'content-type': type } });
      return [path, page];
    }),
  );
}

async function readAddress(pages: Record<string, Page>, previous: SyncState = emptyState(site, 'target')) {
  const net = fakeSite(pages);
  const fetcher = createSiteFetcher({ fetch: net.fetch, site: `${site}/`, retry: { delay: () => 0 } });
  const reading = await readSite({ fetcher, address: `${site}/`, previous, rules, maxPages: 1000 });
  return { reading, net };
}

/** What a run sends, by path. */
function sent(reading: SiteReading): Record<string, Pick<Document, 'category' | 'tags'>> {
  return Object.fromEntries(
    reading.posts
      .filter((post) => post.document !== undefined)
      .map((post) => [new URL(post.address).pathname, { category: post.document!.category, tags: post.document!.tags }]),
  );
}

/** The state a run leaves for the next. */
function stateOf(reading: SiteReading): SyncState {
  return { ...emptyState(site, 'target'), pages: reading.pages, lists: reading.lists };
}

function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'trove-terms-'));
  for (const [path, text] of Object.entries(files)) {
    if (!path.endsWith('/')) continue;
    mkdirSync(join(dir, path), { recursive: true });
    writeFileSync(join(dir, path, 'index.html'), text);
  }
  return dir;
}

const expected = {
  '/posts/a/': { category: ['Baking'], tags: ['rye'] },
  '/posts/b/': { category: ['Baking'], tags: undefined },
  '/posts/c/': { category: ['Cooking'], tags: ['own tag'] },
};

describe("trove index: a post's terms from the site's category and tag listings", () => {
  it("gives a post that declares no category (Hugo's section is not one) those of the listings that list it, every page of them, read before or after it", async () => {
    const { reading, net } = await readAddress(hugoSite());
    expect(reading.source?.name).toBe('sitemap');
    expect(sent(reading)).toEqual(expected);
    // The listing's second page is in no sitemap: it was read from the link of the first.
    expect(net.paths()).toContain('/categories/baking/page/2/');
  });

  it("does the same when the site is read by its own links from its home page (no sitemap), and keeps a re-read post's links for the next run", async () => {
    const pages = hugoSite();
    delete pages['/robots.txt'];
    delete pages['/sitemap.xml'];
    pages['/'] = pages['/']!.replace(
      '<main>',
      '<main><a href="/categories/baking/">Baking</a><a href="/categories/bread-making/">Bread making</a><a href="/tags/rye/">rye</a><a href="/posts/c/">C</a>',
    );
    const first = await readAddress(withEtags(pages));
    expect(first.reading.source?.name).toBe('links from the home page');
    expect(sent(first.reading)).toEqual(expected);
    const moved = hugoSite({ bMovedTo: 'Bread making' });
    moved['/'] = pages['/']!;
    delete moved['/robots.txt'];
    delete moved['/sitemap.xml'];
    const second = await readAddress(withEtags(moved), stateOf(first.reading));
    expect(sent(second.reading)).toEqual({ '/posts/b/': { category: ['Bread making'], tags: undefined } });
    expect(second.reading.pages[`${site}/posts/b/`]?.links).toBeDefined();
  });

  it('after a run of a version that read no terms, reads the category and tag pages again and sends the posts with their terms', async () => {
    const pages = withEtags(hugoSite());
    const first = stateOf((await readAddress(pages)).reading);
    const before = structuredClone(first);
    for (const state of Object.values(before.pages)) {
      delete state.term;
      delete state.listed;
      if (state.kind === 'post') state.hash = 'the hash of the post sent with the category "posts"';
    }
    const { reading } = await readAddress(pages, before);
    expect(sent(reading)).toEqual(expected);
  });

  it('keeps the categories and tags a page declares: a listing adds none of a kind the post has', async () => {
    const { reading } = await readAddress(hugoSite());
    // c is listed under "Bread making" but names its own category, Cooking; its own tag too.
    expect(sent(reading)['/posts/c/']).toEqual({ category: ['Cooking'], tags: ['own tag'] });
  });

  it('gives the same documents from the built folder as from the address', async () => {
    const fromAddress = (await readAddress(hugoSite())).reading;
    const dir = folder(hugoSite());
    const fromFolder = await readFolderSite(dir, emptyState(dir, 't'), { ...rules, siteUrl: site }, 1000);
    const documents = (reading: SiteReading) => reading.posts.map((post) => post.document).sort((a, b) => Number(a!.id) - Number(b!.id));
    expect(documents(fromFolder)).toEqual(documents(fromAddress));
    expect(sent(fromFolder)).toEqual(expected);
  });

  it('sends nothing on a second run of the unchanged site, and asks every page conditionally', async () => {
    const pages = withEtags(hugoSite());
    const first = await readAddress(pages);
    const second = await readAddress(pages, stateOf(first.reading));
    expect(sent(second.reading)).toEqual({});
    expect(second.reading.posts).toHaveLength(3);
    expect(second.net.requests.filter((r) => r.url.includes('/posts/')).every((r) => r.headers.get('if-none-match'))).toBe(true);
  });

  it('reads again a post whose page has not changed when the listings moved it to another category, and sends it with it', async () => {
    const first = await readAddress(withEtags(hugoSite()));
    const second = await readAddress(withEtags(hugoSite({ bMovedTo: 'Bread making' })), stateOf(first.reading));
    expect(sent(second.reading)).toEqual({ '/posts/b/': { category: ['Bread making'], tags: undefined } });
    const third = await readAddress(withEtags(hugoSite({ bMovedTo: 'Bread making' })), stateOf(second.reading));
    expect(sent(third.reading)).toEqual({});
  });
});
