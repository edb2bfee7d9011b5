import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { documentId } from '../packages/client/src/documentId.ts';

/**
 * A blog indexed from its feed, end to end: `trove index` (the built command, bin/trove.js) puts
 * feeds as the wild writes them into the running `trove serve` code, and pages use what it indexed.
 */
test.describe.configure({ timeout: 90_000 });

const root = new URL('..', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'trove-feed-e2e-'));
const stamp = Date.now().toString(36);

function trove(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [join(root, 'packages/cli/bin/trove.js'), ...args],
      { cwd: root, env: { ...process.env, TROVE_TOKEN: 'dev-token' }, timeout: 60_000 },
      (error, stdout, stderr) => resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

interface WpPost {
  p: number;
  slug: string;
  title: string;
  category: string;
  tags: string[];
}

/** WordPress's RSS 2.0 as it prints it: string guids (`?p=123`, not permalinks), the pretty link, CDATA everywhere. */
function wordpressFeed(posts: WpPost[]): string {
  const items = posts.map(
    (post, i) => `
	<item>
		<title>${post.title}</title>
		<link>https://harbour.example/2024/03/${String(i + 1).padStart(2, '0')}/${post.slug}/</link>
		<comments>https://harbour.example/2024/03/${String(i + 1).padStart(2, '0')}/${post.slug}/#respond</comments>
		<dc:creator><![CDATA[Maren Holt]]></dc:creator>
		<pubDate>${new Date(Date.UTC(2024, 2, i + 1, 9)).toUTCString().replace('GMT', '+0000')}</pubDate>
		<category><![CDATA[${post.category}]]></category>
${post.tags.map((tag) => `		<category><![CDATA[${tag}]]></category>`).join('\n')}
		<guid isPermaLink="false">https://harbour.example/?p=${post.p}</guid>
		<description><![CDATA[${post.title}: notes from the harbour.]]></description>
		<content:encoded><![CDATA[<p>${post.title}. Notes from the harbour, week ${i + 1}.</p>]]></content:encoded>
		<wfw:commentRss>https://harbour.example/2024/03/${String(i + 1).padStart(2, '0')}/${post.slug}/feed/</wfw:commentRss>
	</item>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"
	xmlns:content="http://purl.org/rss/1.0/modules/content/"
	xmlns:wfw="http://wellformedweb.org/CommentAPI/"
	xmlns:dc="http://purl.org/dc/elements/1.1/"
	xmlns:atom="http://www.w3.org/2005/Atom"
	xmlns:sy="http://purl.org/rss/1.0/modules/syndication/"
	xmlns:slash="http://purl.org/rss/1.0/modules/slash/">
<channel>
	<title>Harbour Notes</title>
	<atom:link href="https://harbour.example/feed/" rel="self" type="application/rss+xml" />
	<link>https://harbour.example</link>
	<description>Tides, boats and the people on the quay</description>
	<lastBuildDate>Mon, 11 Mar 2024 09:00:00 +0000</lastBuildDate>
	<language>en-GB</language>
	<sy:updatePeriod>hourly</sy:updatePeriod>
	<generator>https://wordpress.org/?v=6.4.3</generator>${items.join('')}
</channel>
</rss>`;
}

const posts: WpPost[] = [
  {
    p: 101,
    slug: 'spring-tides-at-the-harbour-wall',
    title: 'Spring tides at the harbour wall',
    category: 'Tides',
    tags: ['moon', 'flooding'],
  },
  { p: 102, slug: 'reading-a-tide-table', title: 'Reading a tide table', category: 'Tides', tags: ['moon', 'almanac'] },
  { p: 103, slug: 'knitting-a-fishermans-gansey', title: 'Knitting a fisherman’s gansey', category: 'Crafts', tags: ['wool'] },
  { p: 104, slug: 'when-the-surge-came-over', title: 'When the surge came over', category: 'Tides', tags: ['flooding'] },
  { p: 105, slug: 'mending-nets-in-winter', title: 'Mending nets in winter', category: 'Crafts', tags: ['wool', 'nets'] },
];
const linkOf = (i: number) => `https://harbour.example/2024/03/${String(i + 1).padStart(2, '0')}/${posts[i]!.slug}/`;

async function search(request: APIRequestContext, collection: string, q: string) {
  const response = await request.get(`/api/v2/projects/demo/collections/${collection}/search/default`, {
    params: { q, token: 'dev-token' },
  });
  expect(response.status()).toBe(200);
  return (await response.json()).response.results as { id: string; title: string; url: string }[];
}

test("a WordPress feed indexed with trove index: the block without doc-id shows the post's own related posts and sends its id", async ({
  page,
  request,
  baseURL,
}) => {
  const collection = `wp-${stamp}`;
  const feed = join(dir, 'wordpress.xml');
  writeFileSync(feed, wordpressFeed(posts));
  const run = await trove(['index', feed, '--base-url', baseURL!, '--project', 'demo', '--collection', collection]);
  expect(run.stderr).toContain('Indexed 5 of 5 documents');
  expect(run.code).toBe(0);

  // The post's page, at its WordPress shortlink; its canonical link is the item's link. Its
  // <title> names the crafts posts, so a guess by title would show those instead.
  const source = linkOf(0);
  await page.route(`${baseURL}/wp/?p=101`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Knitting nets and ganseys in winter</title>
<link rel="canonical" href="${source}">
<script src="/dist/trove.js" defer data-base-url="${baseURL}" data-project="demo" data-collection="${collection}" data-token="dev-token"></script>
</head><body><article><h1>Spring tides at the harbour wall</h1></article>
<trove-related-posts limit="2"></trove-related-posts></body></html>`,
    }),
  );
  await page.route('https://harbour.example/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Harbour Notes</title><h1>A post</h1>' }),
  );
  await page.goto(`${baseURL}/wp/?p=101`);
  const links = page.locator('trove-related-posts [part~="card"]:not([part~="placeholder"]) h3 a');
  await expect(links).toHaveCount(2);
  // The two other Tides posts (shared category and tags), not the crafts posts the title names.
  expect((await links.allTextContents()).sort()).toEqual(['Reading a tide table', 'When the surge came over']);

  await request.delete('/_trove/feedback');
  const target = (await links.first().getAttribute('href'))!;
  await links.first().click();
  await page.waitForURL(target);
  await expect.poll(async () => ((await (await request.get('/_trove/feedback')).json()) as unknown[]).length).toBeGreaterThan(0);
  const [hit] = (await (await request.get('/_trove/feedback')).json()) as { kind: string; params: Record<string, string> }[];
  expect(hit!.kind).toBe('recommendation');
  expect(hit!.params).toMatchObject({
    source_id: String(documentId(source)),
    source_url: source,
    target_url: target,
    target_id: String(documentId(target)),
    item_order: '1',
  });
});

test('a relative-link Atom file and a gzipped RSS file indexed into trove serve: a result opens its page', async ({
  page,
  request,
  baseURL,
}) => {
  const collection = `wild-${stamp}`;
  const word = `samphire${stamp}`;
  // Octopress-style Atom: root-relative entry links, a relative site link, an absolute self link.
  const atom = join(dir, 'index.atom');
  writeFileSync(
    atom,
    `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <title><![CDATA[Field Notes]]></title>
  <link href="${baseURL}/pages/index.atom" rel="self"/>
  <link href="/pages/"/>
  <updated>2012-07-18T21:04:11+01:00</updated>
  <id>${baseURL}/pages/</id>
  <entry>
    <title type="html"><![CDATA[Picking ${word} on the marsh]]></title>
    <link href="/pages/related.html"/>
    <updated>2012-07-16T20:41:00+01:00</updated>
    <id>/pages/related</id>
    <content type="html"><![CDATA[<p>Salt, mud and ${word}.</p>]]></content>
  </entry>
</feed>`,
  );
  const rss = join(dir, 'archive.rss.xml.gz');
  writeFileSync(
    rss,
    gzipSync(`<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>Archive</title><link>${baseURL}/pages/</link><description>Old posts</description>
<item><title>Pickling ${word}</title><link>/pages/theme.html</link><guid isPermaLink="false">archive-1</guid><description>Vinegar and ${word}.</description></item>
</channel></rss>`),
  );
  for (const file of [atom, rss]) {
    const run = await trove(['index', file, '--base-url', baseURL!, '--project', 'demo', '--collection', collection]);
    expect(run.stderr).not.toContain('left out');
    expect(run.code).toBe(0);
  }

  const results = await search(request, collection, word);
  expect(results.map((r) => r.url).sort()).toEqual([`${baseURL}/pages/related.html`, `${baseURL}/pages/theme.html`]);
  for (const result of results) {
    const response = await page.goto(result.url);
    expect(response!.status()).toBe(200);
  }
  await expect(page).toHaveURL(results.at(-1)!.url);
});
