import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { documentId } from 'trove-search-client';
import { runCli } from '../../../src/cli/runCli.ts';
import { memoryIo } from '../fakeFetch.ts';
import { fakeSite, listingPage, type Page, postPage, sitemap } from '../sources/fakeSite.ts';

const site = 'https://blog.test';
const service = 'https://search.test';
const target = ['--base-url', service, '--project', 'demo', '--collection', 'blog', '--token', 's3cret'];

/** A blog with an ETag on every page, and a service that records what it is sent; `deleteStatus` is how it answers a DELETE. */
function world(deleteStatus = 200, withSitemap = true) {
  /** Paths that answer 500 (the blog failing), or every path with `down`. */
  const failing = new Set<string>();
  let down = false;
  const posts = new Map<string, string>([
    ['/a/', 'Alpha text'],
    ['/b/', 'Beta text'],
    ['/c/', 'Gamma text'],
  ]);
  const etag = (text: string) => `"${createHash('sha1').update(text).digest('hex')}"`;
  const withEtag =
    (html: string): Page =>
    (request: Request) =>
      request.headers.get('if-none-match') === etag(html)
        ? new Response(null, { status: 304, headers: { etag: etag(html) } })
        : new Response(html, { headers: { 'content-type': 'text/html', etag: etag(html) } });
  const pages = (): Record<string, Page> => ({
    '/': withEtag(listingPage(site, [...posts.keys()])),
    ...(withSitemap
      ? {
          '/sitemap.xml': withEtag(
            sitemap(
              site,
              [...posts.keys()].map((path): [string] => [path]),
            ),
          ),
        }
      : {}),
    ...Object.fromEntries([...posts].map(([path, text]) => [path, withEtag(postPage(site, path, path.replaceAll('/', ''), text))])),
  });
  const sent: { method: string; body: unknown }[] = [];
  const asked: { path: string; status: number }[] = [];
  let bytes = 0;
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    if (request.url.startsWith(service)) {
      const body = JSON.parse(await request.text());
      sent.push({ method: request.method, body });
      if (request.method === 'DELETE' && deleteStatus !== 200) return new Response('{"code":405,"message":"no"}', { status: deleteStatus });
      return new Response(JSON.stringify({ code: 200, message: 'ok', response: null }), {
        headers: { 'content-type': 'application/json' },
      });
    }
    const path = new URL(request.url).pathname;
    const response = down || failing.has(path) ? new Response('broken', { status: 500 }) : await fakeSite(pages()).fetch(request);
    asked.push({ path: new URL(request.url).pathname, status: response.status });
    const length = (await response.clone().arrayBuffer()).byteLength;
    bytes += length;
    return response;
  };
  return {
    posts,
    sent,
    asked,
    failing,
    setDown: (value: boolean) => {
      down = value;
    },
    bytes: () => bytes,
    resetBytes: () => {
      bytes = 0;
    },
    fetch: fetch as typeof globalThis.fetch,
  };
}

async function run(w: ReturnType<typeof world>, cache: string, extra: string[] = []) {
  const io = memoryIo({ XDG_CACHE_HOME: cache });
  const code = await runCli(['index', `${site}/`, ...target, ...extra], { ...io, fetch: w.fetch, retry: { delay: () => 0 } });
  return { code, stderr: io.stderr.text };
}

const titles = (body: unknown) => (body as { title: string }[]).map((d) => d.title).sort();

describe('trove index <site>, run again', () => {
  it('keeps a state file in the cache folder, says where, and a second run on the unchanged blog sends nothing and reads little', async () => {
    const w = world();
    const cache = mkdtempSync(join(tmpdir(), 'trove-sync-'));
    const first = await run(w, cache);
    expect(first.code).toBe(0);
    expect(titles(w.sent[0]!.body)).toEqual(['a', 'b', 'c']);
    const statePath = /State: (\S+)/.exec(first.stderr)![1]!;
    expect(statePath.startsWith(join(cache, 'trove'))).toBe(true);
    expect(JSON.parse(readFileSync(statePath, 'utf8')).source).toEqual({ name: 'sitemap', start: `${site}/sitemap.xml` });
    const firstBytes = w.bytes();
    w.resetBytes();
    w.sent.length = 0;

    const second = await run(w, cache);
    expect(second.code).toBe(0);
    expect(w.sent).toEqual([]);
    expect(second.stderr).toContain('3 posts (3 unchanged since the last run, 0 to send)');
    expect(w.bytes()).toBeLessThanOrEqual(firstBytes * 0.1);
  });

  it('a blog read by its own links is crawled again from its home page with conditional requests only', async () => {
    const w = world(200, false);
    const cache = mkdtempSync(join(tmpdir(), 'trove-sync-'));
    const first = await run(w, cache);
    expect(first.stderr).toContain('from its links from the home page');
    w.sent.length = 0;
    w.asked.length = 0;
    const second = await run(w, cache);
    expect(second.code, second.stderr).toBe(0);
    expect(w.sent).toEqual([]);
    // Each page asked once, conditionally (the About page the posts link to is not there: 404 each time).
    const pages = w.asked.filter((a) => a.path !== '/robots.txt' && !a.path.endsWith('.xml'));
    expect(pages.map((a) => a.path).sort()).toEqual(['/', '/a/', '/about/', '/b/', '/c/']);
    expect(new Set(pages.filter((a) => a.path !== '/about/').map((a) => a.status))).toEqual(new Set([304]));
  });

  it('sends an edited post again, adds a new one and removes a post gone from the site through the service', async () => {
    const w = world();
    const cache = mkdtempSync(join(tmpdir(), 'trove-sync-'));
    await run(w, cache);
    w.sent.length = 0;
    w.posts.set('/b/', 'Beta text, edited');
    w.posts.set('/d/', 'Delta text');
    w.posts.delete('/c/');
    const { code, stderr } = await run(w, cache);
    expect(code).toBe(0);
    expect(w.sent.map((s) => s.method)).toEqual(['POST', 'DELETE']);
    expect(titles(w.sent[0]!.body)).toEqual(['b', 'd']);
    expect(w.sent[1]!.body).toEqual([documentId(`${site}/c/`)]);
    expect(stderr).toContain(`Removed 1 post gone from the site: ${site}/c/`);

    // And the next run has nothing left to do.
    w.sent.length = 0;
    expect((await run(w, cache)).code).toBe(0);
    expect(w.sent).toEqual([]);
  });

  it('against a service without delete (405), lists the stale posts, exits 3, and tries again next time', async () => {
    const w = world(405);
    const cache = mkdtempSync(join(tmpdir(), 'trove-sync-'));
    await run(w, cache);
    w.posts.delete('/c/');
    const { code, stderr } = await run(w, cache);
    expect(code).toBe(3);
    expect(stderr).toContain(
      '1 post gone from the site stays in the index: the service cannot remove documents (it answered HTTP 405 to a delete',
    );
    expect(stderr).toContain(`${site}/c/ (id ${documentId(`${site}/c/`)})`);
    w.sent.length = 0;
    expect((await run(w, cache)).code).toBe(3);
    expect(w.sent.map((s) => s.method)).toEqual(['DELETE']);
  });

  it('with --full, reads and sends everything again', async () => {
    const w = world();
    const cache = mkdtempSync(join(tmpdir(), 'trove-sync-'));
    await run(w, cache);
    w.sent.length = 0;
    const { code, stderr } = await run(w, cache, ['--full']);
    expect(code).toBe(0);
    expect(stderr).toContain('(ignored: --full)');
    expect(titles(w.sent[0]!.body)).toEqual(['a', 'b', 'c']);
  });

  it('removes no post whose page fails this time (a 500), and reads it again next time', async () => {
    const w = world();
    const cache = mkdtempSync(join(tmpdir(), 'trove-sync-'));
    await run(w, cache);
    w.sent.length = 0;
    w.failing.add('/b/');
    const failed = await run(w, cache);
    expect(failed.code).toBe(3);
    expect(w.sent).toEqual([]);
    expect(failed.stderr).toContain(`error: ${site}/b/: HTTP 500`);
    w.failing.clear();
    w.asked.length = 0;
    expect((await run(w, cache)).code).toBe(0);
    expect(w.sent).toEqual([]);
    expect(w.asked.find((a) => a.path === '/b/')?.status).toBe(304);
  });

  it('removes nothing when the whole blog is down', async () => {
    const w = world();
    const cache = mkdtempSync(join(tmpdir(), 'trove-sync-'));
    await run(w, cache);
    w.sent.length = 0;
    w.setDown(true);
    expect((await run(w, cache)).code).toBe(1);
    expect(w.sent).toEqual([]);
    w.setDown(false);
    expect((await run(w, cache)).code).toBe(0);
    expect(w.sent).toEqual([]);
  });

  it('with --full, still removes the posts gone since the last run', async () => {
    const w = world();
    const cache = mkdtempSync(join(tmpdir(), 'trove-sync-'));
    await run(w, cache);
    w.posts.delete('/a/');
    w.sent.length = 0;
    expect((await run(w, cache, ['--full'])).code).toBe(0);
    expect(w.sent.map((s) => s.method)).toEqual(['POST', 'DELETE']);
    expect(w.sent[1]!.body).toEqual([documentId(`${site}/a/`)]);
  });

  it('stops when interrupted while reading the site: nothing sent, no state written', async () => {
    const w = world();
    const cache = mkdtempSync(join(tmpdir(), 'trove-sync-'));
    const controller = new AbortController();
    const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (new Request(input, init).url.endsWith('/b/')) controller.abort();
      return w.fetch(input, init);
    }) as typeof globalThis.fetch;
    const io = memoryIo({ XDG_CACHE_HOME: cache });
    const code = await runCli(['index', `${site}/`, ...target], { ...io, fetch, retry: { delay: () => 0 }, signal: controller.signal });
    expect(code, io.stderr.text).toBe(130);
    expect(w.sent).toEqual([]);
    expect(io.stderr.text).not.toContain('unexpected error');
    expect(existsSync(/State: (\S+)/.exec(io.stderr.text)![1]!)).toBe(false);
  });

  it('stops when interrupted while reading a built folder: no page read, nothing sent', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'trove-folder-'));
    for (const name of ['a', 'b', 'c']) {
      mkdirSync(join(dir, name));
      writeFileSync(join(dir, name, 'index.html'), postPage(site, `/${name}/`, name, `${name} text`));
    }
    const controller = new AbortController();
    controller.abort();
    const w = world();
    const io = memoryIo({ XDG_CACHE_HOME: mkdtempSync(join(tmpdir(), 'trove-sync-')) });
    const code = await runCli(['index', dir, '--site-url', site, ...target], { ...io, fetch: w.fetch, signal: controller.signal });
    expect(code, io.stderr.text).toBe(130);
    expect(w.sent).toEqual([]);
    expect(io.stderr.text).not.toMatch(/Reading the site: \d+ found · [1-9]/);
  });

  it('removes nothing when the site could not be read to its end (a bound reached)', async () => {
    const w = world();
    const cache = mkdtempSync(join(tmpdir(), 'trove-sync-'));
    await run(w, cache);
    w.sent.length = 0;
    const { stderr } = await run(w, cache, ['--full', '--max-pages', '2']);
    expect(w.sent.map((s) => s.method)).not.toContain('DELETE');
    expect(stderr).toContain('Bound reached: the page bound of 2 pages per run was reached (raise it with --max-pages)');
    expect(stderr).toContain('no post was removed');
  });
});
