import { expect, test, type Page } from '@playwright/test';
import { holdBack } from './holdBack.ts';

/**
 * The first visit (issue 22): `<trove-search-box>` can be typed into before its code arrives
 * (the loader's early field, src/elements/renderEarlyField.ts, or the page's own fallback form),
 * and the box takes it over without losing a key. The element's chunks are held back here until
 * the test lets them through.
 */

const early = (page: Page) => page.getByRole('searchbox', { name: 'Search' });
const box = (page: Page) => page.getByRole('combobox');
const options = (page: Page) => page.locator('trove-search-box [role="option"]');
const selection = (page: Page) => box(page).evaluate((el: HTMLInputElement) => [el.selectionStart, el.selectionEnd, el.selectionDirection]);

async function lastAutocompleteQuery(page: Page): Promise<string | undefined> {
  const log = (await (await page.request.get('/_trove/requests')).json()) as { path: string; query: [string, string][] }[];
  const sent = log.filter((r) => /\/autocomplete\/?$/.test(r.path));
  return sent.at(-1)?.query.find(([name]) => name === 'q')?.[1];
}

test.beforeEach(async ({ request }) => {
  await request.delete('/_trove/requests');
});

test('text, caret, selection and focus typed before the code arrives carry over, and its suggestions show', async ({ page }) => {
  const release = await holdBack(page, '**/dist/chunks/**');
  await page.goto('/pages/search-box.html');
  await early(page).click();
  await page.keyboard.type('raised bed', { delay: 20 });
  for (let i = 0; i < 2; i++) await page.keyboard.press('ArrowLeft');
  for (let i = 0; i < 3; i++) await page.keyboard.press('Shift+ArrowLeft');
  await expect(box(page)).toHaveCount(0);

  release();
  await expect(box(page)).toHaveValue('raised bed');
  await expect(box(page)).toBeFocused();
  expect(await selection(page)).toEqual([5, 8, 'backward']);
  // Suggestions for the text already there, without another key.
  await expect(options(page).first()).toBeVisible();
  expect(await lastAutocompleteQuery(page)).toBe('raised bed');
  // The next key goes where the caret was: it replaces the selection.
  await page.keyboard.type('X');
  await expect(box(page)).toHaveValue('raiseXed');
});

test('keys typed while the box takes the field over are all kept, then the whole text’s suggestions show', async ({ page }) => {
  await page.addInitScript(() => {
    const w = window as unknown as { keys: number[]; upgradedAt: number };
    w.keys = [];
    w.upgradedAt = 0;
    document.addEventListener('input', () => w.keys.push(performance.now()), true);
    (function poll() {
      if (document.querySelector('trove-search-box')?.shadowRoot?.querySelector('[role="combobox"]')) w.upgradedAt = performance.now();
      else requestAnimationFrame(poll);
    })();
  });
  const release = await holdBack(page, '**/dist/chunks/**');
  await page.goto('/pages/search-box.html');
  await early(page).click();
  await page.keyboard.type('raised', { delay: 40 });
  release();
  await page.keyboard.type(' vegetable garden', { delay: 60 });

  await expect(box(page)).toHaveValue('raised vegetable garden');
  await expect(box(page)).toBeFocused();
  const { keys, upgradedAt } = await page.evaluate(() => {
    const { keys, upgradedAt } = window as unknown as { keys: number[]; upgradedAt: number };
    return { keys, upgradedAt };
  });
  // The upgrade did come in the middle of the typing.
  expect(upgradedAt).toBeGreaterThan(keys[0]);
  expect(upgradedAt).toBeLessThan(keys.at(-1)!);
  await expect.poll(() => lastAutocompleteQuery(page)).toBe('raised vegetable garden');
});

test('Enter before the code arrives goes to the results page with the text as q', async ({ page }) => {
  await holdBack(page, '**/dist/chunks/**');
  await page.goto('/pages/search-box.html');
  await early(page).fill('night sky');
  await early(page).press('Enter');
  await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === 'night sky');
});

test("with the box's query-param (WordPress's s) too, what is typed before the code arrives carries over", async ({ page }) => {
  const release = await holdBack(page, '**/dist/chunks/**');
  await page.goto('/pages/search-box.html?query-param=s&intent');
  await early(page).click();
  await page.keyboard.type('night sky');
  release();
  await expect(box(page)).toHaveValue('night sky');
  await expect(box(page)).toBeFocused();
});

test("Enter before the code arrives sends the text as the box's query-param (WordPress's s)", async ({ page }) => {
  await holdBack(page, '**/dist/chunks/**');
  await page.goto('/pages/search-box.html?query-param=s');
  await early(page).fill('night sky');
  await early(page).press('Enter');
  await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('s') === 'night sky' && !url.searchParams.has('q'));
});

test("a theme's search page: the fallback form holds the query, the box takes it over and opens nothing the reader did not ask for", async ({
  page,
}) => {
  // As WordPress prints it on /?s=night: the theme's form, with the query as its value, inside the box.
  await page.route('**/pages/theme-search.html*', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Search results for night</title>
<script src="/dist/trove.js" data-base-url="/" data-project="demo" data-collection="blog" data-token="dev-token" defer></script></head>
<body><header><trove-search-box query-param="s" results-url="/pages/theme-search.html"><form role="search" action="/pages/theme-search.html">
<input type="search" name="s" value="night"></form></trove-search-box></header><main><h1>Search results for night</h1></main></body></html>`,
    }),
  );
  await page.goto('/pages/theme-search.html?s=night');
  // The pointer passing over the field brings the box's code (no focus, no key).
  await expect(early(page)).toHaveValue('night');
  await early(page).hover();
  await expect(box(page)).toHaveValue('night');
  await page.waitForTimeout(500);
  await expect(box(page)).toHaveAttribute('aria-expanded', 'false');
  await expect(options(page)).toHaveCount(0);
  await expect(page.getByText('No suggestions')).toBeHidden();
});

test('with a query-param (WordPress’s s) the box takes the early field over as well: one field, the text kept', async ({ page }) => {
  const release = await holdBack(page, '**/dist/chunks/**');
  await page.goto('/pages/search-box.html?query-param=s');
  await early(page).fill('raised bed');
  release();
  await expect(box(page)).toHaveValue('raised bed');
  await expect(box(page)).toBeFocused();
  await expect(early(page)).toHaveCount(0);
  expect(await page.locator('trove-search-box').evaluate((el) => el.shadowRoot!.querySelectorAll('input').length)).toBe(1);
});

for (const width of [1280, 390]) {
  test(`nothing moves when the box takes the field over, at ${width} px in 14px text (on a phone the text is 16px before and after, so iOS does not zoom in)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    const release = await holdBack(page, '**/dist/chunks/**');
    await page.goto('/pages/search-box.html');
    await page.addStyleTag({ content: 'trove-search-box { font-size: 14px }' });
    await expect(early(page)).toBeVisible();
    await page.evaluate(() => {
      const w = window as unknown as { shifted: number };
      w.shifted = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.shifted += (entry as PerformanceEntry & { value: number }).value;
      }).observe({ type: 'layout-shift' });
    });
    const host = page.locator('trove-search-box');
    const fontSize = (input: ReturnType<typeof box>) => input.evaluate((el) => getComputedStyle(el).fontSize);
    const before = { host: await host.boundingBox(), input: await early(page).boundingBox(), font: await fontSize(early(page)) };
    expect(before.font).toBe(width < 640 ? '16px' : '14px');
    release();
    await expect(box(page)).toBeVisible();
    const after = { host: await host.boundingBox(), input: await box(page).boundingBox(), font: await fontSize(box(page)) };
    expect(after.host).toEqual(before.host);
    expect(after.font).toBe(before.font);
    for (const side of ['x', 'y', 'height'] as const)
      expect(Math.abs(after.input![side] - before.input![side]), side).toBeLessThanOrEqual(1);
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as unknown as { shifted: number }).shifted)).toBe(0);
  });
}

test('the early field takes the page’s colours, not the system’s: light text on a dark theme set by the page while the system is light, and a visible focus ring', async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await holdBack(page, '**/dist/chunks/**');
  await page.goto('/pages/search-box.html');
  await page.addStyleTag({
    content: 'html, body { background: rgb(17, 17, 17) !important } body, body * { color: rgb(238, 238, 238) !important }',
  });
  await expect(early(page)).toBeVisible();
  const look = () =>
    early(page).evaluate((input) => {
      const form = input.closest('form')!;
      return {
        text: getComputedStyle(input).color,
        background: getComputedStyle(form).backgroundColor,
        ring: getComputedStyle(form).outlineStyle,
      };
    });
  expect(await look()).toMatchObject({ text: 'rgb(238, 238, 238)', background: 'rgba(0, 0, 0, 0)', ring: 'none' });
  await page.keyboard.press('Tab');
  await expect(early(page)).toBeFocused();
  expect((await look()).ring).not.toBe('none');
});

test('before the upgrade a labelled search field, after it a combobox whose listbox is in the same tree', async ({ page }) => {
  const release = await holdBack(page, '**/dist/chunks/**');
  await page.goto('/pages/search-box.html');
  await expect(early(page)).toBeVisible();
  await expect(box(page)).toHaveCount(0);
  release();
  await box(page).fill('garden');
  await expect(options(page).first()).toBeVisible();
  const controlled = await box(page).evaluate((input) => {
    const root = input.getRootNode() as ShadowRoot;
    return root.getElementById(input.getAttribute('aria-controls')!)?.getAttribute('role');
  });
  expect(controlled).toBe('listbox');
});

test('the loader opens the connection to the service at once (preconnect)', async ({ page, baseURL }) => {
  await holdBack(page, '**/dist/chunks/**');
  await page.goto('/pages/search-box.html');
  await expect(early(page)).toBeVisible();
  const hint = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="preconnect"]')].map((l) => [l.href, l.crossOrigin]),
  );
  expect(hint).toContainEqual([`${baseURL}/`, 'anonymous']);
});

test.describe('the page’s fallback form', () => {
  test('searches with no JavaScript at all', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      await page.goto('/pages/first-visit.html');
      await early(page).fill('night sky');
      await early(page).press('Enter');
      await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === 'night sky');
    } finally {
      await context.close();
    }
  });

  test('what is typed into it before the script runs carries over to the box', async ({ page }) => {
    const script = await holdBack(page, '**/dist/trove.js');
    const chunks = await holdBack(page, '**/dist/chunks/**');
    await page.goto('/pages/first-visit.html', { waitUntil: 'commit' });
    await early(page).click();
    await page.keyboard.type('garden');
    script();
    // The page's field is hidden now (not slotted), the loader's shows what was typed.
    await expect.poll(() => page.evaluate(() => document.querySelector('trove-search-box > form > input')?.checkVisibility())).toBe(false);
    await expect(early(page)).toHaveValue('garden');
    await expect(early(page)).toBeFocused();
    chunks();
    await expect(box(page)).toHaveValue('garden');
    await expect(box(page)).toBeFocused();
    await expect(options(page).first()).toBeVisible();
  });
});

test('an IME composition in progress when the code arrives is finished in the early field, then taken over', async ({ page }) => {
  const release = await holdBack(page, '**/dist/chunks/**');
  await page.goto('/pages/search-box.html');
  await early(page).click();
  await page.keyboard.type('crab ');
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.imeSetComposition', { text: 'か', selectionStart: 1, selectionEnd: 1 });
  release();
  // The code has arrived, but the box waits for the end of the composition.
  await page.waitForResponse('**/dist/chunks/trove-search-box.js');
  await page.waitForTimeout(500);
  await expect(box(page)).toHaveCount(0);
  await expect(early(page)).toBeFocused();
  await cdp.send('Input.insertText', { text: '蟹' });
  await expect(box(page)).toHaveValue('crab 蟹');
  await expect(box(page)).toBeFocused();
});
