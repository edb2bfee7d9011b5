/**
 * Feeds as they come from the wild (fixtures in fixtures/feeds/, written after the real
 * formats): relative links, feed services' original links and click trackers, share buttons and
 * odd images, inserted advertisements, gzipped files.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { documentId } from 'trove-search-client';
import { collectDocuments } from '../../src/cli/collectDocuments.ts';
import { parseInput } from '../../src/cli/feed/parseInput.ts';
import { readInput } from '../../src/cli/readInput.ts';
import { runCli } from '../../src/cli/runCli.ts';
import { fakeFetch, memoryIo } from './fakeFetch.ts';

const feeds = new URL('./fixtures/feeds/', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'trove-wild-'));

async function load(name: string, siteUrl?: string) {
  const input = await readInput(name, { fetch: globalThis.fetch, cwd: feeds });
  const parsed = parseInput(input.text, input.source, input.url, siteUrl);
  return { ...parsed, ...collectDocuments(parsed.items) };
}

describe('An Atom feed with root-relative links (Octopress), read from a file', () => {
  it("resolves entries' links and images against the absolute self link, and gives each the id of its address", async () => {
    const feed = await load('octopress-relative.atom.xml');
    expect(feed.warnings).toEqual([]);
    expect(feed.documents.map((d) => [d.id, d.url, d.image])).toEqual([
      [
        documentId('http://example.net/blog/2012/07/16/dredging-the-old-bedford/'),
        'http://example.net/blog/2012/07/16/dredging-the-old-bedford/',
        'http://example.net/images/2012/dredger.jpg',
      ],
      [
        documentId('http://example.net/blog/2012/07/02/counting-swans-at-welney/'),
        'http://example.net/blog/2012/07/02/counting-swans-at-welney/',
        undefined,
      ],
    ]);
  });

  it('resolves against xml:base before the self link', () => {
    const { items } = parseInput(
      `<feed xmlns="http://www.w3.org/2005/Atom" xml:base="https://fens.example.org/"><link rel="self" href="http://example.net/index.atom"/>
        <entry><id>1x</id><title>A</title><link href="/a/"/></entry></feed>`,
      'f.atom',
    );
    expect(items[0]!.document!.url).toBe('https://fens.example.org/a/');
  });

  it('moves the links to --site-url when the site lives elsewhere now', async () => {
    const feed = await load('octopress-relative.atom.xml', 'https://www.fens.example.org/');
    expect(feed.documents[0]).toMatchObject({
      id: documentId('https://www.fens.example.org/blog/2012/07/16/dredging-the-old-bedford/'),
      url: 'https://www.fens.example.org/blog/2012/07/16/dredging-the-old-bedford/',
    });
  });

  it("resolves relative links against --site-url when the feed names no address, and moves those on a feed service's host", () => {
    const bare = parseInput(
      `<feed xmlns="http://www.w3.org/2005/Atom"><entry><id>e1</id><title>A</title><link href="/blog/a/"/></entry></feed>`,
      'f.atom',
      undefined,
      'https://fens.example.org/',
    );
    expect(bare.items[0]!.document!.url).toBe('https://fens.example.org/blog/a/');
    const burned = parseInput(
      `<feed xmlns="http://www.w3.org/2005/Atom"><link rel="self" href="http://feeds.feedburner.com/FensNotes"/>
        <entry><id>e1</id><title>A</title><link href="/blog/a/"/></entry></feed>`,
      'f.atom',
      undefined,
      'https://fens.example.org/',
    );
    expect(burned.items[0]!.document).toMatchObject({
      id: documentId('https://fens.example.org/blog/a/'),
      url: 'https://fens.example.org/blog/a/',
    });
  });

  it('says to pass --site-url when nothing in the feed can resolve a relative link', () => {
    const parsed = parseInput(
      `<feed xmlns="http://www.w3.org/2005/Atom"><link href="/blog/"/><entry><id>e1</id><title>A</title><link href="/blog/a/"/></entry></feed>`,
      'f.atom',
    );
    const { documents, warnings } = collectDocuments(parsed.items);
    expect(documents).toEqual([{ id: documentId('e1'), title: 'A' }]);
    expect(warnings[0]!.message).toMatch(
      /^link "\/blog\/a\/" is relative and the feed gives no address to resolve it against .*Pass --site-url/,
    );
  });
});

describe('A news feed through Pheedo and Feedsportal', async () => {
  const feed = await load('pheedo-news.rss.xml');

  it('leaves out the advertisement Pheedo inserted, with a warning, and indexes the rest', () => {
    expect(feed.documents.map((d) => d.title)).toEqual([
      'Harbour wall repairs to start in April',
      'Museum receives a collection of glass plates',
    ]);
    expect(feed.skipped).toEqual([]);
    expect(feed.warnings).toEqual([
      {
        label: 'item 1 "Ferry timetable changes for the winter"',
        message: 'is an advertisement (its link goes to the ad server ads.pheedo.com); left out',
      },
    ]);
  });

  it('takes pheedo:origLink over the click tracker, and skips the share buttons for the photo', () => {
    expect(feed.documents[0]).toMatchObject({
      id: documentId('http://www.lakeside-gazette.example.com/news/2024/03/05/harbour-wall-repairs.html'),
      url: 'http://www.lakeside-gazette.example.com/news/2024/03/05/harbour-wall-repairs.html',
      image: 'http://www.lakeside-gazette.example.com/photos/2024/03/harbour-wall.jpg',
    });
  });

  it('takes the permalink guid over a Feedsportal tracker, and neither a .tiff nor an "add to Facebook" button as the image', () => {
    expect(feed.documents[1]!.url).toBe('http://www.lakeside-gazette.example.com/news/2024/03/05/museum-glass-plates.html');
    expect(feed.documents[1]).not.toHaveProperty('image');
  });

  it('recognises an original link under any prefix in Atom too', () => {
    const { items } = parseInput(
      `<feed xmlns="http://www.w3.org/2005/Atom" xmlns:fbx="http://rssnamespace.org/feedburner/ext/1.0"><entry><id>x</id><title>A</title>
        <link href="http://feedproxy.google.com/~r/x/~3/abc/"/><fbx:origLink>https://x.example/a</fbx:origLink></entry></feed>`,
      'f',
    );
    expect(items[0]!.document!.url).toBe('https://x.example/a');
  });

  it('passes over share buttons by file name and alt text, and undisplayable formats, in enclosures and media too', () => {
    const rss = (body: string) =>
      parseInput(
        `<rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel><item><guid>1</guid><title>T</title>${body}</item></channel></rss>`,
        'f',
      ).items[0]!.document!.image;
    expect(rss('<enclosure url="https://x.example/scan.tif" type="image/tiff" length="1"/>')).toBeUndefined();
    expect(rss('<media:content url="https://x.example/scan" type="image/tiff"/>')).toBeUndefined();
    expect(
      rss('<description><![CDATA[<img src="https://x.example/i/share-twitter-32.png"><img src="https://x.example/p.jpg">]]></description>'),
    ).toBe('https://x.example/p.jpg');
    expect(
      rss(
        '<description><![CDATA[<img src="https://x.example/b/1.png" alt="Share on Twitter"><img src="https://x.example/1.png" alt="Sharing a table">]]></description>',
      ),
    ).toBe('https://x.example/1.png');
  });
});

describe('Gzipped and archived inputs', () => {
  it('reads a gzipped feed file as the feed inside', async () => {
    const path = join(dir, 'podcast.rss.xml.gz');
    writeFileSync(path, gzipSync(readFileSync(join(feeds, 'podcast.rss.xml'))));
    const io = memoryIo();
    const code = await runCli(['index', path, '--dry-run'], { ...io, cwd: dir });
    expect(io.stderr.text).not.toContain('it starts with');
    expect(JSON.parse(io.stdout.text)).toHaveLength(3);
    expect(code).toBe(0);
  });

  it('unpacks a .gz feed fetched as it is (application/gzip, no Content-Encoding), its links resolved against the address', async () => {
    const feed =
      '<rss version="2.0"><channel><title>Archive</title><item><title>Old post</title><link>/2009/old-post/</link></item></channel></rss>';
    const net = fakeFetch([new Response(gzipSync(feed), { headers: { 'content-type': 'application/gzip' } })]);
    const io = memoryIo();
    const code = await runCli(['index', 'https://archive.example.org/feeds/2009.xml.gz', '--dry-run'], { ...io, fetch: net.fetch });
    expect(JSON.parse(io.stdout.text)).toEqual([
      {
        id: documentId('https://archive.example.org/2009/old-post/'),
        title: 'Old post',
        url: 'https://archive.example.org/2009/old-post/',
      },
    ]);
    expect(code).toBe(0);
  });

  it('refuses a gzip file that unpacks to more than the limit, instead of filling the memory', async () => {
    const { unpack } = await import('../../src/cli/readInput.ts');
    const bomb = gzipSync(Buffer.alloc(5 * 1024 * 1024, 0x20));
    expect(() => unpack(bomb, 'bomb.xml.gz', 1024 * 1024)).toThrow(
      'bomb.xml.gz is a gzip file that unpacks to more than 1 MB; unpack and split it first',
    );
    expect(unpack(bomb, 'bomb.xml.gz')).toHaveLength(5 * 1024 * 1024);
  });

  it('names a zip or bzip2 file instead of printing its bytes', async () => {
    const zip = join(dir, 'feed.zip');
    writeFileSync(zip, Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00]));
    const bz = join(dir, 'feed.xml.bz2');
    writeFileSync(bz, Buffer.from('BZh91AY&SY', 'latin1'));
    for (const [path, what] of [
      [zip, 'a zip archive'],
      [bz, 'a bzip2-compressed file'],
    ] as const) {
      const io = memoryIo();
      expect(await runCli(['index', path, '--dry-run'], { ...io, cwd: dir })).toBe(2);
      expect(io.stderr.text).toBe(`trove: ${path} is ${what}, not a feed: unpack it first and index the feed inside\n`);
    }
  });

  it('says a cut-off gzip file is incomplete', async () => {
    const path = join(dir, 'cut.xml.gz');
    writeFileSync(path, gzipSync(Buffer.from('<rss version="2.0"><channel></channel></rss>')).subarray(0, 12));
    const io = memoryIo();
    expect(await runCli(['index', path, '--dry-run'], { ...io, cwd: dir })).toBe(2);
    expect(io.stderr.text).toMatch(/is a gzip file that cannot be unpacked .*is it complete\?/);
  });
});

describe('trove index --site-url', () => {
  it('refuses an address that is not http(s)', async () => {
    const io = memoryIo();
    expect(await runCli(['index', 'x.xml', '--site-url', 'example.com', '--dry-run'], io)).toBe(2);
    expect(io.stderr.text).toBe('trove: --site-url must be an http(s) URL such as https://example.com/, not "example.com".\n');
  });

  it("leaves links to other sites alone and moves the feed's own ones", async () => {
    const path = join(dir, 'links.xml');
    writeFileSync(
      path,
      `<rss version="2.0"><channel><link>http://blog.example.com/</link>
        <item><title>Own</title><link>http://blog.example.com/own/</link></item>
        <item><title>Elsewhere</title><link>https://other.example.org/story</link></item></channel></rss>`,
    );
    const io = memoryIo();
    await runCli(['index', path, '--dry-run', '--site-url', 'https://blog.example.com'], { ...io, cwd: dir });
    expect(JSON.parse(io.stdout.text).map((d: { url: string }) => d.url)).toEqual([
      'https://blog.example.com/own/',
      'https://other.example.org/story',
    ]);
  });
});

describe('isAdLink and isClickTracker', () => {
  it('tells ad servers and click trackers from sites that only look like them', async () => {
    const { isAdLink, isClickTracker } = await import('../../src/cli/feed/itemLink.ts');
    expect(isAdLink('http://ads.pheedo.com/click.phdo?s=1')).toBe(true);
    expect(isAdLink('https://ad.doubleclick.net/ddm/clk/1')).toBe(true);
    expect(isAdLink('http://da.feedsportal.com/r/186529795882/u/49/f/1/rc.htm')).toBe(true);
    expect(isAdLink('https://ad.nl/binnenland/brand-in-haven~a1b2c3/')).toBe(false);
    expect(isAdLink('https://www.ad.nl/binnenland/')).toBe(false);
    expect(isAdLink('https://blog.example.com/adding-a-deck/')).toBe(false);
    expect(isClickTracker('http://www.pheedo.com/click.phdo?i=8a1f')).toBe(true);
    expect(isClickTracker('http://feedproxy.google.com/~r/Example/~3/abc/')).toBe(true);
    expect(isClickTracker('https://blog.example.com/~r/notes')).toBe(false);
  });
});
