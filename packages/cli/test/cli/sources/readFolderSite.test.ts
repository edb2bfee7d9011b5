import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isPagination, readFolderSite } from '../../../src/cli/sources/readFolderSite.ts';
import { emptyState } from '../../../src/cli/sync/syncState.ts';
import { listingPage, postPage } from './fakeSite.ts';

const site = 'https://blog.test';

function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'trove-folder-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

describe('readFolderSite', () => {
  it("files every page of a built site: posts indexed, listings and pages counted, the pages of a paginated list not even read (but a tag's, for its posts' tags)", async () => {
    const dir = folder({
      'index.html': listingPage(site, ['/a/']),
      'a/index.html': postPage(site, '/a/', 'A', 'Alpha text'),
      'b/index.html': postPage(site, '/b/', 'B', 'Beta text'),
      // A page of a list that would read as a post: its path says what it is.
      'page/2/index.html': postPage(site, '/page/2/', 'Not a post', 'Listing text'),
      'tags/x/page/3/index.html': listingPage(site, []),
    });
    const reading = await readFolderSite(dir, emptyState(dir, 't'), { isOwn: () => true, includePages: false, siteUrl: site }, 100);
    expect(reading.source).toEqual({ name: 'folder', start: dir });
    expect(reading.posts.map((p) => p.address).sort()).toEqual([`${site}/a/`, `${site}/b/`]);
    expect(reading.skipped.map((s) => [new URL(s.address).pathname, s.reason]).sort()).toEqual([
      ['/', 'listing'],
      ['/page/2/', 'listing'],
      ['/tags/x/page/3/', 'listing'],
    ]);
    expect(reading.read).toBe(4);
  });

  it('stops at the page bound and says so', async () => {
    const dir = folder(
      Object.fromEntries(['a', 'b', 'c', 'd'].map((slug) => [`${slug}/index.html`, postPage(site, `/${slug}/`, slug, `${slug} text`)])),
    );
    const limits: string[] = [];
    const reading = await readFolderSite(
      dir,
      emptyState(dir, 't'),
      { isOwn: () => true, includePages: false, siteUrl: site },
      2,
      undefined,
      (m) => limits.push(m),
    );
    expect(reading.posts).toHaveLength(2);
    expect(reading.incomplete).toContain('page bound');
    expect(limits[0]).toMatch(/raise it with --max-pages/);
  });

  it('knows the pages of a paginated list by their path', () => {
    for (const path of ['/page/2/', '/blog/page/12/', '/tags/x/page/3/index.html', '/page2/'])
      expect(isPagination(`${site}${path}`), path).toBe(true);
    for (const path of ['/', '/pages/about/', '/2024/01/page-turner/', '/page/']) expect(isPagination(`${site}${path}`), path).toBe(false);
  });
});
