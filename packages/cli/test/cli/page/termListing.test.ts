import { describe, expect, it } from 'vitest';
import { readPage } from '../../../src/cli/page/readPage.ts';
import { termAddress } from '../../../src/cli/page/termListing.ts';

const site = 'https://blog.example';

describe('termAddress: the taxonomy term an address names by its shape', () => {
  it("reads Hugo's, WordPress's, Jekyll's and Eleventy's category and tag addresses, a later page of them, under a site's folder too", () => {
    expect(termAddress(`${site}/categories/baking/`)).toEqual({ field: 'category', slug: 'baking', base: `${site}/categories/baking/` });
    expect(termAddress(`${site}/categories/baking/page/2/`)).toEqual({
      field: 'category',
      slug: 'baking',
      base: `${site}/categories/baking/`,
    });
    expect(termAddress(`${site}/category/food/bread/`)).toEqual({ field: 'category', slug: 'bread', base: `${site}/category/food/bread/` });
    expect(termAddress(`${site}/tag/night-sky/page/3/`)).toEqual({ field: 'tags', slug: 'night-sky', base: `${site}/tag/night-sky/` });
    expect(termAddress(`${site}/blog/tags/caf%C3%A9/index.html`)).toEqual({
      field: 'tags',
      slug: 'café',
      base: `${site}/blog/tags/caf%C3%A9/`,
    });
  });

  it('names no term for the taxonomy indexes, a post, a feed, nor a tag with sub-levels', () => {
    for (const path of ['/tags/', '/categories/', '/posts/tags-i-use/', '/tags/x/index.xml', '/tags/x/y/', '/2024/05/tag/']) {
      expect(termAddress(`${site}${path}`), path).toBeUndefined();
    }
  });
});

const listing = (head: string, body: string, bodyClass = 'list') =>
  `<!doctype html><html><head>${head}</head><body class="${bodyClass}"><header><nav><a href="/posts/pinned/">Pinned</a></nav></header><main>${body}</main></body></html>`;

describe("readPage: a term's listing", () => {
  it("reads Hugo's (PaperMod) category page: its term named by its heading, not its slug, its posts, its next page", () => {
    const page = readPage(
      listing(
        `<title>Bread making | Small Hours</title><link rel="canonical" href="${site}/categories/bread-making/"><meta property="og:type" content="website">
<link rel="alternate" type="application/rss+xml" href="${site}/categories/bread-making/index.xml">`,
        `<header class="page-header"><div class="breadcrumbs"><a href="${site}/">Home</a> » <a href="${site}/categories/">Categories</a></div><h1>
    Bread making
  </h1></header>
<article class="post-entry"><h2>A</h2><a class="entry-link" href="${site}/posts/a/"></a></article>
<article class="post-entry"><h2>B</h2><a class="entry-link" href="${site}/posts/b/#top"></a></article>
<nav class="pagination"><a class="next" href="${site}/categories/bread-making/page/2/">Next »</a></nav>`,
      ),
      `${site}/categories/bread-making/`,
    );
    expect(page.kind).toBe('listing');
    expect(page.term).toEqual({
      field: 'category',
      name: 'Bread making',
      posts: [`${site}/posts/a/`, `${site}/posts/b/`],
      pages: [`${site}/categories/bread-making/page/2/`],
    });
  });

  it("names the term from a labelled or quoted heading (WordPress's “Category: Baking”, Eleventy's “Tagged “oven””), the title, else the slug", () => {
    const wordPress = readPage(
      listing(
        '<title>Baking – Field Notes</title>',
        `<h1 class="page-title">Category: <span>Baking</span></h1><a href="/2024/05/loaf/">Loaf</a>`,
        'archive category category-baking category-3',
      ),
      `${site}/?cat=3`,
    );
    expect(wordPress.term).toEqual({ field: 'category', name: 'Baking', posts: [`${site}/2024/05/loaf/`], pages: [] });
    // Page 2 of a category whose slug WordPress could not make a class of (its id instead).
    const pageTwo = readPage(
      listing(
        '<title>Pain – Field Notes</title>',
        '<h1>Category: Pain</h1><a href="/2024/05/loaf/">Loaf</a>',
        'archive paged category category-3 paged-2 category-paged-2',
      ),
      `${site}/?cat=3&paged=2`,
    );
    expect(pageTwo.term).toBeUndefined();
    const eleventy = readPage(
      listing('<title>Tagged “oven”</title>', '<h1>Tagged “oven”</h1><ol><li><a href="/blog/a/">A</a></li></ol>'),
      `${site}/tags/oven/`,
    );
    expect(eleventy.term?.name).toBe('oven');
    const titleOnly = readPage(listing('<title>Night sky · A blog</title>', '<a href="/p/">P</a>'), `${site}/tag/night-sky/`);
    expect(titleOnly.term?.name).toBe('Night sky');
    const slugOnly = readPage(listing('<title>Archive</title>', '<h1>Archive</h1><a href="/p/">P</a>'), `${site}/tag/night-sky/`);
    expect(slugOnly.term?.name).toBe('night-sky');
  });

  it('is not a term page: a page that declares itself an article, a listing of another shape, the taxonomy index', () => {
    const article = readPage(
      listing('<meta property="og:type" content="article"><title>Why tags</title>', '<h1>Why tags</h1><a href="/p/">P</a>'),
      `${site}/tags/why-tags/`,
    );
    expect(article.term).toBeUndefined();
    expect(
      readPage(
        listing('<title>A blog</title>', '<article><a href="/a/">A</a></article><article><a href="/b/">B</a></article>'),
        `${site}/page/2/`,
      ).term,
    ).toBeUndefined();
    expect(readPage(listing('<title>Tags</title>', '<h1>Tags</h1><a href="/tags/x/">x</a>'), `${site}/tags/`).term).toBeUndefined();
  });
});

const post = (section: string) =>
  `<!doctype html><html><head><title>A post</title><meta property="og:type" content="article"><meta property="article:published_time" content="2024-03-01T10:00:00Z">
<meta property="article:section" content="${section}"></head><body><main><article><h1>A post</h1><p>Enough text to make it a post worth reading.</p></article></main></body></html>`;

describe('readPage: a declared section that is only where the generator keeps the post', () => {
  it('is not a category when it is a folder of the post\'s own address (Hugo\'s "posts" for /posts/a/)', () => {
    expect(readPage(post('posts'), `${site}/posts/a/`).document?.category).toBeUndefined();
    expect(readPage(post('posts'), `${site}/blog/posts/2024/a/`).document?.category).toBeUndefined();
  });

  it('is a category otherwise, a folder spelled otherwise included (Jekyll’s /baking/… of the category Baking)', () => {
    expect(readPage(post('Baking'), `${site}/posts/a/`).document?.category).toEqual(['Baking']);
    expect(readPage(post('Baking'), `${site}/baking/2024/03/01/a.html`).document?.category).toEqual(['Baking']);
    expect(readPage(post('posts'), `${site}/a-post-about-posts/`).document?.category).toEqual(['posts']);
  });
});
