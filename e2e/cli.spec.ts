import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';

/**
 * `trove index` against the running local service: a generated RSS feed goes in through the
 * command as a user runs it (bin/trove.js), and comes out of a real search.
 */
test.describe.configure({ timeout: 90_000 }); // each run of the command starts a Node process

const root = new URL('..', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'trove-cli-e2e-'));
const word = `quillwort${Date.now().toString(36)}`; // a word no seeded post contains

interface Post {
  slug: string;
  title: string;
}

function rss(posts: Post[]): string {
  const items = posts.map(
    (p, i) => `<item>
      <title>${p.title}</title>
      <link>https://cli-e2e.example/posts/${p.slug}</link>
      <guid isPermaLink="true">https://cli-e2e.example/posts/${p.slug}</guid>
      <pubDate>${new Date(Date.UTC(2024, 0, i + 1, 9)).toUTCString()}</pubDate>
      <category>Field tests</category>
      <dc:creator>Rae Okafor</dc:creator>
      <content:encoded><![CDATA[<p>Notes on <strong>${word}</strong>, part ${i + 1}.</p><img src="/img/${p.slug}.png">]]></content:encoded>
    </item>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/">
<channel><title>CLI e2e</title><link>https://cli-e2e.example/</link><description>Generated for the test</description>
${items.join('\n')}
</channel></rss>`;
}

function trove(args: string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [join(root, 'packages/cli/bin/trove.js'), ...args],
      { cwd: root, env: { ...process.env, TROVE_TOKEN: 'dev-token', ...env }, timeout: 60_000 },
      (error, stdout, stderr) => resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

async function search(request: APIRequestContext, collection: string, q: string) {
  const response = await request.get(`/api/v2/projects/demo/collections/${collection}/search/default`, {
    params: { q, limit: 50, token: 'dev-token' },
  });
  expect(response.status()).toBe(200);
  return (await response.json()).response as {
    found_documents: number;
    results: { id: string; title: string; url: string; image?: string }[];
  };
}

async function documentCount(request: APIRequestContext, collection: string): Promise<number | undefined> {
  const health = await (await request.get('/_trove/health')).json();
  return health.collections.find((c: { project: string; collection: string }) => c.project === 'demo' && c.collection === collection)
    ?.documents;
}

test('trove index puts a feed into the service, and indexing it again updates instead of duplicating', async ({ request, baseURL }) => {
  const collection = `cli-e2e-${Date.now()}`;
  const target = ['--base-url', baseURL!, '--project', 'demo', '--collection', collection, '--batch', '2'];
  const posts = Array.from({ length: 5 }, (_, i) => ({ slug: `walk-${i + 1}`, title: `Coastal walk ${i + 1}` }));
  const feed = join(dir, 'feed.xml');
  writeFileSync(feed, rss(posts));

  const first = await trove(['index', feed, ...target]);
  expect(first.stderr).toContain('Indexed 5 of 5 documents from RSS 2.0 feed');
  expect(first.code).toBe(0);

  const found = await search(request, collection, word);
  expect(found.found_documents).toBe(5);
  expect(found.results.map((r) => r.title).sort()).toEqual(posts.map((p) => p.title).sort());
  const walk1 = found.results.find((r) => r.title === 'Coastal walk 1')!;
  expect(walk1.url).toBe('https://cli-e2e.example/posts/walk-1');
  expect(walk1.image).toBe('https://cli-e2e.example/img/walk-1.png');

  // Same feed a day later: one title edited, one post added.
  posts[0]!.title = 'Coastal walk 1, revised';
  posts.push({ slug: 'walk-6', title: 'Coastal walk 6' });
  writeFileSync(feed, rss(posts));
  const second = await trove(['index', feed, ...target]);
  expect(second.code).toBe(0);
  expect(second.stderr).toContain('Indexed 6 of 6 documents');

  expect(await documentCount(request, collection)).toBe(6);
  const again = await search(request, collection, `${word} revised`);
  const revised = again.results.find((r) => r.url === 'https://cli-e2e.example/posts/walk-1');
  expect(revised?.title).toBe('Coastal walk 1, revised');
  expect(revised?.id).toBe(walk1.id);
  expect((await search(request, collection, 'Coastal')).found_documents).toBe(6);
});

test('trove index retries when the service fails for a moment', async ({ request, baseURL }) => {
  const collection = `cli-e2e-retry-${Date.now()}`;
  const feed = join(dir, 'retry.xml');
  writeFileSync(feed, rss([{ slug: 'storm', title: 'Storm day' }]));
  const fail = await request.post('/_trove/fail', { data: { path: 'index', status: 503, times: 2 } });
  expect(fail.ok()).toBe(true);

  const run = await trove(['index', feed, '--base-url', baseURL!, '--project', 'demo', '--collection', collection]);
  expect(run.stderr).toContain('Indexed 1 of 1 document');
  expect(run.code).toBe(0);
  expect(await documentCount(request, collection)).toBe(1);
});

test('trove index reports a refused token, sends nothing else and exits with 1', async ({ request, baseURL }) => {
  const collection = `cli-e2e-token-${Date.now()}`;
  const feed = join(dir, 'token.xml');
  writeFileSync(
    feed,
    rss([
      { slug: 'a', title: 'A' },
      { slug: 'b', title: 'B' },
    ]),
  );
  const run = await trove(['index', feed, '--base-url', baseURL!, '--project', 'demo', '--collection', collection, '--batch', '1'], {
    TROVE_TOKEN: 'wrong-token',
  });
  expect(run.code).toBe(1);
  expect(run.stderr).toContain('Service answered 401');
  expect(run.stderr).toContain('not sent: stopped after batch 1 failed');
  expect(run.stderr).not.toContain('wrong-token');
  expect(await documentCount(request, collection)).toBeUndefined();
});

test('trove index --dry-run prints the documents and leaves the service alone', async ({ request, baseURL }) => {
  const collection = `cli-e2e-dry-${Date.now()}`;
  const feed = join(dir, 'dry.xml');
  writeFileSync(feed, rss([{ slug: 'dry', title: 'Dry run' }]));
  const run = await trove(['index', feed, '--dry-run', '--base-url', baseURL!, '--project', 'demo', '--collection', collection]);
  expect(run.code).toBe(0);
  expect(JSON.parse(run.stdout)).toEqual([
    expect.objectContaining({
      title: 'Dry run',
      url: 'https://cli-e2e.example/posts/dry',
      category: ['Field tests'],
      author: ['Rae Okafor'],
    }),
  ]);
  expect(await documentCount(request, collection)).toBeUndefined();
});

test('trove index reads a Latin-1 news feed as published, and the service finds its titles intact', async ({ request, baseURL }) => {
  const collection = `cli-e2e-latin1-${Date.now()}`;
  const feed = 'packages/cli/test/cli/fixtures/feeds/news-latin1.rss.xml'; // ISO-8859-1 bytes, declared in the XML declaration
  const run = await trove(['index', feed, '--base-url', baseURL!, '--project', 'demo', '--collection', collection]);
  expect(run.stderr).toContain('Indexed 2 of 2 documents from RSS 2.0 feed');
  expect(run.stderr).not.toContain('Warnings');
  expect(run.code).toBe(0);
  const found = await search(request, collection, 'presidente');
  expect(found.results.map((r) => r.title)).toEqual(['Mãe de utente é a nova presidente da Raríssimas']);
  expect((await search(request, collection, 'Chiado')).results.map((r) => r.title)).toEqual(['Café crème volta ao Chiado']);
});
