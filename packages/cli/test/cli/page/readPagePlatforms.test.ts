/**
 * readPage on the platforms' real markup: the test blogs of test/sites/ built by their real
 * generators (Jekyll with minima and jekyll-seo-tag, Hugo with a PaperMod-like theme, Eleventy
 * with the base blog's layout), and the pages of Debian's WordPress with its default theme
 * recorded in test/fixtures/wordpress/ (with its REST answers, to compare).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { decodeHTML } from 'entities';
import { beforeAll, describe, expect, it } from 'vitest';
import { documentId } from 'trove-search-client';
import { articleText } from '../../../src/cli/page/articleText.ts';
import { type PageReading, readPage } from '../../../src/cli/page/readPage.ts';
import { servedPath } from '../../../src/cli/sources/folderSource.ts';
import { mapWordPressPost, type WordPressPost } from '../../../src/cli/sources/mapWordPressPost.ts';
import type { BlogPost } from '../../../../../test/sites/blogPosts.ts';
import { type BuiltSite, buildSite, skipWithoutGenerator } from '../../../../../test/sites/buildSite.ts';
import { type Platform, sitePlatforms } from '../../../../../test/sites/sitePlatforms.ts';

/** The text a post's Markdown gives: its paragraphs, the heading before the third. */
function expectedContent(post: BlogPost): string {
  const [first, second, ...rest] = post.paragraphs;
  return [first, second, post.heading, ...rest].join('\n\n');
}

/** Titles as the generators typeset them: jekyll-seo-tag turns ' into ’. */
function plain(title: string | undefined): string | undefined {
  return title?.replace(/’/g, "'");
}

interface Expectation {
  tags(post: BlogPost): string[] | undefined;
  category(post: BlogPost): string[] | undefined;
  /** The date the page shows (Eleventy's base blog shows the day only). */
  date(post: BlogPost): string;
  /** What each platform's theme puts around a post, that no content may hold. */
  chrome: string[];
}

const nonEmpty = (values: string[]) => (values.length > 0 ? values : undefined);

const expectations: Record<Platform, Expectation> = {
  // minima shows neither tags nor categories, and jekyll-seo-tag declares none.
  jekyll: {
    tags: () => undefined,
    category: () => undefined,
    date: (post) => post.date,
    chrome: ['Small Hours', 'writer@blog.example', 'smallhours', 'Robin Writer', 'Notes on bread', 'About'],
  },
  // Hugo's own Open Graph template declares the section ("posts", the folder of the post's address: not a
  // category) as article:section; PaperMod's JSON-LD the tags as keywords. The categories are on the
  // category pages only (test/cli/sources/listedTerms.test.ts, test/cli/sites/staticSites.test.ts).
  hugo: {
    tags: (post) => nonEmpty(post.tags),
    category: () => undefined,
    date: (post) => post.date,
    chrome: ['Related posts', '« Prev', 'Next »', 'Powered by', 'PaperMod', 'Robin Writer', 'min read', 'Home', 'Go to Top', 'share'],
  },
  // The base blog declares nothing: the title is its h1, the date its <time>, the tags its links to /tags/x/.
  eleventy: {
    tags: (post) => nonEmpty(post.tags),
    category: () => undefined,
    date: (post) => `${post.date.slice(0, 10)}T00:00:00.000Z`,
    chrome: ['Previous', 'Next →', 'Built with', 'Skip to main content', 'Archive', 'Small Hours'],
  },
};

for (const platform of ['jekyll', 'hugo', 'eleventy'] as const) {
  describe.skipIf(skipWithoutGenerator(platform))(`readPage on a ${sitePlatforms[platform].name} site`, () => {
    let site: BuiltSite;
    const readings = new Map<string, PageReading>();
    const expected = expectations[platform];

    beforeAll(async () => {
      site = await buildSite(platform);
      const files = readdirSync(site.dir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.html'));
      for (const file of files) {
        const address = `${site.siteUrl}${servedPath(file)}`;
        readings.set(address, readPage(readFileSync(join(site.dir, file), 'utf8'), address, { siteUrl: site.siteUrl }));
      }
    }, 120_000);

    it('reads every post page as a post whose document has the title, address, date, categories, tags and image of the post', () => {
      for (const post of site.posts) {
        const address = site.postAddress(post);
        const reading = readings.get(address);
        expect(reading?.kind, address).toBe('post');
        const document = reading!.document!;
        expect({ ...document, title: plain(document.title), content: undefined }).toEqual({
          id: documentId(address),
          title: post.title,
          url: address,
          date: expected.date(post),
          ...(expected.tags(post) ? { tags: expected.tags(post) } : {}),
          ...(expected.category(post) ? { category: expected.category(post) } : {}),
          ...(platform === 'eleventy' ? {} : { author: ['Robin Writer'] }),
          ...(post.image ? { image: `${site.siteUrl}${post.image}` } : {}),
          content: undefined,
        });
        expect(reading!.canonical).toBe(address);
        expect(reading!.noindex).toBe(false);
      }
    });

    it("keeps the article's text and nothing else: every post's content is its own paragraphs and heading, no theme chrome", () => {
      for (const post of site.posts) {
        const content = readings.get(site.postAddress(post))!.document!.content!;
        expect(content, site.postAddress(post)).toBe(expectedContent(post));
        for (const chrome of expected.chrome) expect(content).not.toContain(chrome);
      }
    });

    it('reads no other page as a post: the home page and every archive are listings, the About page is a page', () => {
      const posts = new Set(site.posts.map((post) => site.postAddress(post)));
      for (const [address, reading] of readings) {
        if (!posts.has(address)) expect(reading.kind, address).not.toBe('post');
      }
      expect(readings.get(`${site.siteUrl}/`)?.kind).toBe('listing');
      expect(readings.get(`${site.siteUrl}/about/`)?.kind).toBe('page');
      expect(readings.get(`${site.siteUrl}/about/`)?.document?.title).toBe('About');
      const archives = [...readings.keys()].filter(
        (address) => !posts.has(address) && /^\/(page|tags|categories|blog|posts)\/(?:[^/]+\/)*$/.test(address.slice(site.siteUrl.length)),
      );
      if (platform !== 'jekyll') expect(archives.length).toBeGreaterThan(10);
      for (const address of archives) {
        const reading = readings.get(address)!;
        expect(reading.kind === 'listing' || reading.noindex, address).toBe(true);
      }
    });

    it("lists a post page's links absolute and without fragments, the neighbouring posts among them", () => {
      const post = site.posts[60]!;
      const { links } = readings.get(site.postAddress(post))!;
      expect(links.every((link) => /^https?:\/\/[^#]+$/.test(link))).toBe(true);
      expect(links).toContain(`${site.siteUrl}/`);
      if (platform !== 'jekyll') expect(links).toContain(site.postAddress(site.posts[61]!));
    });
  });
}

const wordpress = new URL('../../../../../test/fixtures/wordpress/', import.meta.url).pathname;

function fixture(name: string): { path: string; body: string } {
  return {
    path: readFileSync(join(wordpress, `${name}.path`), 'utf8').trim(),
    body: gunzipSync(readFileSync(join(wordpress, `${name}.body.gz`))).toString('utf8'),
  };
}

interface RestPost {
  link: string;
  date_gmt: string;
  title: { rendered: string };
  content: { rendered: string };
  _embedded?: {
    author?: { name: string }[];
    'wp:term'?: { taxonomy: string; name: string }[][];
    'wp:featuredmedia'?: { source_url: string }[];
  };
}

describe("readPage on Debian's WordPress with its default theme (recorded pages)", () => {
  const origin = 'http://127.0.0.1:8089';
  const rest: RestPost[] = [1, 2].flatMap((page) => JSON.parse(fixture(`posts-${page}`).body));
  const postPages = readdirSync(wordpress)
    .filter((file) => /^post-\d+\.body\.gz$/.test(file))
    .map((file) => file.replace('.body.gz', ''));

  it('reads each post page as a post with the title, date, categories, tags, author and image its REST answer gives', () => {
    expect(postPages.length).toBeGreaterThanOrEqual(10);
    for (const name of postPages) {
      const { path, body } = fixture(name);
      const reading = readPage(body, `${origin}${path}`);
      const post = rest.find((item) => item.link === reading.canonical);
      expect(post, name).toBeDefined();
      const terms = post!._embedded?.['wp:term']?.flat() ?? [];
      const names = (taxonomy: string) => nonEmpty(terms.filter((term) => term.taxonomy === taxonomy).map((term) => decodeHTML(term.name)));
      const image = post!._embedded?.['wp:featuredmedia']?.[0]?.source_url;
      expect(reading.kind).toBe('post');
      expect(reading.document).toEqual({
        id: documentId(post!.link),
        title: decodeHTML(post!.title.rendered),
        url: post!.link,
        date: new Date(`${post!.date_gmt}Z`).toISOString(),
        ...(names('category') ? { category: names('category') } : {}),
        ...(names('post_tag') ? { tags: names('post_tag') } : {}),
        author: [post!._embedded!.author![0]!.name],
        ...(image ? { image } : {}),
        content: articleText(post!.content.rendered),
      });
    }
  });

  it('gives the same content from a crawled post page as from its REST content.rendered, with no comment form or footer in it', () => {
    for (const name of postPages) {
      const { path, body } = fixture(name);
      const reading = readPage(body, `${origin}${path}`);
      const post = rest.find((item) => item.link === reading.canonical)!;
      expect(reading.document!.content).toBe(articleText(post.content.rendered));
      for (const chrome of ['Leave a Reply', 'Post Comment', 'Comments', 'Posted', 'Tags:', 'Proudly powered by', 'Field Notes']) {
        expect(reading.document!.content).not.toContain(chrome);
      }
    }
  });

  it('gives for each post page the very document its REST item gives (src/cli/sources/mapWordPressPost.ts)', () => {
    for (const name of postPages) {
      const { path, body } = fixture(name);
      const reading = readPage(body, `${origin}${path}`);
      const post = rest.find((item) => item.link === reading.canonical)!;
      // The REST mapper leaves the id as the post's link; the one id rule (documentId) turns it into a number when sent.
      const fromRest = mapWordPressPost(post as WordPressPost)!.document;
      expect(reading.document, name).toEqual({ ...fromRest, id: documentId(fromRest.id) });
    }
  });

  it('reads the home page, a category archive and its page 2, and a date archive as listings, and About as a page', () => {
    for (const name of ['home', 'category-baking', 'category-baking-2', 'date-archive']) {
      const { path, body } = fixture(name);
      expect(readPage(body, `${origin}${path}`).kind, name).toBe('listing');
    }
    const about = fixture('about');
    const reading = readPage(about.body, `${origin}${about.path}`);
    expect(reading.kind).toBe('page');
    expect(reading.document?.title).toBe('About');
  });
});
