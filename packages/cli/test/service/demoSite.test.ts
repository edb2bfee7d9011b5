import { createServer, type Server } from 'node:http';
import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Document } from 'trove-search-client';
import { createDemoSite, type DemoSiteOptions } from '../../../../demo/site/createDemoSite.ts';
import { serveStatic, type Middleware } from '../../../../demo/site/serveStatic.ts';
import { coverImage } from '../../src/service/sample/coverImage.ts';
import { createBlogIndex } from '../../../../demo/site/createBlogIndex.ts';
import { escapeHtml, html, scriptJson } from '../../../../demo/site/html.ts';
import { safeUrl } from '../../../../demo/site/safeUrl.ts';
import { generatePosts } from '../../src/service/sample/generatePosts.ts';

const hostile = '<img src=x onerror="alert(1)"> & "quotes" \'single\'';

const posts: Document[] = [
  {
    id: 1,
    title: hostile,
    content: 'First paragraph with <b>tags</b> inside.\n\nSecond paragraph. It has two sentences.\n\nThird <script>alert(2)</script> one.',
    url: 'javascript:alert(3)',
    image: 'javascript:alert(4)',
    tags: ['<svg onload=alert(5)>', 'Rust'],
    category: ['News & <Views>'],
    authors: ['Ann "The" Author'],
    date: '2024-05-06T07:08:09.000Z',
  },
  ...Array.from({ length: 30 }, (_, i) => ({
    id: i + 2,
    title: `Plain post ${i + 2}`,
    content: `Body of post ${i + 2}. It is short.`,
    url: `/posts/${i + 2}/plain-post-${i + 2}`,
    image: `/demo-assets/img/${(i % 5) + 1}.svg`,
    tags: ['Rust'],
    category: [i % 2 ? 'Cooking' : 'Travel'],
    author: ['Bo'],
    date: new Date(Date.UTC(2020, 0, 1 + i)).toISOString(),
  })),
];

type Handler = (req: Parameters<Middleware>[0], res: Parameters<Middleware>[1]) => void;

async function listen(handler: Handler): Promise<{ server: Server; base: string }> {
  const server = createServer(handler);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

function siteServer(options: Partial<DemoSiteOptions> = {}) {
  const site = createDemoSite({ script: 'dist', baseUrl: 'http://svc.test', token: 'tok', posts, ...options });
  return listen((req, res) =>
    site(req, res, () => {
      res.statusCode = 599;
      res.end('passed on');
    }),
  );
}

describe('createDemoSite', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => ({ server, base } = await siteServer()));
  afterAll(() => new Promise((done) => server.close(done)));

  const get = (path: string, init?: RequestInit) => fetch(base + path, { redirect: 'manual', ...init });

  it('renders a hostile post title, text, tags and category as text, never as markup', async () => {
    const res = await get('/posts/1/img-src-x-onerror-alert-1-quotes-single');
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(page).not.toContain('<img src=x');
    expect(page).not.toContain('<script>alert(2)');
    expect(page).not.toContain('<svg onload');
    expect(page).not.toContain('<b>tags</b>');
    expect(page).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &quot;quotes&quot; &#39;single&#39;');
    expect(page).toContain('&lt;script&gt;alert(2)&lt;/script&gt;');
    expect(page).toContain('News &amp; &lt;Views&gt;');
    expect(page).toContain('Ann &quot;The&quot; Author');
  });

  it('never puts a javascript: url or image from the corpus into a link or an image', async () => {
    const home = await (await get('/')).text();
    const post = await (await get('/posts/1/img-src-x-onerror-alert-1-quotes-single')).text();
    for (const page of [home, post]) expect(page).not.toMatch(/javascript:/i);
    expect(home).toContain('href="/posts/1/img-src-x-onerror-alert-1-quotes-single"');
  });

  it('lists the newest posts on the home page, 12 a page, with links to the next pages', async () => {
    const page = await (await get('/')).text();
    const ids = [...page.matchAll(/<article class="card[^"]*" data-post-id="(\d+)"/g)].map((m) => Number(m[1]));
    expect(ids).toEqual([1, 31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21]);
    expect(page).toContain('href="/?page=2"');
    expect(page).toContain('href="/?page=3"');
    expect(page).toContain('<trove-search-box results-url="/search" shortcut="/ mod+k" placeholder="Search the blog"></trove-search-box>');
  });

  it('shows the second page and answers 404 past the last one', async () => {
    const second = await (await get('/?page=2')).text();
    expect(second).toContain('data-post-id="20"');
    expect(second).not.toContain('data-post-id="21"');
    expect(second).toMatch(/aria-current="page"[^>]*>2</);
    expect((await get('/?page=4')).status).toBe(404);
    expect((await get('/?page=nonsense')).status).toBe(200);
  });

  it('renders a post with its id, canonical link and the related-posts element after the article', async () => {
    const res = await get('/posts/7/plain-post-7');
    const page = await res.text();
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page).toMatch(/<link rel="canonical" href="http:\/\/127\.0\.0\.1:\d+\/posts\/7\/plain-post-7">/);
    expect(page).toContain('<h1 id="post-title" class="post-title">Plain post 7</h1>');
    expect(page).toContain('#7');
    expect(page).toContain('<trove-related-posts doc-id="7" doc-title="Plain post 7"></trove-related-posts>');
    expect(page.indexOf('<trove-related-posts')).toBeGreaterThan(page.indexOf('</article>'));
    expect(page).toContain('<img src="/demo-assets/img/1.svg"');
  });

  it('redirects a post path with a wrong or missing slug to the post', async () => {
    for (const path of ['/posts/7', '/posts/7/wrong-slug', '/posts/7/plain-post-7/']) {
      const res = await get(path);
      expect(res.status).toBe(301);
      expect(res.headers.get('location')).toBe('/posts/7/plain-post-7');
    }
  });

  it('answers unknown posts, categories and paths with the 404 page', async () => {
    for (const path of ['/posts/999/x', '/category/nope', '/tag/nope', '/nothing-here', '/posts/%E0%A4%A/x']) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(await res.text()).toContain('This page is not here');
    }
  });

  it('escapes the requested path on the 404 page', async () => {
    const page = await (await get('/%3Cscript%3Ealert(1)%3C%2Fscript%3E')).text();
    expect(page).not.toContain('<script>alert(1)');
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('lists a category, a tag and an author, and redirects names to slugs', async () => {
    const cooking = await (await get('/category/cooking')).text();
    const ids = [...cooking.matchAll(/data-post-id="(\d+)"/g)].map((m) => Number(m[1]));
    expect(ids.length).toBe(12);
    expect(ids.every((id) => id % 2 === 1)).toBe(true);
    expect(cooking).toContain('<h1>Cooking</h1>');
    expect(cooking).toContain('15 posts');
    expect((await get('/tag/rust')).status).toBe(200);
    expect((await get('/author/bo')).status).toBe(200);
    const res = await get('/category/Cooking');
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/category/cooking');
  });

  it('has a search page with the results element and a no-script fallback form', async () => {
    const page = await (await get('/search?q=%3Cb%3Erust')).text();
    expect(page).toContain('<trove-search-results sort-options="date desc:Newest, date asc:Oldest"></trove-search-results>');
    expect(page).toContain('value="&lt;b&gt;rust"');
    expect(page).toMatch(/<noscript>\s*<form class="fallback-search" action="\/search"/);
  });

  it('loads dist/trove.js with its configuration in data attributes', async () => {
    const page = await (await get('/about')).text();
    expect(page).toContain(
      '<script src="/dist/trove.js" data-base-url="http://svc.test" data-project="demo" data-collection="blog" data-token="tok" defer></script>',
    );
  });

  it("sends /analytics to the service's analytics page", async () => {
    const res = await get('/analytics');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('http://svc.test/_trove/analytics');
  });

  it('serves the stylesheet, the icon and a generated cover image', async () => {
    const css = await get('/demo-assets/blog.css');
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(await css.text()).toContain(':root.dark {');
    const icon = await get('/demo-assets/favicon.svg');
    expect(icon.headers.get('content-type')).toBe('image/svg+xml');
    const img = await get('/demo-assets/img/12.svg');
    expect(img.headers.get('content-type')).toBe('image/svg+xml');
    expect(await img.text()).toBe(coverImage(12));
    expect((await get('/demo-assets/img/x.svg')).status).toBe(404);
  });

  it('answers HEAD without a body and passes other methods on', async () => {
    const head = await get('/', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    expect((await get('/', { method: 'POST' })).status).toBe(599);
  });
});

describe('createDemoSite options', () => {
  it('imports /packages/widgets/src/index.ts in dev mode, with the configuration as escaped JSON', async () => {
    const { server, base } = await siteServer({ script: 'dev', baseUrl: '', token: '</script><script>alert(1)</script>' });
    try {
      const page = await (await fetch(`${base}/`)).text();
      expect(page).toContain("import { configure, defineElements } from '/packages/widgets/src/index.ts'; configure(");
      expect(page).toContain(`"baseUrl":"${base}"`);
      expect(page).toContain('"token":"\\u003c/script\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e"');
      expect(page).not.toContain('</script><script>alert(1)');
    } finally {
      server.close();
    }
  });

  it('passes unknown paths to next() with fallthrough, and still answers its own missing posts', async () => {
    const { server, base } = await siteServer({ fallthrough: true });
    try {
      expect((await fetch(`${base}/packages/widgets/src/index.ts`)).status).toBe(599);
      expect((await fetch(`${base}/demo-assets/nope.css`)).status).toBe(599);
      expect((await fetch(`${base}/posts/999/x`)).status).toBe(404);
    } finally {
      server.close();
    }
  });

  it('renders every generated post', async () => {
    const corpus = generatePosts();
    const site = createDemoSite({ script: 'dist', baseUrl: 'http://svc.test', token: 'tok', posts: corpus });
    const { server, base } = await listen((req, res) => site(req, res, () => res.end()));
    try {
      expect(corpus.length).toBeGreaterThanOrEqual(500);
      for (const doc of corpus.slice(0, 40)) {
        const res = await fetch(base + doc.url!, { redirect: 'manual' });
        expect(res.status, doc.url).toBe(200);
        expect(await res.text()).toContain(`doc-id="${doc.id}"`);
      }
    } finally {
      server.close();
    }
  });
});

describe('createBlogIndex', () => {
  it("lists the blog's topics (a post's first category) before kinds of post, each by count", () => {
    const post = (id: number, ...category: string[]) => ({ id, title: `Post ${id}`, content: 'x', category });
    const blog = createBlogIndex(
      [post(1, 'Travel', 'Guides'), post(2, 'Cooking', 'Guides'), post(3, 'Cooking', 'Guides'), post(4, 'Travel')].concat(
        post(5, 'Cooking'),
      ),
    );
    expect(blog.categories.map((c) => c.name)).toEqual(['Cooking', 'Travel', 'Guides']);
  });
});

describe('serveStatic', () => {
  let dir: string;
  let server: Server;
  let base: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'trove-static-'));
    mkdirSync(join(dir, 'sub'));
    const files: Record<string, string> = {
      'a.js': 'js',
      'a.mjs': 'mjs',
      'a.css': 'css',
      'a.html': 'html',
      'a.svg': '<svg/>',
      'a.json': '{}',
      'a.js.map': '{}',
      'a.png': 'png',
      'sub/index.html': 'index',
      'a.bin': 'bin',
    };
    for (const [name, body] of Object.entries(files)) writeFileSync(join(dir, name), body);
    writeFileSync(join(dir, '..', `${dir.split('/').pop()}-secret.txt`), 'secret');
    const mw = serveStatic('/files/', dir);
    ({ server, base } = await listen((req, res) =>
      mw(req, res, () => {
        res.statusCode = 599;
        res.end('next');
      }),
    ));
  });
  afterAll(() => {
    server.close();
    rmSync(dir, { recursive: true, force: true });
    rmSync(`${dir}-secret.txt`, { force: true });
  });

  it('serves files with their content types', async () => {
    const expected: Record<string, string> = {
      'a.js': 'text/javascript; charset=utf-8',
      'a.mjs': 'text/javascript; charset=utf-8',
      'a.css': 'text/css; charset=utf-8',
      'a.html': 'text/html; charset=utf-8',
      'a.svg': 'image/svg+xml',
      'a.json': 'application/json; charset=utf-8',
      'a.js.map': 'application/json; charset=utf-8',
      'a.png': 'image/png',
      'a.bin': 'application/octet-stream',
    };
    for (const [name, type] of Object.entries(expected)) {
      const res = await fetch(`${base}/files/${name}?v=1`);
      expect(res.status, name).toBe(200);
      expect(res.headers.get('content-type'), name).toBe(type);
    }
    expect(await (await fetch(`${base}/files/sub/`)).text()).toBe('index');
  });

  it('never serves a file outside its folder', async () => {
    const name = `${dir.split('/').pop()}-secret.txt`;
    const { request } = await import('node:http');
    for (const path of [
      `/files/../${name}`,
      `/files/%2e%2e/${name}`,
      `/files/..%2f${name}`,
      `/files/sub/..%2f..%2f${name}`,
      '/files/a.js%00.png',
      '/files/%E0%A4%A',
    ]) {
      // Raw requests: fetch would normalise the dots away.
      const status = await new Promise<number>((done, fail) => {
        const req = request(`${base}${path}`, { path }, (res) => {
          res.resume();
          done(res.statusCode ?? 0);
        });
        req.on('error', fail);
        req.end();
      });
      expect(status, path).toBe(599);
    }
  });

  it('passes missing files, other prefixes and other methods to next()', async () => {
    expect((await fetch(`${base}/files/missing.js`)).status).toBe(599);
    expect((await fetch(`${base}/other/a.js`)).status).toBe(599);
    expect((await fetch(`${base}/files/a.js`, { method: 'POST' })).status).toBe(599);
  });
});

describe('html helpers', () => {
  it('escapes interpolations but keeps nested templates', () => {
    const inner = html`<em>${'<b>'}</em>`;
    expect(html`<p title="${'"x"'}">${inner}${['<', '>']}${null}${undefined}${false}</p>`.value).toBe(
      '<p title="&quot;x&quot;"><em>&lt;b&gt;</em>&lt;&gt;</p>',
    );
    expect(escapeHtml(`&<>"'\``)).toBe('&amp;&lt;&gt;&quot;&#39;&#96;');
  });

  it('writes JSON that cannot close a script element', () => {
    expect(scriptJson({ a: '</script><!--' }).value).toBe('{"a":"\\u003c/script\\u003e\\u003c!--"}');
  });

  it('lets only site paths and http(s) URLs through safeUrl', () => {
    expect(safeUrl('/posts/1/a')).toBe('/posts/1/a');
    expect(safeUrl('https://example.com/x')).toBe('https://example.com/x');
    for (const bad of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'data:text/html,x',
      '//evil.test/x',
      '/\\evil',
      'java\nscript:x',
      '',
      undefined,
    ]) {
      expect(safeUrl(bad, 'fallback')).toBe('fallback');
    }
  });

  it('draws the same cover for the same number and different covers for others', () => {
    expect(coverImage(3)).toBe(coverImage(3));
    expect(coverImage(3)).not.toBe(coverImage(4));
    expect(coverImage(3)).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 1200 675"/);
  });
});
