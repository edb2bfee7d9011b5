/**
 * folderSource on the test blogs built by their real generators (test/sites/), and on small
 * folders made for one rule each.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { documentId } from 'trove-search-client';
import { readPage } from '../../../src/cli/page/readPage.ts';
import { type FolderPage, type FolderSourceOptions, folderSource, servedPath } from '../../../src/cli/sources/folderSource.ts';
import { buildSite, skipWithoutGenerator } from '../../../../../test/sites/buildSite.ts';
import { sitePlatforms } from '../../../../../test/sites/sitePlatforms.ts';

async function pagesOf(dir: string, options: FolderSourceOptions = {}): Promise<FolderPage[]> {
  const pages: FolderPage[] = [];
  for await (const page of folderSource(dir, options)) pages.push(page);
  return pages;
}

for (const platform of ['jekyll', 'hugo', 'eleventy'] as const) {
  describe.skipIf(skipWithoutGenerator(platform))(`folderSource on a ${sitePlatforms[platform].name} site`, () => {
    it('finds every post, reads no listing as a post, and gives each post the id of its canonical address', async () => {
      const site = await buildSite(platform);
      // Eleventy's base blog names no canonical address: its folder needs --site-url.
      const options = platform === 'eleventy' ? { siteUrl: site.siteUrl } : {};
      const readings = (await pagesOf(site.dir, options)).map((page) => readPage(page.html, page.address, { siteUrl: site.siteUrl }));
      const posts = readings.filter((reading) => reading.kind === 'post');
      expect(posts.map((reading) => reading.document!.id).sort()).toEqual(
        site.posts.map((post) => documentId(site.postAddress(post))).sort(),
      );
      expect(posts.map((reading) => reading.canonical).sort()).toEqual(site.posts.map((post) => site.postAddress(post)).sort());
      expect(readings.filter((reading) => reading.kind === 'listing').length).toBeGreaterThan(0);
    }, 120_000);
  });
}

describe.skipIf(skipWithoutGenerator('eleventy'))('folderSource on a site whose pages name no canonical address', () => {
  it('refuses it without --site-url, with a message that names the flag', async () => {
    const site = await buildSite('eleventy');
    await expect(pagesOf(site.dir)).rejects.toThrow(/no canonical address.*--site-url/);
  }, 120_000);
});

describe('folderSource: the rules', () => {
  const root = mkdtempSync(join(tmpdir(), 'trove-folder-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  let count = 0;

  function folder(files: Record<string, string>): string {
    const dir = join(root, `site-${++count}`);
    for (const [name, content] of Object.entries(files)) {
      mkdirSync(join(dir, name, '..'), { recursive: true });
      writeFileSync(join(dir, name), content);
    }
    return dir;
  }

  const canonical = (url: string) => `<html><head><link rel="canonical" href="${url}"></head><body>x</body></html>`;

  it('serves a/b/index.html at <site>/a/b/ and a/b.html at <site>/a/b.html', () => {
    expect(servedPath('index.html')).toBe('/');
    expect(servedPath(join('a', 'b', 'index.html'))).toBe('/a/b/');
    expect(servedPath(join('a', 'b.html'))).toBe('/a/b.html');
    expect(servedPath(join('café', 'a b?#.html'))).toBe('/caf%C3%A9/a%20b%3F%23.html');
  });

  it('reads only .html files, in path order, skipping assets, hidden folders, node_modules and the 404 page', async () => {
    const dir = folder({
      'index.html': '<p>home</p>',
      'b/index.html': '<p>b</p>',
      'a.html': '<p>a</p>',
      'style.css': 'p{}',
      'feed.xml': '<rss/>',
      'img/x.png': 'png',
      '.git/index.html': 'no',
      'node_modules/x/index.html': 'no',
      '404.html': 'not found',
    });
    const pages = await pagesOf(dir, { siteUrl: 'https://site.example/' });
    expect(pages.map((page) => page.address)).toEqual(['https://site.example/a.html', 'https://site.example/', 'https://site.example/b/']);
    expect(pages[0]!.html).toBe('<p>a</p>');
  });

  it('takes the site address from the canonical links, a site under a path included', async () => {
    const dir = folder({
      'index.html': '<p>no canonical on the home page</p>',
      'posts/one/index.html': canonical('https://user.github.io/blog/posts/one/'),
    });
    const pages = await pagesOf(dir);
    expect(pages.map((page) => page.address)).toEqual(['https://user.github.io/blog/', 'https://user.github.io/blog/posts/one/']);
  });

  it('uses --site-url over the canonical links, and refuses one that is not an http(s) address', async () => {
    const dir = folder({ 'a/index.html': canonical('https://elsewhere.example/a/') });
    expect((await pagesOf(dir, { siteUrl: 'http://127.0.0.1:4000' })).map((page) => page.address)).toEqual(['http://127.0.0.1:4000/a/']);
    await expect(pagesOf(dir, { siteUrl: 'ftp://x' })).rejects.toThrow('not an http(s) address');
  });

  it('refuses a folder without canonical links and --site-url, a missing folder, a file and a folder without pages, each clearly', async () => {
    await expect(pagesOf(folder({ 'index.html': '<p>x</p>', 'a/index.html': canonical('https://x.example/elsewhere/') }))).rejects.toThrow(
      'give it with --site-url',
    );
    await expect(pagesOf(join(root, 'missing'))).rejects.toThrow('no such folder');
    const file = join(folder({ 'page.html': 'x' }), 'page.html');
    await expect(pagesOf(file)).rejects.toThrow('not a folder');
    await expect(pagesOf(folder({ 'a.txt': 'x' }))).rejects.toThrow('no .html page');
  });

  it('stops at the page bound and leaves out files above the size bound, saying both', async () => {
    const dir = folder({ 'a.html': 'a', 'b.html': 'b'.repeat(2000), 'c.html': 'c', 'd.html': 'd' });
    const warnings: string[] = [];
    const pages = await pagesOf(dir, {
      siteUrl: 'https://s.example',
      maxPages: 3,
      maxPageBytes: 1000,
      warn: (line) => warnings.push(line),
    });
    expect(pages.map((page) => page.file)).toEqual(['a.html', 'c.html']);
    expect(warnings.join('\n')).toMatch(/b\.html: 2000 bytes, over the bound of 1000 a page: left out/);
    expect(warnings.join('\n')).toMatch(/more than 3 pages: only the first 3 were read/);
  });

  it('does not follow symbolic links (a link to a parent folder would never end)', async () => {
    const dir = folder({ 'a.html': 'a' });
    symlinkSync(dir, join(dir, 'loop'));
    expect((await pagesOf(dir, { siteUrl: 'https://s.example' })).map((page) => page.file)).toEqual(['a.html']);
  });

  it('decodes a page in the charset its <meta charset> names', async () => {
    const dir = folder({});
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, 'a.html'),
      Buffer.concat([Buffer.from('<meta charset="iso-8859-1"><p>caf'), Buffer.from([0xe9]), Buffer.from('</p>')]),
    );
    expect((await pagesOf(dir, { siteUrl: 'https://s.example' }))[0]!.html).toContain('café');
  });
});
