import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';

/**
 * The analytics page of `trove serve` (/_trove/analytics, the demo's /analytics): a reader of the
 * demo blog types, searches for something the blog does not have, searches again, opens the
 * third result and then one of its related posts; the page counts each step. Other specs search
 * the same service before this one, so the counts are compared with the ones read before.
 */

const box = (page: Page) => page.locator('header trove-search-box');
const input = (page: Page) => box(page).locator('input[role="combobox"]');
const results = (page: Page) => page.locator('trove-search-results [part~="result"]');
const relatedCards = (page: Page) => page.locator('trove-related-posts [part~="card"]:not([part~="placeholder"])');

interface Report {
  totals: Record<string, number>;
  positions: { search: number[]; related: number[] };
}

test('the analytics page counts what a reader searched for, found nothing for, and opened', async ({ page, request }) => {
  test.setTimeout(90_000);
  const before = (await (await request.get('/_trove/analytics.json')).json()) as Report;
  // A query nothing in the blog matches, new for every run.
  const missing = `qzx${Date.now().toString(36).replace(/\d/g, '')}vk`;

  // 1. Types a query the blog has nothing for, and searches it.
  await page.goto('/');
  // The pointer over the box: the script tag's loader fetches its code then.
  await box(page).hover();
  await input(page).click();
  await input(page).pressSequentially(missing, { delay: 30 });
  await expect(box(page)).toContainText(`No suggestions for “${missing}”`);
  await input(page).press('Enter');
  await page.waitForURL(/\/search\?/);
  await expect(page.locator('trove-search-results')).toContainText(`No results for “${missing}”`);

  // 2. Searches again, and opens the third result.
  await input(page).fill('');
  await input(page).pressSequentially('photo', { delay: 30 });
  await expect(box(page).locator('[role="option"]').first()).toBeVisible();
  await input(page).press('Enter');
  await page.waitForURL(/q=photo/);
  await expect(results(page).nth(2)).toBeVisible();
  const third = results(page).nth(2).locator('[part~="result-link"]');
  const thirdTitle = (await third.textContent())!.trim();
  await third.click();
  await expect(page.locator('h1')).toHaveText(thirdTitle);

  // 3. Opens a related post at the end of it.
  await page.locator('trove-related-posts').scrollIntoViewIfNeeded();
  await expect(relatedCards(page).nth(1)).toBeVisible();
  const related = relatedCards(page).nth(1).locator('h3 a');
  const relatedTitle = (await related.textContent())!.trim();
  const relatedHref = (await related.getAttribute('href'))!;
  await related.click();
  await page.waitForURL((url) => url.pathname === relatedHref);

  // The demo's /analytics is the service's page.
  await page.goto('/analytics');
  await expect(page).toHaveURL('/_trove/analytics');
  const part = (name: string) => page.locator(`[data-part="${name}"]`);
  /** A tile's number: the count read before and what this reader added. */
  const tile = (part_: string, total: string, added: number) =>
    expect(part(part_)).toHaveText(new RegExp(`^${before.totals[total]! + added}(\\D|$)`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('What readers search for');
  await tile('searches', 'searches', 2);
  await tile('typed', 'typed', 2);
  await tile('empty-searches', 'emptySearches', 1);
  await tile('search-clicks', 'searchClicks', 1);
  await tile('related-clicks', 'relatedClicks', 1);
  await tile('sessions', 'sessions', 1);

  // The content gap: the query with no results, in its list.
  await expect(part('no-results').locator('tbody tr').filter({ hasText: missing })).toContainText(`${missing}11`);
  // The top queries: "photo", searched and typed once, opened at position 3.
  const photo = part('queries')
    .locator('tbody tr')
    .filter({ has: page.locator('.query', { hasText: /^photo$/ }) });
  await expect(photo.locator('td')).toHaveText(['photo', /\d+/, /\d+/, /\d+/, /%$/, /[\d.]+/]);
  // Where the result was: one more click at the 3rd position.
  await expect(part('search-positions').locator('li[data-position="3"]')).toHaveAttribute(
    'data-count',
    String((before.positions.search[2] ?? 0) + 1),
  );
  await expect(part('related-positions').locator('li[data-position="2"]')).toHaveAttribute(
    'data-count',
    String((before.positions.related[1] ?? 0) + 1),
  );
  // The posts opened: the third result from search, the related post from related posts, under the third result.
  await expect(part('posts').getByRole('link', { name: thirdTitle })).toBeVisible();
  await expect(part('posts').getByRole('link', { name: relatedTitle })).toHaveAttribute('href', relatedHref);
  await expect(part('related-sources').getByRole('link', { name: thirdTitle })).toBeVisible();

  // The JSON export says the same.
  const after = (await (await request.get('/_trove/analytics.json')).json()) as Report & { noResults: { query: string }[] };
  expect(after.totals.searches - before.totals.searches!).toBe(2);
  expect(after.noResults.map((q) => q.query)).toContain(missing);
});

for (const scheme of ['light', 'dark'] as const) {
  test(`the analytics page reads on a phone with no axe violation (${scheme})`, async ({ page, request }) => {
    await request.get('/api/v2/projects/demo/collections/blog/search/default?q=bread&token=dev-token&session_id=axe');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto('/_trove/analytics');
    await expect(page.locator('[data-part="queries"]')).toContainText('bread');
    // Nothing wider than the phone but the tables, which scroll inside their card.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
}
