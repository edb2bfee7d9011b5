import { expect, test } from '@playwright/test';
import { links, loaded, openSeventhAndReturn, QUERY, serviceRequests, state, watchLoading } from './backForwardFlow.ts';

/** Back and forward without the back/forward cache (Playwright's default): every return loads the page again. */

test.beforeEach(async ({ request }) => {
  await request.delete('/_trove/requests');
  await request.delete('/_trove/fail');
});

test.describe('without the back/forward cache', () => {
  for (const [name, path] of [
    ['the demo blog', '/search'],
    ['a plain page', '/pages/search-results.html'],
    ['a no-store demo blog page', '/no-store/search'],
    ['a no-store plain page', '/no-store/pages/search-results.html'],
  ] as const) {
    test(`Back to ${name} shows the same results at once, the opened result in view`, async ({ page, request }) => {
      expect(await openSeventhAndReturn(page, request, path, 'mouse')).toBe(false);
    });
    test(`Back to ${name} after a keyboard visit puts focus back on the link`, async ({ page, request }) => {
      expect(await openSeventhAndReturn(page, request, path, 'keyboard')).toBe(false);
    });
  }

  test('a served no-store page says so', async ({ request }) => {
    const response = await request.get('/no-store/pages/search-results.html');
    expect(response.headers()['cache-control']).toBe('no-store');
    expect(await response.text()).toContain('<trove-search-results');
  });

  test('reload shows the results at once and asks nothing within the cache duration', async ({ page, request }) => {
    await watchLoading(page);
    await page.goto(`/search?q=${QUERY}&page=2`);
    await loaded(page);
    await request.delete('/_trove/requests');
    await page.reload();
    await loaded(page);
    await page.waitForTimeout(300);
    expect(await serviceRequests(request, 'search')).toHaveLength(0);
    expect((await state(page)).sawLoading).toBe(false);
  });

  test('coming back to a post shows its related posts at once, without asking again', async ({ page, request }) => {
    await watchLoading(page);
    await page.goto('/');
    const firstPost = page.locator('main a[href^="/posts/"]').first();
    await firstPost.click();
    await expect(page).toHaveURL(/\/posts\//);
    const related = page.locator('trove-related-posts');
    await related.scrollIntoViewIfNeeded();
    const cards = related.locator('[part~="card"]:not([part~="placeholder"])');
    await expect(cards.first()).toBeVisible();
    const height = await related.evaluate((el) => el.getBoundingClientRect().height);
    await page.goto('/about');
    await request.delete('/_trove/requests');
    await page.evaluate(() => {
      (window as unknown as { troveSawLoading: boolean }).troveSawLoading = false;
    });
    await page.goBack();
    await expect(page).toHaveURL(/\/posts\//);
    await expect(cards.first()).toBeVisible();
    expect(await related.evaluate((el) => el.getBoundingClientRect().height)).toBe(height);
    await page.waitForTimeout(300);
    expect(await serviceRequests(request, 'recommend')).toHaveLength(0);
    expect((await state(page)).sawLoading).toBe(false);
  });

  test('with no-url-sync nothing is remembered in the history entry', async ({ page }) => {
    await page.goto('/pages/search-results.html');
    await page.evaluate(() => {
      document.querySelector('trove-search-results')!.setAttribute('no-url-sync', '');
    });
    const box = page.locator('trove-search-box').getByRole('combobox');
    await box.fill(QUERY);
    await box.press('Enter');
    await loaded(page);
    await links(page)
      .first()
      .evaluate((link) => link.addEventListener('click', (event) => event.preventDefault()));
    await links(page).first().click();
    expect(await page.evaluate(() => JSON.stringify(history.state))).not.toContain('troveReturn');
  });
});
