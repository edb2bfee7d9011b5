/**
 * readPage's rules, each on a small page: which field comes from where, what the content keeps,
 * what is a post, and what hostile input costs. (Real platforms' pages: readPagePlatforms.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { documentId } from 'trove-search-client';
import { MAX_PAGE_CHARS, readPage } from '../../../src/cli/page/readPage.ts';

const body =
  '<p>The first paragraph of the post, long enough to be read as the article by anyone who looks at this page.</p><p>A second paragraph, with more words about sourdough, starters and ovens, so the article is clearly here.</p>';

function page(
  head: string,
  main = `<article><h1>Shown title</h1><time datetime="2024-03-05T10:00:00Z">5 March</time>${body}</article>`,
  bodyAttributes = '',
): string {
  return `<!doctype html><html><head>${head}</head><body ${bodyAttributes}><header><nav><a href="/">Home</a><a href="/about/">About</a></nav></header><main>${main}</main><footer>Site footer © 2024</footer></body></html>`;
}

const address = 'https://blog.example/2024/03/05/a-post/';

describe('readPage: the canonical address', () => {
  it('takes <link rel="canonical"> (resolved, fragment removed) before og:url, and gives the id of the canonical address', () => {
    const reading = readPage(
      page('<link rel="canonical" href="/posts/a-post/#top"><meta property="og:url" content="https://blog.example/og/">'),
      address,
    );
    expect(reading.canonical).toBe('https://blog.example/posts/a-post/');
    expect(reading.document?.id).toBe(documentId('https://blog.example/posts/a-post/'));
    expect(reading.document?.url).toBe('https://blog.example/posts/a-post/');
  });

  it('falls back to og:url, then to the address it was read from', () => {
    expect(readPage(page('<meta property="og:url" content="https://blog.example/og/">'), address).canonical).toBe(
      'https://blog.example/og/',
    );
    expect(readPage(page(''), `${address}#comments`).canonical).toBe(address);
    expect(readPage(page('<link rel="canonical" href="javascript:alert(1)">'), address).canonical).toBe(address);
  });
});

describe('readPage: the fields, declared before shown', () => {
  it('takes the title from og:title, then JSON-LD headline, then the h1, never the <title> with its site suffix; entities decoded', () => {
    const jsonLd =
      '<script type="application/ld+json">{"@type":"BlogPosting","headline":"JSON-LD title","datePublished":"2024-03-05"}</script>';
    expect(
      readPage(page(`<meta property="og:title" content="Beans &amp;amp; peas"><title>Beans – Site</title>${jsonLd}`), address).document
        ?.title,
    ).toBe('Beans & peas');
    expect(readPage(page(`<title>Beans – Site</title>${jsonLd}`), address).document?.title).toBe('JSON-LD title');
    expect(readPage(page('<title>Beans – Site</title>'), address).document?.title).toBe('Shown title');
  });

  it('strips the site name from the <title> only when the site name is known', () => {
    const noHeading = `<article><time datetime="2024-03-05">5 March</time>${body}</article>`;
    expect(
      readPage(
        page('<title>Don&#8217;t sow early – Allotment</title><meta property="og:site_name" content="Allotment">', noHeading),
        address,
      ).document?.title,
    ).toBe('Don’t sow early');
    expect(readPage(page('<title>Part 1 - Intro</title>', noHeading), address).document?.title).toBe('Part 1 - Intro');
  });

  it('takes the date from article:published_time, then JSON-LD datePublished, then the article’s <time datetime>, in UTC', () => {
    const jsonLd = '<script type="application/ld+json">{"@type":"Article","datePublished":"2023-01-02T03:04:05+02:00"}</script>';
    expect(
      readPage(page(`<meta property="article:published_time" content="2022-06-01T12:00:00-04:00">${jsonLd}`), address).document?.date,
    ).toBe('2022-06-01T16:00:00.000Z');
    expect(readPage(page(jsonLd), address).document?.date).toBe('2023-01-02T01:04:05.000Z');
    expect(readPage(page(''), address).document?.date).toBe('2024-03-05T10:00:00.000Z');
  });

  it('passes over a date that is not one (with a warning) and Hugo’s zero date of an undated page', () => {
    const reading = readPage(page('<meta property="article:published_time" content="yesterday">'), address);
    expect(reading.document?.date).toBe('2024-03-05T10:00:00.000Z');
    expect(reading.warnings.join(' ')).toContain('"yesterday" is not a date');
    const zero =
      '<script type="application/ld+json">{"@type":"BlogPosting","headline":"About","datePublished":"0001-01-01T00:00:00Z"}</script>';
    const about = readPage(page(zero, `<article><h1>About</h1>${body}</article>`), 'https://blog.example/about/');
    expect(about.kind).toBe('page');
    expect(about.document?.date).toBeUndefined();
  });

  it('tells categories from tags: rel="category tag" and /category/ links are categories, other rel="tag" links tags', () => {
    const terms =
      '<a rel="category tag" href="/category/baking/">Baking</a> <a rel="tag" href="/category/bread/">Bread</a> <a rel="tag" href="/tag/sourdough/">sourdough</a> <a rel="tag" href="/tag/rye/">rye</a>';
    const reading = readPage(
      page('', `<article><h1>T</h1><time datetime="2024-03-05">x</time>${body}<footer>${terms}</footer></article>`),
      address,
    );
    expect(reading.document?.category).toEqual(['Baking', 'Bread']);
    expect(reading.document?.tags).toEqual(['sourdough', 'rye']);
    expect(reading.document?.content).not.toMatch(/Baking|Bread|rye/);
  });

  it('prefers the declared terms: JSON-LD articleSection and keywords (a comma list), then article:section and article:tag', () => {
    const jsonLd =
      '<script type="application/ld+json">{"@type":"BlogPosting","articleSection":["Baking"],"keywords":"bread, rye ,starter"}</script>';
    const metas =
      '<meta property="article:section" content="Food"><meta property="article:tag" content="one"><meta property="article:tag" content="two">';
    expect(readPage(page(jsonLd + metas), address).document).toMatchObject({ category: ['Baking'], tags: ['bread', 'rye', 'starter'] });
    expect(readPage(page(metas), address).document).toMatchObject({ category: ['Food'], tags: ['one', 'two'] });
  });

  it('takes the author from JSON-LD, then <meta name="author">, then what the article shows', () => {
    const jsonLd =
      '<script type="application/ld+json">{"@type":"BlogPosting","author":[{"@type":"Person","name":"Ada"},{"name":"Grace"}]}</script>';
    expect(readPage(page(`${jsonLd}<meta name="author" content="Meta Name">`), address).document?.author).toEqual(['Ada', 'Grace']);
    expect(readPage(page('<meta name="author" content="Meta Name">'), address).document?.author).toEqual(['Meta Name']);
    const shown = `<article><h1>T</h1><time datetime="2024-03-05">x</time><span class="p-author">Robin</span>${body}</article>`;
    expect(readPage(page('', shown), address).document?.author).toEqual(['Robin']);
  });

  it('takes the image from og:image (made absolute), JSON-LD image, else the first image of the article that is not a pixel', () => {
    expect(readPage(page('<meta property="og:image" content="/img/cover.jpg">'), address).document?.image).toBe(
      'https://blog.example/img/cover.jpg',
    );
    const jsonLd =
      '<script type="application/ld+json">{"@type":"BlogPosting","image":{"@type":"ImageObject","url":"https://cdn.example/a.png"}}</script>';
    expect(readPage(page(jsonLd), address).document?.image).toBe('https://cdn.example/a.png');
    const withImages = `<article><h1>T</h1><time datetime="2024-03-05">x</time><img src="/pixel.gif" width="1" height="1"><img src="photo.jpg" alt="">${body}</article>`;
    expect(readPage(page('', withImages), address).document?.image).toBe('https://blog.example/2024/03/05/a-post/photo.jpg');
  });
});

describe('readPage: the content is the article and nothing else', () => {
  it('leaves out the navigation, header, footer, sidebars, forms, comments, share buttons and related posts', () => {
    const main = `<article><h1>Shown title</h1><time datetime="2024-03-05">5 March</time>${body}
      <div class="sharedaddy"><h3>Share this:</h3><a href="https://x.com/share">Share on X</a></div>
      <div class="related-posts"><h3>Related posts</h3><ul><li><a href="/other/">Another post</a></li></ul></div></article>
      <aside><h2>Archives</h2><a href="/2023/">2023</a></aside>
      <section id="comments"><h2>3 comments</h2><p>Great post! said a reader, at some length, about nothing in particular at all.</p>
      <form><label>Leave a Reply</label><textarea></textarea><button>Post Comment</button></form></section>`;
    const content = readPage(page('', main), address).document?.content;
    expect(content).toBe(
      'The first paragraph of the post, long enough to be read as the article by anyone who looks at this page.\n\nA second paragraph, with more words about sourdough, starters and ovens, so the article is clearly here.',
    );
  });

  it('reads only the elements marked data-trove-body when the theme marks some, and never those marked data-trove-ignore', () => {
    const main = `<article><h1>T</h1><time datetime="2024-03-05">x</time><div data-trove-body><p>Marked text.</p><p data-trove-ignore>Ignored text.</p></div>${body}</article>`;
    expect(readPage(page('', main), address).document?.content).toBe('Marked text.');
    const ignored = `<article><h1>T</h1><time datetime="2024-03-05">x</time>${body}<p data-trove-ignore>Ignored text.</p></article>`;
    expect(readPage(page('', ignored), address).document?.content).not.toContain('Ignored');
  });

  it('reads the one element the theme declares the article body (itemprop="articleBody", an h-entry’s e-content)', () => {
    const bio =
      '<div class="author-bio"><p>Robin writes about bread and bicycles, and has done so for many years on this very long running blog.</p></div>';
    const microdata = `<article><h1>T</h1><time datetime="2024-03-05">x</time><div itemprop="articleBody"><p>The body.</p></div>${bio}</article>`;
    expect(readPage(page('', microdata), address).document?.content).toBe('The body.');
    const microformats = `<article class="h-entry"><h1>T</h1><time datetime="2024-03-05">x</time><div class="e-content"><p>The body.</p></div>${bio}</article>`;
    expect(readPage(page('', microformats), address).document?.content).toBe('The body.');
  });

  it('never takes the text of scripts and styles, and decodes entities', () => {
    const main = `<article><h1>T</h1><time datetime="2024-03-05">x</time><script>var secret = "script text";</script><style>.x{color:red}</style><p>Fish &amp; chips &lt;3 &eacute;t&eacute;, a paragraph long enough to be the article of this page.</p>${body}</article>`;
    const content = readPage(page('', main), address).document?.content ?? '';
    expect(content).toContain('Fish & chips <3 été');
    expect(content).not.toMatch(/script text|color:red/);
  });
});

describe('readPage: what a page is', () => {
  const post = (extra = '') => page(`<meta property="og:type" content="article">${extra}`);

  it('reads a page that declares an article and has a date as a post, and one without a date as a page (with a warning)', () => {
    expect(readPage(post(), address).kind).toBe('post');
    const undated = readPage(page('<meta property="og:type" content="article">', `<article><h1>T</h1>${body}</article>`), address);
    expect(undated.kind).toBe('page');
    expect(undated.warnings.join(' ')).toContain('no publication date');
  });

  it('reads an undeclared page with one <time datetime> under an h1 as a post, and one without as a page', () => {
    expect(readPage(page(''), address).kind).toBe('post');
    expect(readPage(page('', `<h1>About me</h1>${body}`), 'https://blog.example/about/').kind).toBe('page');
    expect(readPage(page('<meta property="og:type" content="website">'), 'https://blog.example/about/').kind).toBe('page');
  });

  it('reads the home page as a listing whatever it holds, at the site root or at --site-url’s path', () => {
    expect(readPage(post(), 'https://blog.example/').kind).toBe('listing');
    expect(readPage(post(), 'https://user.github.io/blog/', { siteUrl: 'https://user.github.io/blog' }).kind).toBe('listing');
    expect(readPage(post(), 'https://user.github.io/blog/a-post/', { siteUrl: 'https://user.github.io/blog' }).kind).toBe('post');
  });

  it('reads archives as listings: by address, by WordPress body class, by JSON-LD, by many entries', () => {
    for (const path of [
      '/page/2/',
      '/category/baking/',
      '/category/baking/page/3/',
      '/tag/rye/',
      '/tags/rye/',
      '/author/ada/',
      '/2021/',
      '/2021/05/',
      '/2021/05/03/',
      '/?paged=2',
      '/?cat=3',
    ]) {
      expect(readPage(page(''), `https://blog.example${path}`).kind, path).toBe('listing');
    }
    expect(readPage(page('', undefined, 'class="archive category category-baking"'), address).kind).toBe('listing');
    expect(readPage(page('<script type="application/ld+json">{"@type":"CollectionPage"}</script>'), address).kind).toBe('listing');
    const entries = `<article><h2>One</h2><time datetime="2024-01-01">x</time>${body}</article><article><h2>Two</h2><time datetime="2024-01-02">x</time>${body}</article>`;
    expect(readPage(page('', entries), 'https://blog.example/blog/').kind).toBe('listing');
    const list = `<h1>Archive</h1><ol>${[1, 2, 3, 4].map((n) => `<li><a href="/p${n}/">Post ${n}</a><time datetime="2024-01-0${n}">x</time></li>`).join('')}</ol>`;
    expect(readPage(page('', list), 'https://blog.example/blog/').kind).toBe('listing');
  });

  it('gives a listing no document but its links', () => {
    const reading = readPage(page(''), 'https://blog.example/page/2/');
    expect(reading.document).toBeUndefined();
    expect(reading.links).toContain('https://blog.example/about/');
  });

  it('says noindex for robots, googlebot and trove-index meta tags with noindex or none', () => {
    for (const meta of [
      'robots" content="noindex, follow',
      'googlebot" content="noindex',
      'trove-index" content="none',
      'ROBOTS" content="NOINDEX',
    ]) {
      expect(readPage(page(`<meta name="${meta}">`), address).noindex, meta).toBe(true);
    }
    expect(readPage(page('<meta name="robots" content="index, follow">'), address).noindex).toBe(false);
  });

  it('lists links absolute, without fragments, distinct, http(s) only', () => {
    const main = `<article><h1>T</h1><time datetime="2024-03-05">x</time>${body}<a href="../other/#c">o</a><a href="../other/">o</a><a href="mailto:a@b.c">m</a><a href="javascript:void(0)">j</a><a href="https://elsewhere.example/x">e</a></article>`;
    expect(readPage(page('', main), address).links).toEqual([
      'https://blog.example/',
      'https://blog.example/about/',
      'https://blog.example/2024/03/05/other/',
      'https://elsewhere.example/x',
    ]);
  });
});

describe('readPage: hostile input is bounded and never crashes', () => {
  it('reads nothing, and says why, at an address that is not http(s)', () => {
    const reading = readPage(page(''), 'file:///tmp/a.html');
    expect(reading).toMatchObject({ kind: 'page', links: [] });
    expect(reading.document).toBeUndefined();
    expect(reading.warnings).toEqual(['"file:///tmp/a.html" is not an http(s) address: the page was not read']);
    expect(() => readPage(page(''), 'not a url')).not.toThrow();
  });

  it('never throws on tag soup (200 seeded random pages of broken markup, entities, scripts and JSON-LD)', () => {
    let state = 7;
    const random = () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32;
    const pieces = [
      '<div>',
      '</div>',
      '<p>',
      '</span>',
      '<article>',
      '</article>',
      '<time datetime="2024-13-45">',
      '<time datetime="2021-05-03">',
      '<a href="javascript:x">',
      '<a href="//other.example/x">',
      '<a rel="tag" href="/tag/x/">x</a>',
      '<h1>',
      '</h1>',
      '&amp;',
      '&#xD800;',
      '&bogus;',
      '<script>document.write("<div>")</script>',
      '<script type="application/ld+json">{"@type":["BlogPosting"],"headline":{"x":1},"author":[null,1,{}]}</script>',
      '<meta property="og:title" content="">',
      '<meta name="robots" content="">',
      '<link rel="canonical" href="http://[::1">',
      '<!--',
      '-->',
      '<![CDATA[',
      ']]>',
      '<img src="data:,">',
      '<template>',
      '<svg><a href="/in-svg/">',
      '<table><td>',
      '<body class="archive">',
      'word ',
      '\u0000',
      '"',
      "'",
      '<',
    ];
    for (let n = 0; n < 200; n++) {
      const html = Array.from({ length: 40 + Math.floor(random() * 200) }, () => pieces[Math.floor(random() * pieces.length)]).join('');
      expect(() => readPage(html, address), html).not.toThrow();
    }
  });

  it('reads nothing from empty or binary input', () => {
    expect(readPage('', address)).toMatchObject({ kind: 'page', canonical: address, links: [] });
    expect(() => readPage('\u0000\u0001<<<>>>\ufffd'.repeat(1000), address)).not.toThrow();
  });

  it('cuts a page longer than the bound, and says so', () => {
    const huge = page(
      '',
      `<article><h1>T</h1><time datetime="2024-03-05">x</time>${'<p>word word word word word.</p>'.repeat(MAX_PAGE_CHARS / 30)}</article>`,
    );
    const started = Date.now();
    const reading = readPage(huge, address);
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(reading.warnings.join(' ')).toContain('only its beginning was read');
  }, 60_000);

  it('reads markup nested hundreds deep, and cuts it (saying so) where it nests thousands deep', () => {
    const nested = (depth: number) => `${'<div>'.repeat(depth)}<p>Deep text.</p>${'</div>'.repeat(depth)}`;
    const deep = readPage(page('', `<article><h1>T</h1><time datetime="2024-03-05">x</time>${nested(900)}</article>`), address);
    expect(deep.kind).toBe('post');
    expect(deep.document?.content).toBe('Deep text.');
    const started = Date.now();
    const hostile = readPage(page('', `<article><h1>T</h1><time datetime="2024-03-05">x</time>${nested(200_000)}</article>`), address);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(hostile.warnings.join(' ')).toContain('nests elements more than 1000 deep');
    expect(hostile.kind).toBe('post');
  }, 60_000);

  it('does not count elements that HTML closes by itself (unclosed <p>, <li>, <td>) or that hold nothing (<br>, <img>) as nesting', () => {
    const sloppy = `<article><h1>T</h1><time datetime="2024-03-05">x</time><ul>${'<li><p>item<br><img src="x.png">'.repeat(3000)}</ul><p>The end of the post.</p></article>`;
    const reading = readPage(page('', sloppy), address);
    expect(reading.warnings.join(' ')).not.toContain('nests elements');
    expect(reading.document?.content).toContain('The end of the post.');
  });

  it('reads a page of 50,000 rel="tag" links in bounded time (term lines are short, and few are looked at)', () => {
    const links = Array.from({ length: 50_000 }, (_, i) => `<a rel="tag" href="/tag/t${i}/">t${i}</a>`).join(', ');
    const started = Date.now();
    const reading = readPage(page('', `<article><h1>T</h1><time datetime="2024-03-05">x</time>${body}<p>${links}</p></article>`), address);
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(reading.document?.tags).toHaveLength(30);
  }, 60_000);

  it('reads a page of 20,000 comments, each an article with its date, in bounded time, as the post it is', () => {
    const comments = `<section id="comments">${'<article class="comment"><time datetime="2024-03-06">6 March</time><p>Thanks!</p></article>'.repeat(20_000)}</section>`;
    const started = Date.now();
    const reading = readPage(
      page(
        '<meta property="og:type" content="article">',
        `<article><h1>T</h1><time datetime="2024-03-05">x</time>${body}</article>${comments}`,
      ),
      address,
    );
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(reading.kind).toBe('post');
    expect(reading.document?.date).toBe('2024-03-05T00:00:00.000Z');
    expect(reading.document?.content).not.toContain('Thanks!');
  }, 60_000);

  it('looks for tags among the first 1000 links of the article only (a page of a million links costs no more)', () => {
    const plain = Array.from({ length: 1000 }, (_, i) => `<a href="/p${i}/">p${i}</a>`).join(' ');
    const late = `<article><h1>T</h1><time datetime="2024-03-05">x</time>${body}<p>${plain}</p><a href="/tags/late/">late</a></article>`;
    expect(readPage(page('', late), address).document?.tags).toBeUndefined();
    const early = `<article><h1>T</h1><time datetime="2024-03-05">x</time>${body}<a href="/tags/early/">early</a><p>${plain}</p></article>`;
    expect(readPage(page('', early), address).document?.tags).toEqual(['early']);
  });

  it('passes over JSON-LD that is not JSON, and bounds what it reads of many meta tags and scripts', () => {
    const broken = '<script type="application/ld+json">{"@type": "BlogPosting", headline: oops</script>';
    const many =
      '<meta property="article:tag" content="t">'.repeat(10_000) +
      '<script type="application/ld+json">{"@type":"Thing"}</script>'.repeat(1000);
    const reading = readPage(page(broken + many), address);
    expect(reading.kind).toBe('post');
    expect(reading.document?.tags).toEqual(['t']);
  });
});
