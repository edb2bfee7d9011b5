import { afterEach, describe, expect, it } from 'vitest';
import { readPage } from '../../../src/cli/page/readPage.ts';
import { createPageReaderPool, setWorkerEntry } from '../../../src/cli/sources/createPageReaderPool.ts';
import { listingPage, postPage } from './fakeSite.ts';

const site = 'https://blog.test';
const entry = new URL('../../../src/cli/main.ts', import.meta.url).href;
const reader = new URL('../../../src/cli/sources/servePageReader.ts', import.meta.url).href;
const pages = [postPage(site, '/a/', 'A', 'Alpha text'), listingPage(site, ['/a/']), postPage(site, '/b/', 'B', 'Beta text')];

afterEach(() => setWorkerEntry(undefined));

describe('createPageReaderPool', () => {
  for (const [name, url] of [
    ["the command's entry (as dist/cli.js is loaded)", entry],
    ['the page reader alone (as from the sources)', reader],
  ])
    it(`reads pages in worker threads that load ${name}, as readPage does on the main thread`, async () => {
      setWorkerEntry(url);
      const pool = createPageReaderPool(2);
      expect(pool.width).toBe(4);
      try {
        const readings = await Promise.all(pages.map((html, i) => pool.read(html, `${site}/p${i}/`, site)));
        expect(readings).toEqual(pages.map((html, i) => readPage(html, `${site}/p${i}/`, { siteUrl: site })));
        expect(pool.readInWorkers()).toBe(3);
      } finally {
        await pool.close();
      }
    }, 30_000);

  it('reads on the main thread without an entry (a library use of runCli)', async () => {
    const pool = createPageReaderPool(2);
    expect(pool.width).toBe(1);
    expect(await pool.read(pages[0]!, `${site}/a/`)).toEqual(readPage(pages[0]!, `${site}/a/`));
  });

  it('reads on the main thread when the workers cannot start', async () => {
    setWorkerEntry('file:///nowhere/cli.js');
    const pool = createPageReaderPool(2);
    try {
      const readings = await Promise.all(pages.map((html, i) => pool.read(html, `${site}/p${i}/`)));
      expect(readings.map((r) => r.kind)).toEqual(['post', 'listing', 'post']);
      expect(pool.readInWorkers()).toBe(0);
    } finally {
      await pool.close();
    }
  }, 30_000);
});
