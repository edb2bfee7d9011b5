import { expect, test } from '@playwright/test';
import { brotliSize, scriptSizes } from '../bench/sizes.ts';
import { isVendorChunk, sizeBudget } from '../bench/sizeBudget.ts';

/** Size budget of the built standalone script; see bench/sizeBudget.ts for the figures and why. */
test('the whole standalone script stays under its ceiling', () => {
  const sizes = scriptSizes();
  expect(sizes.get('trove.js')).toBeGreaterThan(0);
  const total = [...sizes.values()].reduce((a, b) => a + b, 0);
  console.log(`everything: ${total} B brotli (target ${sizeBudget.everythingTarget}, ceiling ${sizeBudget.everythingCeiling})`);
  expect(total).toBeLessThanOrEqual(sizeBudget.everythingCeiling);
});

test('a page with only related posts downloads at most 13 KB of our code', async ({ page }) => {
  const downloads = new Map<string, Promise<Buffer>>();
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (path.startsWith('/dist/')) downloads.set(path, response.body());
  });
  await page.goto('/pages/related.html?doc-id=12&eager');
  await expect(page.locator('trove-related-posts').getByRole('link').first()).toBeVisible();

  const files = [...downloads.keys()];
  expect(files.some((f) => f.includes('trove-search'))).toBe(false);
  let all = 0;
  let ours = 0;
  for (const [path, body] of downloads) {
    const size = brotliSize(await body);
    all += size;
    if (!isVendorChunk(path)) ours += size;
  }
  console.log(`related-only page: ${all} B brotli in all, ${ours} B of our code (${files.join(', ')})`);
  expect(ours).toBeLessThanOrEqual(sizeBudget.relatedOnlyOursTarget);
  expect(all).toBeLessThanOrEqual(sizeBudget.relatedOnlyCeiling);
});
