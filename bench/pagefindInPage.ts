import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { serveSite } from '../packages/cli/test/cli/serveSite.ts';

export interface PagefindApi {
  createIndex(config?: object): Promise<{ errors: string[]; index?: PagefindIndex }>;
  close(): Promise<unknown>;
}
export interface PagefindIndex {
  addHTMLFile(file: { url: string; content: string }): Promise<{ errors: string[] }>;
  writeFiles(options: { outputPath: string }): Promise<{ errors: string[] }>;
}

/** Pagefind's `index` written to a folder served on loopback and searched by pagefind.js in a Chromium page: the first `count` URLs for `q`. */
export async function pagefindInPage(
  pagefind: PagefindApi,
  index: PagefindIndex,
  name: string,
  browser: Browser,
): Promise<{ urls(q: string, count: number): Promise<string[]>; close(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), `trove-bench-pagefind-${name}-`));
  const written = await index.writeFiles({ outputPath: join(dir, 'pagefind') });
  if (written.errors.length > 0) throw new Error(`pagefind: ${written.errors.join('; ')}`);
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>pagefind</title>');
  const served = await serveSite(dir);
  const page: Page = await browser.newPage();
  await page.goto(`${served.base}/`);
  await page.evaluate(async () => {
    const module = await import(`${location.origin}/pagefind/pagefind.js`);
    await module.init();
    (globalThis as unknown as { pagefind: unknown }).pagefind = module;
  });
  return {
    urls: (q, count) =>
      page.evaluate(
        async ({ q, count }) => {
          const pf = (
            globalThis as unknown as { pagefind: { search(q: string): Promise<{ results: { data(): Promise<{ url: string }> }[] }> } }
          ).pagefind;
          const found = await pf.search(q);
          return Promise.all(found.results.slice(0, count).map(async (r) => (await r.data()).url));
        },
        { q, count },
      ),
    close: async () => {
      await page.close().catch(() => {});
      await served.stop();
      await pagefind.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
