import { describe, expect, it } from 'vitest';
import { createSiteFetcher, type SiteFetcherBounds } from '../../../src/cli/sources/createSiteFetcher.ts';
import { crawlSite } from '../../../src/cli/sources/crawlSource.ts';
import { createSiteReading } from '../../../src/cli/sources/SiteReading.ts';
import { listSitemapPages } from '../../../src/cli/sources/sitemapSource.ts';
import { emptyState } from '../../../src/cli/sync/syncState.ts';
import { fakeSite, listingPage, type Page, postPage } from './fakeSite.ts';

const site = 'https://blog.test';

function fetcherFor(pages: Record<string, Page>, bounds: Partial<SiteFetcherBounds> = {}) {
  const net = fakeSite(pages);
  const fetcher = createSiteFetcher({ fetch: net.fetch, site: `${site}/`, version: '9.9.9', retry: { delay: () => 0 }, bounds });
  return { net, fetcher };
}

/** A body that sends `chunk` every `every` ms without end (until cancelled). */
function drip(chunk: string, every: number): Response {
  let timer: ReturnType<typeof setInterval> | undefined;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      timer = setInterval(() => controller.enqueue(new TextEncoder().encode(chunk)), every);
    },
    cancel() {
      clearInterval(timer);
    },
  });
  return new Response(stream, { headers: { 'content-type': 'text/html' } });
}

describe('createSiteFetcher: polite', () => {
  it('names itself in the User-Agent (trove-index, its version, the project) and reads robots.txt once per host', async () => {
    const { net, fetcher } = fetcherFor({ '/a/': 'a', '/b/': 'b' });
    await fetcher.get(`${site}/a/`);
    await fetcher.get(`${site}/b/`);
    expect(net.paths()).toEqual(['/robots.txt', '/a/', '/b/']);
    expect(net.requests[1]!.headers.get('user-agent')).toMatch(/^trove-index\/9\.9\.9 \(\+https:\/\/\S+\)$/);
  });

  it('obeys robots.txt: the rules for trove-index over those for *, and never asks a disallowed page', async () => {
    const { net, fetcher } = fetcherFor({
      '/robots.txt': 'User-agent: *\nDisallow: /\n\nUser-agent: trove-index\nDisallow: /private/\nAllow: /\n',
      '/a/': 'a',
    });
    expect(await fetcher.get(`${site}/a/`)).toMatchObject({ kind: 'ok' });
    expect(await fetcher.get(`${site}/private/x/`)).toEqual({ kind: 'skipped', url: `${site}/private/x/`, reason: 'robots' });
    expect(net.paths()).toEqual(['/robots.txt', '/a/']);
  });

  it('keeps the Crawl-delay of robots.txt between requests, one at a time', async () => {
    const { fetcher } = fetcherFor({ '/robots.txt': 'User-agent: *\nCrawl-delay: 0.2\n', '/a/': 'a', '/b/': 'b', '/c/': 'c' });
    const started = Date.now();
    await Promise.all(['/a/', '/b/', '/c/'].map((path) => fetcher.get(`${site}${path}`)));
    expect(Date.now() - started).toBeGreaterThanOrEqual(380);
  });

  it('keeps at most 4 requests in flight on a host', async () => {
    let inFlight = 0;
    let most = 0;
    const slow = async () => {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 20));
      inFlight--;
      return new Response('ok');
    };
    const pages: Record<string, Page> = {};
    for (let i = 0; i < 12; i++) pages[`/p${i}/`] = slow;
    const { fetcher } = fetcherFor(pages);
    await Promise.all(Object.keys(pages).map((path) => fetcher.get(`${site}${path}`)));
    expect(most).toBe(4);
  });

  it('retries a 429 and a 503 after their Retry-After', async () => {
    let calls = 0;
    const { fetcher } = fetcherFor({
      '/a/': () =>
        ++calls === 1
          ? new Response('', { status: 429, headers: { 'retry-after': '0.1' } })
          : calls === 2
            ? new Response('', { status: 503, headers: { 'retry-after': '0.1' } })
            : new Response('fine'),
    });
    const started = Date.now();
    expect(await fetcher.get(`${site}/a/`)).toMatchObject({ kind: 'ok', text: 'fine' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(180);
    expect(calls).toBe(3);
  });

  it('sends If-None-Match and If-Modified-Since when it knows them, and reports a 304 as not modified', async () => {
    const { net, fetcher } = fetcherFor({ '/a/': { status: 304 } });
    expect(await fetcher.get(`${site}/a/`, { etag: '"v1"', lastModified: 'Mon, 01 Jan 2024 00:00:00 GMT' })).toMatchObject({
      kind: 'not modified',
    });
    expect(net.requests[1]!.headers.get('if-none-match')).toBe('"v1"');
    expect(net.requests[1]!.headers.get('if-modified-since')).toBe('Mon, 01 Jan 2024 00:00:00 GMT');
  });
});

describe('createSiteFetcher: bounded against broken and hostile sites', () => {
  it('follows a redirect within the site (http to https, www) but not to another host', async () => {
    const { fetcher } = fetcherFor({
      '/old/': { status: 301, headers: { location: 'https://www.blog.test/new/' } },
      'https://www.blog.test/new/': 'new',
      '/away/': { status: 302, headers: { location: 'https://elsewhere.test/' } },
    });
    expect(await fetcher.get(`${site}/old/`)).toMatchObject({ kind: 'ok', url: 'https://www.blog.test/new/', text: 'new' });
    expect(await fetcher.get(`${site}/away/`)).toMatchObject({ kind: 'skipped', reason: 'other site' });
  });

  it('stops a redirect loop and a redirect chain longer than the bound, saying which', async () => {
    const { fetcher } = fetcherFor({
      '/a/': { status: 301, headers: { location: '/b/' } },
      '/b/': { status: 301, headers: { location: '/a/' } },
      ...Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`/r${i}/`, { status: 302, headers: { location: `/r${i + 1}/` } }])),
    });
    expect(await fetcher.get(`${site}/a/`)).toMatchObject({ kind: 'error', message: expect.stringContaining('redirect loop') });
    expect(await fetcher.get(`${site}/r0/`)).toMatchObject({ kind: 'error', message: 'more than 5 redirects' });
  });

  it('cuts off a page of gigabytes at the size bound, declared or not, and says so in the limits', async () => {
    const { fetcher } = fetcherFor(
      {
        '/declared/': { body: 'x', headers: { 'content-length': String(5 * 1024 ** 3) } },
        '/endless/': () => drip('x'.repeat(64 * 1024), 1),
      },
      { maxBytes: 1024 * 1024 },
    );
    expect(await fetcher.get(`${site}/declared/`)).toMatchObject({ kind: 'error', message: 'larger than 1 MB; not read' });
    const endless = await fetcher.get(`${site}/endless/`);
    expect(endless).toMatchObject({ kind: 'error', message: 'larger than 1 MB; not read' });
    expect(fetcher.stats.bytes).toBeLessThan(2 * 1024 * 1024);
    expect(fetcher.stats.limits).toEqual(['pages larger than 1 MB were not read']);
  });

  it('cuts off an answer that drips a byte a second at the deadline', async () => {
    const { fetcher } = fetcherFor({ '/slow/': () => drip('x', 1000) }, { timeout: 300 });
    const started = Date.now();
    expect(await fetcher.get(`${site}/slow/`)).toMatchObject({
      kind: 'error',
      message: expect.stringContaining('no complete answer within 0.3 s'),
    });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(fetcher.stats.limits).toEqual(['pages slower than 0.3 s were cut off']);
  });

  it('reads no more than the page bound per run, and says how to raise it', async () => {
    const { fetcher } = fetcherFor({ '/a/': 'a', '/b/': 'b', '/c/': 'c' }, { maxPages: 2 });
    const answers = await Promise.all(['/a/', '/b/', '/c/'].map((path) => fetcher.get(`${site}${path}`)));
    expect(answers.map((a) => a.kind)).toEqual(['ok', 'ok', 'skipped']);
    expect(fetcher.stats.limits).toEqual(['the page bound of 2 pages per run was reached (raise it with --max-pages)']);
  });

  it('reads the first addresses of a sitemap of millions and stops at the bound', async () => {
    const entries = Array.from({ length: 50_000 }, (_, i) => `<url><loc>${site}/p${i}/</loc></url>`).join('');
    const { fetcher } = fetcherFor({ '/sitemap.xml': `<?xml version="1.0"?><urlset>${entries}</urlset>` });
    const reading = createSiteReading(emptyState(site, 't'));
    const listed = await listSitemapPages(reading, fetcher, [`${site}/sitemap.xml`], 1000);
    expect(listed?.pages).toHaveLength(1000);
    expect(reading.incomplete).toContain('sitemap longer than the page bound');
    expect(fetcher.stats.limits[0]).toMatch(/the sitemaps list more than 1000 addresses/);
  });

  it('follows endless generated links (a calendar, ?page= without end) only so far, and says so', async () => {
    const calendar = (request: Request) => {
      const url = new URL(request.url);
      const n = Number(url.searchParams.get('page') ?? 0);
      return new Response(listingPage(site, [`/calendar/?page=${n + 1}`, `/calendar/?page=${n + 2}`]), {
        headers: { 'content-type': 'text/html' },
      });
    };
    const { net, fetcher } = fetcherFor({
      '/': listingPage(site, ['/calendar/', '/a/']),
      '/a/': postPage(site, '/a/', 'A', 'Alpha text'),
      ...Object.fromEntries(Array.from({ length: 400 }, (_, i) => [`/calendar/?page=${i}`, calendar])),
      '/calendar/': calendar,
    });
    const reading = createSiteReading(emptyState(site, 't'));
    await crawlSite(reading, fetcher, { isOwn: () => true, includePages: false }, `${site}/`, 8);
    expect(reading.posts.map((p) => p.address)).toEqual([`${site}/a/`]);
    expect(net.requests.length).toBeLessThan(210);
    expect(fetcher.stats.limits.join('\n')).toMatch(
      /links of the form \/calendar\/\?page were not followed \(more than 200 of that form\)/,
    );
    expect(reading.incomplete).not.toEqual([]);
  });
});
