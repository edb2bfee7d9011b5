import { expect, type APIRequestContext, type Page } from '@playwright/test';

/**
 * The steps shared by e2e/backForward.spec.ts and e2e/backForwardCache.spec.ts (not a spec itself).
 *
 * Back and forward (issue 14): a reader searches, goes to page 2, scrolls to the 7th result,
 * opens it and comes back. The same results show at once (from the session copy, no new search
 * request at the service), the 7th result is in view, the scroll is within 40 px of where it was,
 * and after a keyboard visit its link has focus. On the demo blog and on a plain page, on pages
 * the browser may keep in its back/forward cache and on `Cache-Control: no-store` ones (the e2e
 * server's `/no-store/` prefix). Playwright turns the back/forward cache off; the second group
 * turns it back on.
 */

export const API = '/api/v2/projects/demo/collections/blog';
/** `bread` finds 15 posts in the seed data: page 2 would have 5. This finds enough for a 7th on page 2. */
export const QUERY = 'recipe';

interface ServiceRequest {
  method: string;
  path: string;
  query: [string, string][];
}

export async function serviceRequests(request: APIRequestContext, endpoint: string): Promise<ServiceRequest[]> {
  const all = (await (await request.get('/_trove/requests')).json()) as ServiceRequest[];
  return all.filter((r) => r.path.startsWith(`${API}/${endpoint}`));
}

export const results = (page: Page) => page.locator('trove-search-results');
export const links = (page: Page) => results(page).locator('[part~="result-link"]');
export const loaded = (page: Page) => expect(results(page).locator('[part~="base"][aria-busy="false"]')).toBeVisible();

/** Before every document of the page: note any loading placeholder painted, and how the page was shown. */
export async function watchLoading(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { troveSawLoading: boolean; trovePersisted: boolean | null };
    w.troveSawLoading = false;
    w.trovePersisted = null;
    addEventListener('pageshow', (event) => {
      w.trovePersisted = event.persisted;
    });
    const look = () => {
      for (const host of document.querySelectorAll('trove-search-results, trove-related-posts')) {
        if (host.shadowRoot?.querySelector('[part~="skeleton"], [part~="placeholder"]')) w.troveSawLoading = true;
      }
      requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
}

export const state = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { troveSawLoading: boolean; trovePersisted: boolean | null };
    return { scrollY: window.scrollY, sawLoading: w.troveSawLoading, persisted: w.trovePersisted };
  });

/**
 * Search, page 2, the 7th result scrolled to the middle of the window, opened (by mouse or
 * keyboard), Back; then everything the issue asks for is checked. Returns whether the page came
 * back from the back/forward cache.
 */
export async function openSeventhAndReturn(page: Page, request: APIRequestContext, path: string, by: 'mouse' | 'keyboard') {
  await watchLoading(page);
  await page.goto(`${path}?q=${QUERY}`);
  await loaded(page);
  await results(page).getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: /Next/ }).click();
  await expect(page).toHaveURL(new RegExp(`\\?q=${QUERY}&page=2$`));
  await loaded(page);
  const seventh = links(page).nth(6);
  const title = await seventh.textContent();
  const href = await seventh.getAttribute('href');
  expect(title).toBeTruthy();
  await seventh.evaluate((link) => {
    const box = link.getBoundingClientRect();
    window.scrollTo(0, window.scrollY + box.top - window.innerHeight / 2);
  });
  const left = await page.evaluate(() => {
    (window as unknown as { troveSawLoading: boolean }).troveSawLoading = false;
    return window.scrollY;
  });
  expect(left).toBeGreaterThan(300);

  await request.delete('/_trove/requests');
  if (by === 'keyboard') {
    await seventh.focus();
    await page.keyboard.press('Enter');
  } else {
    await seventh.click();
  }
  // The post (the link's text fragment, `#:~:text=…`, is not part of the page's own address).
  await expect(page).toHaveURL(new RegExp(`${href!.split('#')[0].replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
  await page.goBack();

  await expect(page).toHaveURL(new RegExp(`${path.replace(/[.]/g, '\\.')}\\?q=${QUERY}&page=2$`));
  await loaded(page);
  await expect(links(page).nth(6)).toHaveText(title!);
  await expect(links(page).nth(6)).toBeInViewport();
  await expect.poll(async () => Math.abs((await state(page)).scrollY - left)).toBeLessThanOrEqual(40);
  // (After a mouse visit focus is wherever the browser keeps it: on the link when the page was kept whole.)
  if (by === 'keyboard') await expect(links(page).nth(6)).toBeFocused();
  // The search box shows the query again, closed.
  const box = page.locator('trove-search-box').getByRole('combobox');
  await expect(box).toHaveValue(QUERY);
  await expect(box).toHaveAttribute('aria-expanded', 'false');
  // Give a late request time to show up before counting.
  await page.waitForTimeout(300);
  expect(await serviceRequests(request, 'search')).toHaveLength(0);
  const after = await state(page);
  expect(after.sawLoading).toBe(false);
  return after.persisted;
}
