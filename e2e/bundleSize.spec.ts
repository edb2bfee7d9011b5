import { expect, type Page, test } from '@playwright/test';
import { sizeBudget } from '../bench/sizeBudget.ts';
import { brotliSize, librariesSize, scriptSizes } from '../bench/sizes.ts';

/** Size budget of the built standalone script; see bench/sizeBudget.ts for the figures and why. */
/** The placing code, fetched only on pages with a placing setting (docs/platforms.md): counted on its own. */
const PLACE = 'chunks/trove-place.js';

test('the whole standalone script stays under its ceiling', () => {
  const sizes = scriptSizes();
  expect(sizes.get('trove.js')).toBeGreaterThan(0);
  const total = [...sizes].filter(([file]) => file !== PLACE).reduce((a, [, b]) => a + b, 0);
  console.log(`everything: ${total} B brotli (target ${sizeBudget.everythingTarget}, ceiling ${sizeBudget.everythingCeiling})`);
  expect(total).toBeLessThanOrEqual(sizeBudget.everythingCeiling);
});

test('the placing code stays under its ceiling, and a page without a placing setting never downloads it', async ({ page }) => {
  const size = scriptSizes().get(PLACE);
  console.log(`placing code: ${size} B brotli (ceiling ${sizeBudget.placeCeiling})`);
  expect(size).toBeGreaterThan(0);
  expect(size).toBeLessThanOrEqual(sizeBudget.placeCeiling);
  const files: string[] = [];
  page.on('request', (request) => files.push(new URL(request.url()).pathname));
  await page.goto('/pages/search-box.html');
  await page.getByRole('combobox').fill('garden');
  await expect(page.locator('trove-search-box [role="option"]').first()).toBeVisible();
  expect(files.filter((file) => file.startsWith('/dist/')).length).toBeGreaterThan(1);
  expect(files).not.toContain(`/dist/${PLACE}`);
});

/** What a page with a search box downloads of /dist/ until suggestions show, in brotli bytes, by file; in `lang` (the page is served so). */
async function boxFirstLoad(page: Page, lang = 'en'): Promise<{ all: number; files: string[] }> {
  if (lang !== 'en')
    await page.route('**/pages/search-box.html', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, body: (await response.text()).replace('<html lang="en">', `<html lang="${lang}">`) });
    });
  const downloads = new Map<string, Promise<Buffer>>();
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (path.startsWith('/dist/')) downloads.set(path, response.body());
  });
  await page.goto('/pages/search-box.html');
  await page.getByRole('combobox').fill('garden');
  await expect(page.locator('trove-search-box [role="option"]').first()).toBeVisible();
  let all = 0;
  for (const body of downloads.values()) all += brotliSize(await body);
  return { all, files: [...downloads.keys()] };
}

test('a page with a search box downloads at most its ceiling, once suggestions show', async ({ page }) => {
  const { all, files } = await boxFirstLoad(page);
  console.log(
    `search box page: ${all} B brotli (target ${sizeBudget.searchBoxTarget}, ceiling ${sizeBudget.searchBoxCeiling}; ${files.join(', ')})`,
  );
  expect(files.some((file) => file.includes('/i18n/'))).toBe(false);
  expect(all).toBeLessThanOrEqual(sizeBudget.searchBoxCeiling);
});

test("a French box's first load is its texts over the English one's, at most 1.5 KB", async ({ browser }) => {
  const loads = [];
  for (const lang of ['en', 'fr']) {
    const page = await browser.newPage();
    loads.push(await boxFirstLoad(page, lang));
    await page.close();
  }
  const [english, french] = loads as [Awaited<ReturnType<typeof boxFirstLoad>>, Awaited<ReturnType<typeof boxFirstLoad>>];
  console.log(`French search box page: ${french.all} B brotli, ${french.all - english.all} B over the English one`);
  expect(french.files.filter((file) => !english.files.includes(file))).toEqual(['/dist/chunks/i18n/fr.js']);
  expect(french.all - english.all).toBeLessThanOrEqual(sizeBudget.languageOverEnglishTarget);
});

test('a page with only related posts downloads at most its ceiling of our code', async ({ page }) => {
  test.setTimeout(120_000); // builds the chunks once more to weigh the libraries alone
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
  for (const body of downloads.values()) all += brotliSize(await body);
  // The libraries share a file with our code: ours is the rest of what the page downloads.
  const ours = all - (await librariesSize());
  console.log(
    `related-only page: ${all} B brotli in all, ${ours} B of our code (target ${sizeBudget.relatedOnlyOursTarget}, ceiling ${sizeBudget.relatedOnlyOursCeiling}; ${files.join(', ')})`,
  );
  expect(ours).toBeLessThanOrEqual(sizeBudget.relatedOnlyOursCeiling);
  expect(all).toBeLessThanOrEqual(sizeBudget.relatedOnlyCeiling);
});
