/**
 * What real pages download of Trove, measured in Chromium: every file the browser fetches from
 * `/dist/` (the loader and whatever chunks it asks for, whatever their names), each body brotli
 * q11 on its own, summed. Pages (bench/pages/):
 *  - search box only: trove-box.html, after load with no gesture (the loader alone: the box's
 *    code waits for the reader's intent), then after the pointer over it and suggestions shown;
 *  - related posts only, far below the fold (related.html): before the block nears the viewport
 *    (after load and the network has been quiet), then after it is scrolled into view and shows
 *    its links ("in all");
 *  - autocomplete-js's search box (ac-box.html, every file under `/ac/`: its script and theme),
 *    measured the same way as Trove's box page.
 */
import type { Browser, Page } from '@playwright/test';
import { brotliSize } from './sizes.ts';

export interface PageBytes {
  /** Brotli size of each fetched file, by URL path. */
  files: Map<string, number>;
  total: number;
}

export interface PageBytesResult {
  /** The box's page after load, before any gesture. */
  searchBoxBeforeIntent: PageBytes;
  searchBoxOnly: PageBytes;
  relatedBeforeViewport: PageBytes;
  relatedInAll: PageBytes;
  /** autocomplete-js's box page: its bundle and theme. */
  autocompleteBox: PageBytes;
}

/** Records the responses of a page under `prefix` and tells when its network has been quiet. */
function watch(page: Page, prefix = '/dist/') {
  const bodies = new Map<string, Promise<number>>();
  let inflight = 0;
  let lastChange = performance.now();
  page.on('request', () => {
    inflight++;
    lastChange = performance.now();
  });
  const settle = () => {
    inflight = Math.max(0, inflight - 1);
    lastChange = performance.now();
  };
  page.on('requestfinished', settle);
  page.on('requestfailed', settle);
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (path.startsWith(prefix) && !bodies.has(path)) {
      bodies.set(
        path,
        response.body().then(brotliSize, () => 0),
      );
    }
  });
  return {
    /** Resolves once no request has been in flight for `quietMs` (gives up after `maxMs`). */
    async quiet(quietMs = 600, maxMs = 10_000) {
      const start = performance.now();
      while (performance.now() - start < maxMs) {
        if (inflight === 0 && performance.now() - lastChange >= quietMs) return;
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    async snapshot(): Promise<PageBytes> {
      const files = new Map<string, number>();
      for (const [path, size] of bodies) files.set(path, await size);
      return { files, total: [...files.values()].reduce((a, b) => a + b, 0) };
    },
  };
}

/** Runs `steps` on a page of a fresh browser context (empty cache), closed afterwards. */
async function inFreshPage<T>(
  browser: Browser,
  steps: (page: Page, net: ReturnType<typeof watch>) => Promise<T>,
  prefix?: string,
): Promise<T> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    return await steps(page, watch(page, prefix));
  } finally {
    await context.close();
  }
}

export async function measurePageBytes(browser: Browser, origin: string): Promise<PageBytesResult> {
  const [searchBoxBeforeIntent, searchBoxOnly] = await inFreshPage(browser, async (page, net) => {
    await page.goto(`${origin}/bench/trove-box.html`, { timeout: 30_000 });
    await net.quiet(1_000);
    const before = await net.snapshot();
    // The reader's first sign of intent: the pointer over the field.
    await page.locator('trove-search-box').hover({ timeout: 15_000 });
    const input = page.locator('trove-search-box input[role="combobox"]');
    await input.click({ timeout: 15_000 });
    await input.pressSequentially('raised', { delay: 20 });
    await page.locator('trove-search-box [role="option"]').first().waitFor({ timeout: 15_000 });
    await net.quiet();
    return [before, await net.snapshot()] as const;
  });
  const [relatedBeforeViewport, relatedInAll] = await inFreshPage(browser, async (page, net) => {
    await page.goto(`${origin}/bench/related.html`, { timeout: 30_000 });
    await net.quiet(1_000);
    const before = await net.snapshot();
    await page.locator('trove-related-posts').scrollIntoViewIfNeeded({ timeout: 15_000 });
    await page.locator('trove-related-posts a[href]').first().waitFor({ timeout: 15_000 });
    await net.quiet();
    return [before, await net.snapshot()] as const;
  });
  const autocompleteBox = await inFreshPage(
    browser,
    async (page, net) => {
      await page.goto(`${origin}/bench/ac-box.html`, { timeout: 30_000 });
      const input = page.locator('input.aa-Input');
      await input.click({ timeout: 15_000 });
      await input.pressSequentially('raised', { delay: 20 });
      await page.locator('.aa-Item').first().waitFor({ timeout: 15_000 });
      await net.quiet();
      return net.snapshot();
    },
    '/ac/',
  );
  return { searchBoxBeforeIntent, searchBoxOnly, relatedBeforeViewport, relatedInAll, autocompleteBox };
}
