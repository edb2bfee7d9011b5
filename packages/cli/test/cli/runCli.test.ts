import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/runCli.ts';
import { documentId } from 'trove-search-client';
import { fakeFetch, memoryIo, networkError, ok, status } from './fakeFetch.ts';

const dir = mkdtempSync(join(tmpdir(), 'trove-cli-test-'));
const fixtures = new URL('./fixtures/', import.meta.url).pathname;
const target = ['--base-url', 'http://search.test', '--project', 'demo', '--collection', 'notes', '--token', 's3cret'];
const noDelay = { delay: () => 0 };
/** Exit status of a run that indexed every document it could, but skipped some items (documents.json and documents.ndjson hold invalid ones). */
const SKIPPED_SOME = 3;

function feedOf(count: number): string {
  const items = Array.from(
    { length: count },
    (_, i) => `<item><title>Post ${i + 1}</title><link>https://blog.test/p/${i + 1}</link><description>Body ${i + 1}</description></item>`,
  );
  return `<?xml version="1.0"?><rss version="2.0"><channel><title>B</title><link>https://blog.test/</link>${items.join('')}</channel></rss>`;
}

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

async function run(args: string[], options: { fetch?: typeof fetch; env?: Record<string, string> } = {}) {
  const io = memoryIo(options.env);
  const code = await runCli(args, { ...io, fetch: options.fetch, cwd: fixtures, retry: noDelay });
  return { code, stdout: io.stdout.text, stderr: io.stderr.text };
}

describe('trove index: sending', () => {
  it('sends the documents in batches of --batch to the v2 indexing endpoint with the token', async () => {
    const net = fakeFetch();
    const { code, stderr } = await run(['index', file('250.xml', feedOf(250)), ...target, '--batch', '100'], net);
    expect(code).toBe(0);
    expect(net.requests.map((r) => [r.method, r.url.pathname, r.url.searchParams.get('token'), (r.body as unknown[]).length])).toEqual([
      ['POST', '/api/v2/projects/demo/collections/notes/documents', 's3cret', 100],
      ['POST', '/api/v2/projects/demo/collections/notes/documents', 's3cret', 100],
      ['POST', '/api/v2/projects/demo/collections/notes/documents', 's3cret', 50],
    ]);
    const first = (net.requests[0]!.body as Record<string, unknown>[])[0];
    expect(first).toEqual({ id: documentId('https://blog.test/p/1'), title: 'Post 1', content: 'Body 1', url: 'https://blog.test/p/1' });
    expect(stderr).toContain('Indexed 250 of 250 documents from RSS 2.0 feed');
    expect(stderr).toContain('into demo/notes (v2) at http://search.test');
  });

  it('prints one plain line per batch when standard error is not a terminal', async () => {
    const { stderr } = await run(['index', file('3.xml', feedOf(3)), ...target, '--batch', '2'], fakeFetch());
    expect(stderr).toContain('batch 1/2 indexed · 2/3 documents\n');
    expect(stderr).toContain('batch 2/2 indexed · 3/3 documents\n');
  });

  it('sends v1 field names to the v1 path with --api-version v1', async () => {
    const net = fakeFetch([ok('Indexed')]);
    const { code } = await run(['index', 'documents.json', ...target, '--api-version', 'v1'], net);
    expect(code).toBe(SKIPPED_SOME);
    expect(net.requests[0]!.url.pathname).toBe('/api/v1/demo/collections/notes/documents');
    expect((net.requests[0]!.body as unknown[])[0]).toEqual({
      id: 1,
      title_t_bi: 'First post',
      content_t_bi: 'Hello',
      url_s: '/posts/1/first',
      tags_sa: ['a'],
      category_sa: ['News'],
      author_sa: ['Ann'],
      date_dt: '2024-05-01T00:00:00.000Z',
    });
  });

  it('reads the options from TROVE_* environment variables', async () => {
    const net = fakeFetch();
    const env = { TROVE_BASE_URL: 'http://env.test/', TROVE_PROJECT: 'p', TROVE_COLLECTION: 'c', TROVE_TOKEN: 't' };
    const { code } = await run(['index', 'documents.ndjson'], { ...net, env });
    expect(code).toBe(SKIPPED_SOME);
    expect(net.requests[0]!.url.href).toBe('http://env.test/api/v2/projects/p/collections/c/documents?token=t');
  });

  it('lets a flag win over its environment variable', async () => {
    const net = fakeFetch();
    await run(['index', 'documents.ndjson', ...target], { ...net, env: { TROVE_PROJECT: 'other' } });
    expect(net.requests[0]!.url.pathname).toBe('/api/v2/projects/demo/collections/notes/documents');
  });
});

describe('trove index: retries', () => {
  it('retries a batch after a network error and a 503, then succeeds with the same body', async () => {
    const net = fakeFetch([networkError(), status(503), ok()]);
    const { code, stderr } = await run(['index', 'documents.ndjson', ...target], net);
    expect(code).toBe(SKIPPED_SOME);
    expect(net.requests).toHaveLength(3);
    expect(net.requests[2]!.body).toEqual(net.requests[0]!.body);
    expect(stderr).toContain('Indexed 2 of 2 documents');
  });

  it('retries a 429', async () => {
    const net = fakeFetch([status(429, { 'retry-after': '0' }), ok()]);
    expect((await run(['index', 'documents.ndjson', ...target], net)).code).toBe(SKIPPED_SOME);
    expect(net.requests).toHaveLength(2);
  });

  it('waits between attempts with a growing backoff', async () => {
    const delays: number[] = [];
    const net = fakeFetch([status(500), status(502), ok()]);
    const io = memoryIo();
    const code = await runCli(['index', 'documents.ndjson', ...target], {
      ...io,
      fetch: net.fetch,
      cwd: fixtures,
      retry: { delay: (attempt) => (delays.push(attempt), 0) },
    });
    expect(code).toBe(SKIPPED_SOME);
    expect(delays).toEqual([1, 2]);
  });

  it('does not retry a 400 and reports the item the service names', async () => {
    const net = fakeFetch([status(400, {}, 'Invalid documents[1].date: not ISO 8601')]);
    const { code, stderr } = await run(['index', 'documents.ndjson', ...target], net);
    expect(code).toBe(1);
    expect(net.requests).toHaveLength(1);
    expect(stderr).toContain('Failed 2 documents:');
    expect(stderr).toContain('documents[1] = line 3');
  });

  it('gives up after the retry limit, reports the failure and exits with 1', async () => {
    const net = fakeFetch([], status(503));
    const { code, stderr } = await run(['index', 'documents.ndjson', ...target], net);
    expect(code).toBe(1);
    expect(net.requests).toHaveLength(5); // 1 + 4 retries
    expect(stderr).toMatch(
      /Failed 2 documents:\n {2}batch 1 of 1 \(documents 1–2: line 1 "Line one" … line 3 \(id 12\)\): Service answered 503 "failed": POST \/api\/v2\/projects\/demo\/collections\/notes\/documents\n/,
    );
  });

  it('stops after a batch fails for good and reports the batches not sent', async () => {
    const net = fakeFetch([ok(), networkError(), networkError(), networkError(), networkError(), networkError()]);
    const { code, stderr } = await run(['index', file('5.xml', feedOf(5)), ...target, '--batch', '2'], net);
    expect(code).toBe(1);
    expect(net.requests).toHaveLength(6);
    expect(stderr).toContain('Indexed 2 of 5 documents');
    expect(stderr).toMatch(
      /batch 2 of 3 .*: No answer from the service: POST \/api\/v2\/projects\/demo\/collections\/notes\/documents \(fetch failed: connect ECONNREFUSED/,
    );
    expect(stderr).toContain('batch 3 of 3 (document 5: item 5 "Post 5"): not sent: stopped after batch 2 failed');
  });

  it('goes on with the next batch after a batch is refused as bad input', async () => {
    const net = fakeFetch([status(400), ok()]);
    const { code, stderr } = await run(['index', file('4.xml', feedOf(4)), ...target, '--batch', '2'], net);
    expect(code).toBe(1);
    expect(net.requests).toHaveLength(2);
    expect(stderr).toContain('Indexed 2 of 4 documents');
  });

  it('splits a batch the service finds too large and sends the halves', async () => {
    const net = fakeFetch([], (r) => ((r.body as unknown[]).length > 2 ? status(413, {}, 'Body too large') : ok()));
    const { code, stderr } = await run(['index', file('5b.xml', feedOf(5)), ...target, '--batch', '5'], net);
    expect(code).toBe(0);
    expect(net.requests.map((r) => (r.body as unknown[]).length)).toEqual([5, 3, 2, 1, 2]);
    expect(stderr).toContain('Indexed 5 of 5 documents');
  });

  it('names a single document too large to send', async () => {
    const net = fakeFetch([], (r) => ((r.body as { title: string }[]).some((d) => d.title === 'Post 2') ? status(413) : ok()));
    const { code, stderr } = await run(['index', file('2b.xml', feedOf(2)), ...target], net);
    expect(code).toBe(1);
    expect(stderr).toContain('Indexed 1 of 2 documents');
    expect(stderr).toContain('batch 1 of 1 (document 2: item 2 "Post 2"): Service answered 413');
    expect(stderr).toContain('(this document alone is larger than the service accepts)');
  });

  it('never prints the token', async () => {
    const net = fakeFetch([status(401, {}, 'bad token s3cret')]);
    const { code, stderr } = await run(['index', 'documents.ndjson', ...target], net);
    expect(code).toBe(1);
    expect(stderr).toContain('Service answered 401');
    expect(stderr).not.toContain('s3cret');
  });
});

describe('trove index: dry run and bad input', () => {
  it('prints the mapped documents as JSON and sends nothing with --dry-run', async () => {
    const net = fakeFetch([], new Error('nothing may be sent'));
    const { code, stdout, stderr } = await run(['index', 'blog.rss.xml', '--dry-run'], net);
    expect(code).toBe(SKIPPED_SOME); // item 4 has no title and no content
    expect(net.requests).toHaveLength(0);
    const printed = JSON.parse(stdout) as { id: number; title: string }[];
    expect(printed.map((d) => d.title)).toEqual(['Tide tables & why they lie', 'Mending nets', 'Gulls at dawn']);
    expect(stderr).toContain('Dry run: 3 documents would be indexed from RSS 2.0 feed blog.rss.xml (4 items); nothing was sent.');
    expect(stderr).toContain('item 4 (https://harbour.example.org/?p=9): has no title and no content');
  });

  it('prints v1 field names in a v1 dry run', async () => {
    const { code, stdout } = await run(['index', 'documents.ndjson', '--dry-run', '--api-version', 'v1']);
    expect(code).toBe(SKIPPED_SOME);
    expect(JSON.parse(stdout)).toEqual([
      { id: 11, title_t_bi: 'Line one' },
      { id: 12, content_t_bi: 'Line three' },
    ]);
  });

  it('reports skipped items with their reasons, still indexes the others, and exits with 3', async () => {
    const net = fakeFetch();
    const { code, stderr } = await run(['index', 'documents.json', ...target], net);
    expect(code).toBe(3);
    expect((net.requests[0]!.body as unknown[]).length).toBe(5);
    expect(stderr).toContain('Skipped 5 items:');
    expect(stderr).toContain('document 9 "Bad date": date "someday" is not an ISO 8601 date');
  });

  it('sends nothing when the input is not well-formed, and exits with 2', async () => {
    const net = fakeFetch();
    const broken = file('broken.xml', feedOf(3).replace('</channel>', ''));
    const { code, stderr } = await run(['index', broken, ...target], net);
    expect(code).toBe(2);
    expect(net.requests).toHaveLength(0);
    expect(stderr).toMatch(/^trove: .*broken\.xml is not well-formed XML: .*\(line 1, column \d+\)\n$/);
  });

  it('names an unreadable file', async () => {
    const { code, stderr } = await run(['index', 'missing.json', ...target], fakeFetch());
    expect(code).toBe(2);
    expect(stderr).toBe('trove: cannot read file missing.json: no such file\n');
  });

  it('exits with 1 when no item can be indexed', async () => {
    const net = fakeFetch();
    const { code, stderr } = await run(['index', file('empty-items.json', '[{"id": 1}, {"id": 2}]'), ...target], net);
    expect(code).toBe(1);
    expect(net.requests).toHaveLength(0);
    expect(stderr).toContain('Skipped 2 items:');
  });

  it('sends nothing for a feed with no items and exits with 1 (nothing to index)', async () => {
    const net = fakeFetch();
    const { code, stderr } = await run(['index', file('none.xml', feedOf(0)), ...target], net);
    expect(code).toBe(1);
    expect(net.requests).toHaveLength(0);
    expect(stderr).toContain('No items in RSS 2.0 feed');
  });
});

describe('trove index: fetching a URL', () => {
  it('fetches the feed and resolves its relative links', async () => {
    const feed = `<rss version="2.0"><channel><item><title>Hi</title><link>/p/1</link></item></channel></rss>`;
    const net = fakeFetch([(r) => (r.method === 'GET' ? new Response(feed, { status: 200 }) : new Error('wrong order'))]);
    const { code, stdout } = await run(['index', 'https://blog.test/feed.xml', '--dry-run'], net);
    expect(code).toBe(0);
    expect(net.requests[0]!.url.href).toBe('https://blog.test/feed.xml');
    expect(JSON.parse(stdout)[0].url).toBe('https://blog.test/p/1');
  });

  it('reports an HTTP error of the feed URL', async () => {
    const net = fakeFetch([new Response('gone', { status: 404, statusText: 'Not Found' })]);
    const { code, stderr } = await run(['index', 'https://blog.test/feed.xml', ...target], net);
    expect(code).toBe(2);
    expect(stderr).toBe('trove: cannot fetch https://blog.test/feed.xml: HTTP 404 Not Found\n');
    expect(net.requests).toHaveLength(1);
  });

  it('reports a feed URL that cannot be reached', async () => {
    const { code, stderr } = await run(['index', 'https://blog.test/feed.xml', '--dry-run'], fakeFetch([networkError()]));
    expect(code).toBe(2);
    expect(stderr).toBe('trove: cannot fetch https://blog.test/feed.xml: connect ECONNREFUSED 127.0.0.1:9\n');
  });
});

describe('trove: arguments', () => {
  it('names the missing options', async () => {
    const { code, stderr } = await run(['index', 'documents.json', '--project', 'demo']);
    expect(code).toBe(2);
    expect(stderr).toBe('trove: Missing --base-url (or TROVE_BASE_URL), --collection (or TROVE_COLLECTION), --token (or TROVE_TOKEN).\n');
  });

  it('refuses an unknown option, a bad batch size, a bad API version and a bad base URL', async () => {
    expect((await run(['index', 'x', '--batchsize', '3'])).stderr).toMatch(/^trove: Unknown option '--batchsize'/);
    expect((await run(['index', 'x', ...target, '--batch', '0'])).stderr).toBe(
      'trove: --batch must be a whole number from 1 to 10000, not "0".\n',
    );
    expect((await run(['index', 'x', ...target, '--batch', '2.5'])).code).toBe(2);
    expect((await run(['index', 'x', ...target, '--api-version', 'v3'])).stderr).toBe('trove: --api-version must be v1 or v2, not "v3".\n');
    const badUrl = ['--base-url', 'ftp://x', '--project', 'p', '--collection', 'c', '--token', 't'];
    expect((await run(['index', 'x', ...badUrl])).stderr).toBe('trove: --base-url must be an http(s) URL, not "ftp://x".\n');
  });

  it('refuses an unknown command and a missing input', async () => {
    expect(await run(['search', 'x'])).toMatchObject({
      code: 2,
      stderr: 'trove: Unknown command "search"; the commands are "trove index <address | folder | feed | file>" and "trove serve".\n',
    });
    expect(await run(['index'])).toMatchObject({
      code: 2,
      stderr: 'trove: Missing input: trove index <address | folder | feed | file | ->\n',
    });
  });

  it('prints the help with --help and exits with 0', async () => {
    const { code, stdout } = await run(['--help']);
    expect(code).toBe(0);
    expect(stdout).toContain('Usage: trove index <address | folder | feed | file | -> [options]');
    expect(stdout).toContain('TROVE_TOKEN');
  });

  it('describes both commands in --help, and takes "trove help" too', async () => {
    const { code, stdout } = await run(['--help']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Commands:\n {2}index {3}index a blog/m);
    expect(stdout).toMatch(/^ {2}serve {3}run the local search service/m);
    expect(stdout).toContain('--site-url <url>');
    expect(stdout).toContain('trove serve --seed');
    expect(await run(['help'])).toMatchObject({ code: 0, stdout });
  });

  it('reads standard input for "-"', async () => {
    const io = memoryIo();
    const stdin = (async function* () {
      yield Buffer.from('{"id": 1, "title": "From ');
      yield Buffer.from('stdin"}\n');
    })();
    const code = await runCli(['index', '-', '--dry-run'], { ...io, stdin });
    expect(code).toBe(0);
    expect(JSON.parse(io.stdout.text)).toEqual([{ id: 1, title: 'From stdin' }]);
  });
});

describe('trove index: exit status', () => {
  const item = (n: number, body = `<title>Post ${n}</title><guid>${n}</guid>`) => `<item>${body}</item>`;
  const rss = (...items: string[]) => `<rss version="2.0"><channel><title>B</title>${items.join('')}</channel></rss>`;

  it('exits with 0 when every item is indexed, in a dry run and for real', async () => {
    const feed = file('all.xml', rss(item(1), item(2)));
    expect((await run(['index', feed, '--dry-run'])).code).toBe(0);
    expect((await run(['index', feed, ...target], fakeFetch())).code).toBe(0);
  });

  it('exits with 3 when some items were skipped and the rest indexed, in a dry run and for real', async () => {
    const feed = file('some.xml', rss(item(1), item(2, '<guid>2</guid>')));
    const dry = await run(['index', feed, '--dry-run']);
    expect(dry.code).toBe(3);
    expect(dry.stderr).toContain('item 2 (2): has no title and no content');
    const net = fakeFetch();
    expect((await run(['index', feed, ...target], net)).code).toBe(3);
    expect((net.requests[0]!.body as unknown[]).length).toBe(1);
  });

  it('exits with 1 when a channel is empty or every item is skipped', async () => {
    const empty = await run(['index', file('empty.xml', rss()), '--dry-run']);
    expect(empty.code).toBe(1);
    expect(empty.stderr).toMatch(/^No items in RSS 2\.0 feed .*empty\.xml; nothing to index\.\n$/);
    expect((await run(['index', file('skipped.xml', rss(item(1, '<guid>1</guid>'))), '--dry-run'])).code).toBe(1);
  });

  it('keeps 0 when items are indexed with warnings', async () => {
    const { code, stderr } = await run([
      'index',
      file('warned.xml', rss(item(1, '<title>A</title><guid>1</guid><pubDate>Tue, 31 Feb 2024 10:00:00 GMT</pubDate>'))),
      '--dry-run',
    ]);
    expect(code).toBe(0);
    expect(stderr).toContain(
      'item 1 "A": date "Tue, 31 Feb 2024 10:00:00 GMT" is an impossible date (February 2024 has 29 days); left out',
    );
  });

  it('says the same in --help and in the README', async () => {
    const { stdout } = await run(['--help']);
    const block = /Exit status[^\n]*\n((?: {2}\d .*\n)+)/.exec(stdout)?.[1];
    const lines = block!
      .trim()
      .split('\n')
      .map((line) => line.trim());
    expect(lines.map((line) => line[0])).toEqual(['0', '1', '2', '3']);
    const readme = readFileSync(new URL('../../../../README.md', import.meta.url), 'utf8');
    for (const line of lines) expect(readme).toContain(line);
  });
});

describe('trove index: charsets', () => {
  const latin1Feed = (declaration: string) =>
    Buffer.from(
      `${declaration}<rss version="2.0"><channel><item><guid>1</guid><title>Mãe é presidente</title></item></channel></rss>`,
      'latin1',
    );

  it('reads the charset of the HTTP Content-Type when the feed declares none', async () => {
    const net = fakeFetch([new Response(latin1Feed(''), { headers: { 'content-type': 'application/rss+xml; charset=ISO-8859-1' } })]);
    const { code, stdout, stderr } = await run(['index', 'https://news.test/rss', '--dry-run'], net);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)[0].title).toBe('Mãe é presidente');
    expect(stderr).not.toContain('Warnings');
  });

  it('reads undeclared bytes that are not UTF-8 as windows-1252 and says so in the summary', async () => {
    const path = join(dir, 'undeclared.xml');
    writeFileSync(path, latin1Feed(''));
    const { code, stdout, stderr } = await run(['index', path, '--dry-run']);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)[0].title).toBe('Mãe é presidente');
    expect(stderr).toContain(`${path}: declares no charset and is not valid UTF-8; read as windows-1252 (as browsers do)`);
  });

  it('reads standard input by its declaration too', async () => {
    const io = memoryIo();
    const stdin = (async function* () {
      yield latin1Feed('<?xml version="1.0" encoding="ISO-8859-1"?>');
    })();
    expect(await runCli(['index', '-', '--dry-run'], { ...io, stdin })).toBe(0);
    expect(JSON.parse(io.stdout.text)[0].title).toBe('Mãe é presidente');
  });
});

describe('trove index: an HTML file instead of a feed', () => {
  it('says a saved HTML page is not a feed, names the feed it links to, and exits with 2', async () => {
    const page =
      '<!doctype html><html><head><link rel="alternate" type="application/rss+xml" href="https://blog.test/feed.xml"></head><body>Hi</body></html>';
    const { code, stderr } = await run(['index', file('page.html', page), '--dry-run']);
    expect(code).toBe(2);
    expect(stderr).toBe(
      `trove: ${join(dir, 'page.html')} is an HTML page, not a feed. The page names its feed: https://blog.test/feed.xml; index that URL instead.\n`,
    );
  });
});

describe('trove index: a feed that holds only the latest posts', () => {
  it('says so when a fetched feed has exactly 10, 15 or 25 items, and names the command that reads every post', async () => {
    for (const count of [10, 15, 25]) {
      const net = fakeFetch([new Response(feedOf(count), { headers: { 'content-type': 'application/rss+xml' } })]);
      const { code, stderr } = await run(['index', 'https://blog.test/feed.xml', '--dry-run'], net);
      expect(code).toBe(0);
      expect(stderr).toContain(
        `Note: this feed holds exactly ${count} posts, as feeds that keep only a blog's latest posts do; older posts are not in it. To index every post, give the blog's address: trove index https://blog.test/ (same options).`,
      );
    }
  });

  it('says nothing of the kind for a feed of another size', async () => {
    const { stderr } = await run(['index', file('feed-12.xml', feedOf(12)), '--dry-run']);
    expect(stderr).not.toContain('Note:');
  });
});

describe('trove index: the options of a site', () => {
  it('refuses a --max-pages that is not a whole number of at least 1', async () => {
    for (const value of ['0', 'many', '2.5']) {
      expect(await run(['index', 'https://blog.test/', '--max-pages', value, '--dry-run'])).toMatchObject({
        code: 2,
        stderr: `trove: --max-pages must be a whole number of at least 1, not "${value}".\n`,
      });
    }
  });

  it('reads an address that answers an HTML page as a site, not as a feed', async () => {
    const page = `<!doctype html><html><head><link rel="canonical" href="https://blog.test/"></head><body><a href="/a/">A</a></body></html>`;
    const post = `<!doctype html><html><head><link rel="canonical" href="https://blog.test/a/"><script type="application/ld+json">{"@type":"BlogPosting","headline":"A","datePublished":"2024-01-01"}</script></head><body><article><h1>A</h1><p>The text of A, long enough to be read as the body of an article by a reader.</p></article></body></html>`;
    const answers: Record<string, string> = { '/': page, '/a/': post };
    const net = fakeFetch([], (request) =>
      answers[request.url.pathname] === undefined
        ? new Response('', { status: 404 })
        : new Response(answers[request.url.pathname], { headers: { 'content-type': 'text/html' } }),
    );
    const agents: (string | null)[] = [];
    const fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
      agents.push(new Request(input, init).headers.get('user-agent'));
      return net.fetch(input, init);
    }) as typeof globalThis.fetch;
    const io = memoryIo();
    const code = await runCli(['index', 'https://blog.test/', '--dry-run'], { ...io, fetch, version: '1.2.3', retry: noDelay });
    const { stdout, stderr } = { stdout: io.stdout.text, stderr: io.stderr.text };
    expect(stderr).toContain('Reading https://blog.test/ from its links from the home page (https://blog.test/)');
    // Every request names us, the first (which finds out that the address is a site) too.
    expect(agents.length).toBeGreaterThan(2);
    expect(new Set(agents)).toEqual(new Set([expect.stringMatching(/^trove-index\/1\.2\.3 \(\+https:/)]));
    expect(code).toBe(0);
    expect(JSON.parse(stdout).map((d: { title: string }) => d.title)).toEqual(['A']);
  });

  it('says so when robots.txt lets it read nothing, and exits with 1', async () => {
    const answers: Record<string, string> = {
      '/': '<!doctype html><html><head></head><body><a href="/a/">A</a></body></html>',
      '/robots.txt': 'User-agent: trove-index\nDisallow: /\n',
    };
    const net = fakeFetch([], (request) =>
      answers[request.url.pathname] === undefined
        ? new Response('', { status: 404 })
        : new Response(answers[request.url.pathname], { headers: { 'content-type': 'text/html' } }),
    );
    const { code, stderr } = await run(['index', 'https://blog.test/', '--dry-run'], net);
    expect(code).toBe(1);
    expect(stderr).toContain('robots.txt does not let trove-index read this site');
    expect(net.requests.map((r) => r.url.pathname)).toEqual(['/', '/robots.txt']);
  });
});
