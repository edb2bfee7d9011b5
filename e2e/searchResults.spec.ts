import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * <trove-search-results> in Chromium against the local service (e2e/server.ts), through the
 * built dist/trove.js on e2e/pages/search-results.html, a plain page with a search box and the
 * results. The exact requests the service received are read from GET /_trove/requests.
 */

const PAGE = '/pages/search-results.html';

interface ServiceRequest {
  method: string;
  path: string;
  query: [string, string][];
}

async function searchRequests(request: APIRequestContext): Promise<ServiceRequest[]> {
  const all = (await (await request.get('/_trove/requests')).json()) as ServiceRequest[];
  return all.filter((r) => r.path === '/api/v2/projects/demo/collections/blog/search/default');
}
async function lastSearch(request: APIRequestContext): Promise<ServiceRequest> {
  const all = await searchRequests(request);
  expect(all.length).toBeGreaterThan(0);
  return all[all.length - 1];
}
const values = (r: ServiceRequest, name: string) => r.query.filter(([k]) => k === name).map(([, v]) => v);
const value = (r: ServiceRequest, name: string) => values(r, name)[0];

const results = (page: Page) => page.locator('trove-search-results');
const heading = (page: Page) => results(page).locator('[part~="heading"]');
const items = (page: Page) => results(page).locator('[part~="result"]');
const pagination = (page: Page) => results(page).getByRole('navigation', { name: 'Pagination' });
const facetGroup = (page: Page, name: string) =>
  results(page)
    .locator('[part~="facet-group"]')
    .filter({ has: page.getByRole('heading', { name, exact: true }) });
const count = async (page: Page) => Number((await heading(page).textContent())?.replace(/[^\d]/g, ''));

async function open(page: Page, query = '') {
  await page.goto(`${PAGE}${query}`);
}
async function loaded(page: Page) {
  await expect(results(page).locator('[part~="base"][aria-busy="false"]')).toBeVisible();
}

test.beforeEach(async ({ request }) => {
  await request.delete('/_trove/requests');
  await request.delete('/_trove/fail');
});

test('shows a prompt and sends no search without a query', async ({ page, request }) => {
  await open(page);
  await expect(results(page).locator('[part~="prompt"]')).toBeVisible();
  expect(await searchRequests(request)).toHaveLength(0);
});

test('searches from the search box on the same page, in place', async ({ page, request }) => {
  await open(page);
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  const input = page.locator('trove-search-box [part~="input"]');
  await input.fill('night');
  await input.press('Enter');
  await expect(heading(page)).toHaveText(/^\d+ results for “night”$/);
  await expect(page).toHaveURL(/\?q=night$/);
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
  const sent = await lastSearch(request);
  expect(value(sent, 'q')).toBe('night');
  expect(value(sent, 'skip')).toBe('0');
  expect(value(sent, 'limit')).toBe('10');
  expect(value(sent, 'token')).toBe('dev-token');
  expect(value(sent, 'session_id')).toBeTruthy();
  expect(await items(page).count()).toBe(10);
  const events = await page.evaluate(() => (window as unknown as { troveEvents: { type: string; found?: number }[] }).troveEvents);
  expect(events.some((e) => e.type === 'trove-results' && (e.found ?? 0) > 10)).toBe(true);
});

test('narrows the results with facet chips, sent as repeated filter parameters', async ({ page, request }) => {
  await open(page, '?q=night');
  await loaded(page);
  const all = await count(page);

  const photography = facetGroup(page, 'Categories').getByRole('button', { name: /^Photography/ });
  await expect(photography).toHaveAttribute('aria-pressed', 'false');
  await photography.click();
  await expect(photography).toHaveAttribute('aria-pressed', 'true');
  await loaded(page);
  const narrowed = await count(page);
  expect(narrowed).toBeLessThan(all);
  expect(values(await lastSearch(request), 'filter')).toEqual(['category:"Photography"']);
  for (const categories of await items(page).locator('[part~="result-meta"]').allTextContents())
    expect(categories).toContain('Photography');

  const tag = facetGroup(page, 'Tags').locator('[part~="facet-chip"]').first();
  const tagName = (await tag.locator('.facet-value').textContent()) ?? '';
  await tag.click();
  await loaded(page);
  await expect(tag).toHaveAttribute('aria-pressed', 'true');
  expect(await count(page)).toBeLessThanOrEqual(narrowed);
  const sent = await lastSearch(request);
  expect(values(sent, 'filter')).toEqual(['category:"Photography"', `tags:"${tagName}"`]);
  expect(value(sent, 'skip')).toBe('0');
  expect(new URL(page.url()).searchParams.getAll('filter')).toEqual(['category:"Photography"', `tags:"${tagName}"`]);

  // Active filters show as chips here and in the search box.
  const active = results(page).getByRole('group', { name: 'Active filters' });
  await expect(active.locator('[part~="active-filter"]')).toHaveText(['Category: Photography×', `Tag: ${tagName}×`]);
  await expect(page.locator('trove-search-box [part~="chip"]')).toHaveCount(2);

  // Removing one chip searches again without it.
  await active.getByRole('button', { name: 'Remove filter Category: Photography' }).click();
  await loaded(page);
  expect(values(await lastSearch(request), 'filter')).toEqual([`tags:"${tagName}"`]);
  await expect(page.locator('trove-search-box [part~="chip"]')).toHaveCount(1);
  await active.getByRole('button', { name: 'Clear all' }).click();
  await loaded(page);
  // The unfiltered search was asked before: the client answers it from its cache.
  await expect(page).toHaveURL(/\?q=night$/);
  expect(await count(page)).toBe(all);
  await expect(page.locator('trove-search-box [part~="chip"]')).toHaveCount(0);
});

test('pages through results, focuses the heading, and back/forward restore the page', async ({ page, request }) => {
  await open(page, '?q=night');
  await loaded(page);
  const total = await count(page);
  const last = Math.ceil(total / 10);
  const nav = pagination(page);
  await expect(nav.getByRole('button', { name: 'Page 1', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('button', { name: /Previous/ })).toBeDisabled();
  const firstTitles = await items(page).locator('[part~="result-title"]').allTextContents();

  await nav.getByRole('button', { name: /Next/ }).click();
  await loaded(page);
  await expect(page).toHaveURL(/\?q=night&page=2$/);
  expect(value(await lastSearch(request), 'skip')).toBe('10');
  await expect(nav.getByRole('button', { name: 'Page 2', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(heading(page)).toBeFocused();
  expect(await items(page).locator('[part~="result-title"]').allTextContents()).not.toEqual(firstTitles);

  await nav.getByRole('button', { name: `Page ${last}`, exact: true }).click();
  await loaded(page);
  expect(value(await lastSearch(request), 'skip')).toBe(String((last - 1) * 10));
  await expect(items(page)).toHaveCount(total - (last - 1) * 10);
  await expect(nav.getByRole('button', { name: /Next/ })).toBeDisabled();

  await page.goBack();
  await expect(page).toHaveURL(/\?q=night&page=2$/);
  await expect(nav.getByRole('button', { name: 'Page 2', exact: true })).toHaveAttribute('aria-current', 'page');
  await page.goBack();
  await expect(page).toHaveURL(/\?q=night$/);
  await expect(nav.getByRole('button', { name: 'Page 1', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(items(page).locator('[part~="result-title"]')).toHaveText(firstTitles);
  await page.goForward();
  await expect(nav.getByRole('button', { name: 'Page 2', exact: true })).toHaveAttribute('aria-current', 'page');
});

test('sorts with the sort select', async ({ page, request }) => {
  await open(page, '?q=night');
  await loaded(page);
  const select = results(page).getByRole('combobox', { name: 'Sort by' });
  await select.selectOption({ label: 'Newest' });
  await loaded(page);
  expect(value(await lastSearch(request), 'sort')).toBe('date desc');
  await expect(page).toHaveURL(/sort=date\+desc/);
  const newest = await items(page)
    .locator('time')
    .evaluateAll((times) => times.map((t) => t.getAttribute('datetime') ?? ''));
  expect(newest).toEqual([...newest].sort().reverse());

  await select.selectOption({ label: 'Oldest' });
  await loaded(page);
  expect(value(await lastSearch(request), 'sort')).toBe('date asc');
  const oldest = await items(page)
    .locator('time')
    .evaluateAll((times) => times.map((t) => t.getAttribute('datetime') ?? ''));
  expect(oldest).toEqual([...oldest].sort());
});

test('restores q, filters, page and sort from the URL, also on reload', async ({ page, request }) => {
  const query = '?q=night&filter=category%3A%22Photography%22&page=2&sort=date+asc';
  await open(page, query);
  await loaded(page);
  const sent = await lastSearch(request);
  expect(value(sent, 'q')).toBe('night');
  expect(values(sent, 'filter')).toEqual(['category:"Photography"']);
  expect(value(sent, 'skip')).toBe('10');
  expect(value(sent, 'sort')).toBe('date asc');
  const check = async () => {
    await expect(results(page).getByRole('combobox', { name: 'Sort by' })).toHaveValue('date asc');
    await expect(pagination(page).getByRole('button', { name: 'Page 2', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(results(page).locator('[part~="active-filter"]')).toHaveText(['Category: Photography×']);
    await expect(page.locator('trove-search-box [part~="input"]')).toHaveValue('night');
    expect(new URL(page.url()).search).toBe(query);
  };
  await check();
  await request.delete('/_trove/requests');
  await page.reload();
  await loaded(page);
  await check();
  // Within the cache duration the reloaded page shows the session copy of the same answer.
  expect(await searchRequests(request)).toHaveLength(0);
});

test('shows an empty state, and one that clears the filters', async ({ page, request }) => {
  await open(page, '?q=zzqqxxjj');
  await expect(results(page).locator('[part~="empty"]')).toContainText('No results for “zzqqxxjj”');
  await expect(results(page).getByRole('button', { name: 'Clear filters' })).toHaveCount(0);

  await open(page, '?q=night&filter=year%3A%221999%22');
  const empty = results(page).locator('[part~="empty"]');
  await expect(empty).toContainText('No results for “night”');
  await empty.getByRole('button', { name: 'Clear filters' }).click();
  await loaded(page);
  expect(values(await lastSearch(request), 'filter')).toEqual([]);
  await expect(items(page)).toHaveCount(10);
  await expect(page).toHaveURL(/\?q=night$/);
});

test('offers "did you mean" and searches for it', async ({ page, request }) => {
  await open(page, '?q=nigt');
  const spelling = results(page).locator('[part~="spelling"]');
  await expect(spelling).toHaveText('Did you mean night?');
  await spelling.getByRole('button', { name: 'night' }).click();
  await expect(heading(page)).toHaveText(/results for “night”/);
  expect(value(await lastSearch(request), 'q')).toBe('night');
  await expect(page).toHaveURL(/\?q=night$/);
});

test('shows a skeleton while loading', async ({ page, request }) => {
  await request.post('/_trove/fail', { data: { path: 'search', delayMs: 4000, times: 1 } });
  await open(page, '?q=night');
  await expect(results(page).locator('[part~="skeleton"]')).toBeVisible();
  await expect(results(page).locator('[part~="base"]')).toHaveAttribute('aria-busy', 'true');
  await expect(heading(page)).toHaveText('Searching…');
  await expect(results(page).locator('[part~="base"][aria-busy="false"]')).toBeVisible({ timeout: 15_000 });
  await expect(results(page).locator('[part~="skeleton"]')).toHaveCount(0);
  await expect(items(page)).toHaveCount(10);
});

test('shows an error with a retry button that works, and sends trove-error', async ({ page, request }) => {
  await request.post('/_trove/fail', { data: { path: 'search', status: 500, times: 1 } });
  await open(page, '?q=night');
  const error = results(page).getByRole('alert');
  await expect(error).toContainText('Search failed');
  const events = await page.evaluate(() => (window as unknown as { troveEvents: { type: string }[] }).troveEvents);
  expect(events.map((e) => e.type)).toContain('trove-error');
  await results(page).getByRole('button', { name: 'Try again' }).click();
  await expect(heading(page)).toHaveText(/results for “night”/);
  await expect(items(page)).toHaveCount(10);
  expect(await searchRequests(request)).toHaveLength(2);
});

test('announces the count in a polite status region', async ({ page }) => {
  await open(page, '?q=night');
  const status = results(page).getByRole('status');
  await expect(status).toHaveAttribute('aria-live', 'polite');
  await expect(status).toHaveText(/^\d+ results for “night”\. Page 1 of \d+$/);
});

test('a clicked result opens its post at the passage that matched, through a text fragment of the snippet', async ({ page }) => {
  await open(page, '?q=ferry');
  await loaded(page);
  const item = items(page).first();
  const snippet = (await item.locator('[part~="result-snippet"]').textContent())!;
  const href = (await item.locator('[part~="result-link"]').getAttribute('href'))!;
  const [path, directive] = href.split('#:~:text=');
  expect(path).toMatch(/^\/posts\/\d+\/[a-z0-9-]+$/);
  // prefix-,start,-suffix: the matched word with its neighbours in the snippet, each percent-encoded.
  const [prefix, start, suffix] = directive.split(',').map((part) => decodeURIComponent(part.replace(/^-|-$/g, '')));
  expect(start.toLowerCase()).toBe('ferry');
  expect(snippet).toContain(`${prefix} ${start}`);
  expect(snippet).toContain(`${start} ${suffix}`);
  await item.locator('[part~="result-link"]').click();
  await page.waitForURL((address) => address.pathname + address.hash === href);
  // The browser finds the passage on the post and scrolls to it.
  await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(0);

  await open(page, '?q=ferry');
  await loaded(page);
  await results(page).evaluate((el) => el.setAttribute('no-text-fragment', ''));
  await expect(items(page).first().locator('[part~="result-link"]')).toHaveAttribute('href', path);
});

test('renders titles as text and image with fixed size, lazily', async ({ page }) => {
  await open(page, '?q=night');
  await loaded(page);
  const image = items(page).locator('img').first();
  await expect(image).toHaveAttribute('loading', 'lazy');
  await expect(image).toHaveAttribute('width', '112');
  await expect(image).toHaveAttribute('height', '84');
  await expect(items(page).first().locator('mark').first()).toHaveText(/night/i);
});

test.describe('narrow screens', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('folds the facets behind a Filters button', async ({ page, request }) => {
    await open(page, '?q=night');
    await loaded(page);
    const toggle = results(page).getByRole('button', { name: 'Filters' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(results(page).locator('[part~="facets"]')).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await facetGroup(page, 'Categories')
      .getByRole('button', { name: /^Photography/ })
      .click();
    await loaded(page);
    expect(values(await lastSearch(request), 'filter')).toEqual(['category:"Photography"']);
    await expect(results(page).getByRole('button', { name: 'Filters (1)' })).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
  });
});

test.describe('accessibility', () => {
  for (const [name, query] of [
    ['results with an active filter', '?q=night&filter=category%3A%22Photography%22&sort=date+desc'],
    ['the empty state', '?q=night&filter=year%3A%221999%22'],
    ['the prompt', ''],
    ['did you mean', '?q=nigt'],
  ] as const) {
    test(`axe finds no violations: ${name}`, async ({ page }) => {
      await open(page, query);
      await expect(results(page).locator('[part~="prompt"], [part~="base"][aria-busy="false"]')).toBeVisible();
      const scan = await new AxeBuilder({ page }).include('trove-search-results').analyze();
      expect(scan.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    });
  }

  test('axe finds no violations in the error state and on a narrow screen with facets open', async ({ page, request }) => {
    await request.post('/_trove/fail', { data: { path: 'search', status: 500, times: 1 } });
    await open(page, '?q=night');
    await expect(results(page).getByRole('alert')).toBeVisible();
    expect((await new AxeBuilder({ page }).include('trove-search-results').analyze()).violations).toEqual([]);
    await page.setViewportSize({ width: 375, height: 800 });
    await results(page).getByRole('button', { name: 'Try again' }).click();
    await loaded(page);
    await results(page).getByRole('button', { name: 'Filters' }).click();
    expect((await new AxeBuilder({ page }).include('trove-search-results').analyze()).violations).toEqual([]);
  });
});

test.describe('screenshots', () => {
  for (const scheme of ['light', 'dark'] as const) {
    for (const width of [1280, 375]) {
      test(`${scheme} at ${width}px`, async ({ page }) => {
        await page.emulateMedia({ colorScheme: scheme });
        await page.setViewportSize({ width, height: 900 });
        await open(page, '?q=night&filter=category%3A%22Photography%22');
        await loaded(page);
        if (width < 600)
          await results(page)
            .getByRole('button', { name: /Filters/ })
            .click();
        const dir = join(process.env.TROVE_OUT_DIR ?? 'test-results', 'screens');
        mkdirSync(dir, { recursive: true });
        await page.screenshot({ path: join(dir, `search-results-${scheme}-${width}.png`), fullPage: true });
        expect(await items(page).count()).toBe(10);
      });
    }
  }
});
