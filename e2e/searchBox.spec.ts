import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

/**
 * <trove-search-box> in Chromium against the local service (e2e/server.ts) through the built
 * dist/trove.js on e2e/pages/search-box.html (attributes from the query string). The service's
 * own logs (/_trove/requests, /_trove/feedback) say exactly what arrived.
 */

interface ServiceRequest {
  method: string;
  path: string;
  query: [string, string][];
  body: unknown;
}
interface ServiceFeedback {
  kind: 'autocomplete' | 'recommendation';
  handler: string | null;
  params: Record<string, string>;
}

const AUTOCOMPLETE = '/api/v2/projects/demo/collections/blog/autocomplete/';
const FEEDBACK = '/api/v2/projects/demo/collections/blog/autocomplete/feedback/hits';

async function serviceRequests(request: APIRequestContext): Promise<ServiceRequest[]> {
  return (await (await request.get('/_trove/requests')).json()) as ServiceRequest[];
}
async function autocompleteRequests(request: APIRequestContext): Promise<ServiceRequest[]> {
  return (await serviceRequests(request)).filter((r) => /\/autocomplete\/?[^/]*$/.test(r.path) && !r.path.includes('feedback'));
}
async function autocompleteFeedback(request: APIRequestContext): Promise<ServiceFeedback[]> {
  return ((await (await request.get('/_trove/feedback')).json()) as ServiceFeedback[]).filter((f) => f.kind === 'autocomplete');
}
const param = (r: ServiceRequest, name: string) => r.query.find(([k]) => k === name)?.[1];
const params = (r: ServiceRequest, name: string) => r.query.filter(([k]) => k === name).map(([, v]) => v);

const input = (page: Page) => page.locator('trove-search-box input[role="combobox"]');
const options = (page: Page) => page.locator('trove-search-box [role="option"]');
const activeOption = (page: Page) => page.locator('trove-search-box [role="option"][aria-selected="true"]');

async function open(page: Page, query = '') {
  await page.goto(`/pages/search-box.html${query}`);
  await expect(input(page)).toBeVisible();
}

/** Type like a person: one key at a time. */
async function type(page: Page, text: string, delay = 40) {
  await input(page).click();
  await input(page).pressSequentially(text, { delay });
}

test.beforeEach(async ({ page, request }) => {
  await page.addInitScript(() => {
    const w = window as unknown as { troveInputTimes: number[] };
    w.troveInputTimes = [];
    document.addEventListener('input', () => w.troveInputTimes.push(performance.now()), true);
  });
  await request.delete('/_trove/requests');
  await request.delete('/_trove/feedback');
  await request.delete('/_trove/fail');
});

test('shows grouped suggestions for typed text, with the typed text highlighted, from one debounced request', async ({ page, request }) => {
  await open(page);
  await type(page, 'phone camera');
  await expect(input(page)).toHaveAttribute('aria-expanded', 'true');
  await expect(options(page).first()).toBeVisible();
  const groups = page.locator('trove-search-box [role="listbox"] [role="group"]');
  expect(await groups.evaluateAll((els) => els.map((g) => g.getAttribute('aria-label')))).toEqual(expect.arrayContaining(['Posts']));
  await expect(page.locator('trove-search-box [part~="option-navigational"] mark').first()).toBeVisible();

  // One request per pause in the typing of at least the debounce (100 ms): under load a key can come late.
  const gaps = await page.evaluate(() => {
    const times = (window as unknown as { troveInputTimes: number[] }).troveInputTimes;
    return times.slice(1).map((t, i) => t - times[i]);
  });
  const sent = await autocompleteRequests(request);
  expect(sent.length).toBeLessThanOrEqual(1 + gaps.filter((gap) => gap >= 100).length);
  const last = sent[sent.length - 1];
  expect(last.method).toBe('GET');
  expect(last.path).toBe(AUTOCOMPLETE);
  expect(param(last, 'q')).toBe('phone camera');
  expect(param(last, 'token')).toBe('dev-token');
  expect(param(last, 'session_id')).toMatch(/\S{8,}/);
});

test('moves through the options with the keyboard while the focus stays in the input', async ({ page }) => {
  await open(page);
  await type(page, 'pho');
  await expect(options(page).first()).toBeVisible();
  const count = await options(page).count();
  await expect(input(page)).not.toHaveAttribute('aria-activedescendant');
  await page.keyboard.press('ArrowDown');
  const firstId = await options(page).nth(0).getAttribute('id');
  await expect(input(page)).toHaveAttribute('aria-activedescendant', firstId!);
  await page.keyboard.press('ArrowDown');
  await expect(activeOption(page)).toHaveCount(1);
  await expect(activeOption(page)).toHaveAttribute('id', (await options(page).nth(1).getAttribute('id'))!);
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(input(page)).not.toHaveAttribute('aria-activedescendant');
  await page.keyboard.press('ArrowUp');
  await expect(activeOption(page)).toHaveAttribute(
    'id',
    (await options(page)
      .nth(count - 1)
      .getAttribute('id'))!,
  );
  expect(
    await page.evaluate(() => `${document.activeElement?.localName}>${document.activeElement?.shadowRoot?.activeElement?.localName}`),
  ).toBe('trove-search-box>input');
  // Home/End stay with the text.
  await page.keyboard.press('Home');
  await expect(input(page)).not.toHaveAttribute('aria-activedescendant');
  expect(await input(page).evaluate((el: HTMLInputElement) => el.selectionStart)).toBe(0);
  await page.keyboard.press('Escape');
  await expect(input(page)).toHaveAttribute('aria-expanded', 'false');
  await expect(input(page)).toHaveValue('pho');
  await page.keyboard.press('Escape');
  await expect(input(page)).toHaveValue('');
});

test('marks only the active option: its icon takes the accent colour, the others stay muted', async ({ page }) => {
  await open(page);
  await type(page, 'pho');
  await expect(options(page).nth(1)).toBeVisible();
  const iconColors = () => options(page).evaluateAll((els) => els.map((el) => getComputedStyle(el.querySelector('.option-icon')!).color));
  const muted = await iconColors();
  expect(new Set(muted).size).toBe(1);
  await page.keyboard.press('ArrowDown');
  await expect(activeOption(page)).toHaveAttribute('id', (await options(page).nth(0).getAttribute('id'))!);
  const [active, ...others] = await iconColors();
  expect(active).not.toBe(muted[0]);
  expect(others).toEqual(muted.slice(1));
});

test('goes to a navigational suggestion chosen with Enter, and its feedback arrives although the page navigated away', async ({
  page,
  request,
}) => {
  await open(page);
  await type(page, 'pho');
  await expect(options(page).first()).toBeVisible();
  const kinds = await options(page).evaluateAll((els) => els.map((el) => (el.getAttribute('part') ?? '').includes('option-navigational')));
  const index = kinds.indexOf(true);
  for (let i = 0; i <= index; i++) await page.keyboard.press('ArrowDown');
  const href = (await activeOption(page).getAttribute('href'))!;
  // The link opens the post at the words that matched (a text fragment); feedback names the post.
  expect(href).toMatch(/^\/posts\/\d+\/[^#]+#:~:text=/);
  const url = href.split('#')[0];
  await page.keyboard.press('Enter');
  await page.waitForURL((address) => address.pathname + address.hash === href);

  await expect.poll(async () => (await autocompleteFeedback(request)).length).toBe(1);
  const [feedback] = await autocompleteFeedback(request);
  const id = href.split('/')[2];
  expect(feedback.handler).toBeNull();
  expect(feedback.params).toMatchObject({ query: 'pho', item_id: id, item_order: String(index + 1), url });
  const lookup = (await autocompleteRequests(request)).at(-1)!;
  const posted = (await serviceRequests(request)).find((r) => r.path === FEEDBACK)!;
  expect(param(posted, 'token')).toBe('dev-token');
  // Sent with the session of the lookup; the service counts it through a daily hash and does not keep it.
  expect(new URLSearchParams(String(posted.body ?? '')).get('session_id')).toBe(param(lookup, 'session_id'));
  expect(feedback.params).not.toHaveProperty('session_id');
});

test('a clicked post suggestion opens the post at its matched words (a text fragment), and the feedback url has none', async ({
  page,
  request,
}) => {
  await open(page);
  await type(page, 'sourdough');
  const suggestion = page.locator('trove-search-box [part~="option-navigational"]').first();
  await expect(suggestion).toBeVisible();
  const title = (await suggestion.locator('[part~="option-title"]').textContent())!;
  const word = /sourdough/i.exec(title)![0];
  const href = (await suggestion.getAttribute('href'))!;
  expect(href).toMatch(new RegExp(`^/posts/\\d+/[^#]+#:~:text=(?:[^,&]+-,)?${word}(?:,-[^,&]+)?$`));
  await suggestion.click();
  await page.waitForURL((address) => address.pathname + address.hash === href);
  await expect(page.locator('h1')).toHaveText(title);

  await expect.poll(async () => (await autocompleteFeedback(request)).length).toBe(1);
  const [feedback] = await autocompleteFeedback(request);
  expect(feedback.params.url).toBe(href.split('#')[0]);
});

test('no-text-fragment keeps post suggestions linking to the post as it is', async ({ page }) => {
  await open(page, '?no-text-fragment');
  await type(page, 'sourdough');
  const suggestion = page.locator('trove-search-box [part~="option-navigational"]').first();
  await expect(suggestion).toBeVisible();
  expect(await suggestion.getAttribute('href')).toMatch(/^\/posts\/\d+\/[a-z0-9-]+$/);
});

test('a filter suggestion becomes a chip and a search with a repeated filter parameter, with feedback of its position', async ({
  page,
  request,
}) => {
  await open(page, '?results-url=/search');
  await type(page, 'pho');
  const chip = page.locator('trove-search-box [part~="option-filter"]').first();
  await expect(chip).toBeVisible();
  const position =
    (await options(page).evaluateAll((els) => els.findIndex((el) => (el.getAttribute('part') ?? '').includes('option-filter')))) + 1;
  await chip.click();
  await page.waitForURL(/\/search\?/);
  const url = new URL(page.url());
  expect(url.searchParams.getAll('filter')).toEqual(['category:"Photography"']);
  expect(url.searchParams.has('q')).toBe(false);

  await expect.poll(async () => (await autocompleteFeedback(request)).length).toBe(1);
  const [feedback] = await autocompleteFeedback(request);
  expect(feedback.params.item_order).toBe(String(position));
  expect(feedback.params.query).toBe('pho');
  expect(feedback.params.item_id).toBeUndefined();
});

test('active filter chips narrow the suggestions (each sent as a repeated filter) and Backspace removes the last one', async ({
  page,
  request,
}) => {
  await open(page, '?cancel-search');
  await type(page, 'pho');
  await page.locator('trove-search-box [part~="option-filter"]').first().click();
  const chips = page.locator('trove-search-box [part~="chip"]');
  await expect(chips).toHaveCount(1);
  await expect(chips.first()).toContainText('Category: Photography');
  await request.delete('/_trove/requests');
  await input(page).pressSequentially('food', { delay: 40 });
  await expect(options(page).first()).toBeVisible();
  await expect.poll(async () => (await autocompleteRequests(request)).length).toBeGreaterThan(0);
  const sent = (await autocompleteRequests(request)).at(-1)!;
  expect(params(sent, 'filter')).toEqual(['category:"Photography"']);
  expect(param(sent, 'q')).toBe('food');
  await input(page).fill('');
  await page.keyboard.press('Backspace');
  await expect(chips).toHaveCount(0);
  expect(
    await page.evaluate(
      () => (window as unknown as { troveEvents: { type: string }[] }).troveEvents.filter((e) => e.type === 'trove-search').length,
    ),
  ).toBe(2);
});

test('Enter with nothing chosen searches for the text on the results page', async ({ page }) => {
  await open(page);
  await type(page, 'night sky');
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/search\?/);
  expect(new URL(page.url()).searchParams.get('q')).toBe('night sky');
});

test('a cancelled trove-search or trove-select keeps the page', async ({ page }) => {
  await open(page, '?cancel-search&cancel-select');
  await type(page, 'pho');
  await expect(options(page).first()).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(input(page)).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('ArrowDown'); // opens again (and asks again: the search changed the context)
  await expect(options(page).first()).toBeVisible();
  if ((await activeOption(page).count()) === 0) await page.keyboard.press('ArrowDown');
  await expect(activeOption(page)).toHaveCount(1);
  await page.keyboard.press('Enter');
  await page.waitForTimeout(300);
  expect(new URL(page.url()).pathname).toBe('/pages/search-box.html');
  const events = await page.evaluate(() => (window as unknown as { troveEvents: { type: string }[] }).troveEvents.map((e) => e.type));
  expect(events).toEqual(['trove-search', 'trove-select']);
});

test('Ctrl+click and middle-click open a suggestion in a new tab, and both send feedback', async ({ page, context, request }) => {
  await open(page);
  await type(page, 'pho');
  const link = page.locator('trove-search-box a[role="option"]').first();
  // The answer for "pho", not one for "p" or "ph" still shown on a slow machine.
  await expect(link.locator('mark').first()).toHaveText(/^pho$/i);
  // The post's address, without the text fragment the link adds (feedback never has one).
  const href = (await link.getAttribute('href'))!.split('#')[0];
  const [tab] = await Promise.all([context.waitForEvent('page'), link.click({ modifiers: ['ControlOrMeta'] })]);
  await tab.waitForLoadState();
  expect(new URL(tab.url()).pathname).toBe(href);
  await tab.close();
  const [tab2] = await Promise.all([context.waitForEvent('page'), link.click({ button: 'middle' })]);
  await tab2.waitForLoadState();
  expect(new URL(tab2.url()).pathname).toBe(href);
  await tab2.close();
  expect(new URL(page.url()).pathname).toBe('/pages/search-box.html');
  await expect.poll(async () => (await autocompleteFeedback(request)).length).toBe(2);
  for (const f of await autocompleteFeedback(request)) expect(f.params.url).toBe(href);
});

test('keys of an IME composition never select', async ({ page }) => {
  await open(page);
  await type(page, 'pho');
  await expect(options(page).first()).toBeVisible();
  await page.keyboard.press('ArrowDown');
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.imeSetComposition', { text: 'と', selectionStart: 1, selectionEnd: 1 });
  // Enter and arrows that the IME uses to convert and confirm: isComposing, and keyCode 229.
  await input(page).evaluate((el) => {
    el.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', isComposing: true, bubbles: true, cancelable: true, composed: true }));
    el.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', keyCode: 229, bubbles: true, cancelable: true, composed: true }));
    el.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', keyCode: 229, bubbles: true, cancelable: true, composed: true }));
  });
  await cdp.send('Input.insertText', { text: 'と' });
  await page.waitForTimeout(200);
  expect(new URL(page.url()).pathname).toBe('/pages/search-box.html');
  await expect(input(page)).toHaveValue('phoと');
  expect(await page.evaluate(() => (window as unknown as { troveEvents: unknown[] }).troveEvents)).toEqual([]);
});

test('below 640 px the open box is a full-screen panel with a close button, and the page behind does not scroll', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 700 });
  await open(page);
  const close = page.locator('trove-search-box [part~="close-button"]');
  await expect(close).toBeHidden();
  await input(page).click();
  await input(page).pressSequentially('pho', { delay: 40 });
  await expect(options(page).first()).toBeVisible();
  await expect(close).toBeVisible();
  const rect = await page.locator('trove-search-box [part~="root"]').boundingBox();
  expect(rect).toEqual({ x: 0, y: 0, width: 375, height: 700 });
  if (process.env.TROVE_SHOTS_DIR) await page.screenshot({ path: `${process.env.TROVE_SHOTS_DIR}/box-panel.png` });
  // On the panel's own padding, outside the list (a wheel over the list scrolls the list alone).
  await page.mouse.move(5, 5);
  await page.mouse.wheel(0, 800);
  await page.waitForTimeout(200);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await close.click();
  await expect(close).toBeHidden();
  await expect(input(page)).toHaveAttribute('aria-expanded', 'false');
  await page.mouse.wheel(0, 800);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
});

test('axe finds no violation with the list open', async ({ page }) => {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await open(page);
    await type(page, 'pho');
    await expect(options(page).first()).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await page.waitForTimeout(500);
    const results = await new AxeBuilder({ page }).include('trove-search-box').analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  }
});

test('announces the number of suggestions in one polite status region', async ({ page }) => {
  await open(page);
  await type(page, 'pho');
  const status = page.locator('trove-search-box [role="status"]');
  await expect(status).toHaveCount(1);
  await expect(status).toHaveAttribute('aria-live', 'polite');
  await expect(status).toHaveAttribute('aria-atomic', 'true');
  await expect(status).toHaveText(/^\d+ suggestions available\.$/);
});

test('recent searches show on focus with an empty input, and can be removed', async ({ page }) => {
  await open(page);
  await type(page, 'night sky');
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/search\?/);
  await open(page);
  await input(page).click();
  const group = page.locator('trove-search-box [role="group"][aria-label="Recent searches"]');
  await expect(group).toBeVisible();
  await expect(options(page)).toHaveText(['night sky', 'Clear recent searches']);
  await page.locator('trove-search-box [part~="recent-remove"]').first().click();
  await expect(group).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('trove:recent:demo/blog'))).toBeNull();
});

test('a failure shows a quiet message, emits trove-error, and the next key recovers', async ({ page, request }) => {
  await request.post('/_trove/fail', { data: { path: 'autocomplete', status: 500, times: 1 } });
  await open(page);
  await input(page).fill('pho'); // one input event: one request, the one that fails
  await expect(page.locator('trove-search-box [part~="notice"]')).toHaveText(
    'Suggestions are unavailable right now. Press Enter to search.',
  );
  expect(await page.evaluate(() => (window as unknown as { troveEvents: { type: string; name: string }[] }).troveEvents)).toEqual([
    { type: 'trove-error', name: 'ApiError' },
  ]);
  await input(page).pressSequentially('t', { delay: 40 });
  await expect(options(page).first()).toBeVisible();
});

test('a highlighted word in a long title shows whole or not at all: no part of its mark past the ellipsis', async ({ page }) => {
  await page.goto('/pages/search-box.html');
  await input(page).fill('garden');
  await expect(options(page).first()).toBeVisible();
  // At each width, every mark in an option's title lies inside the title's box (on its one line)
  // or entirely below it (on a line that is not shown). A mark across the title's edge is what
  // left a sliver of highlight past the ellipsis.
  const across: string[] = [];
  for (let width = 360; width <= 900; width += 15) {
    await page.setViewportSize({ width, height: 800 });
    across.push(
      ...(await page.evaluate((width) => {
        const root = document.querySelector('trove-search-box')!.shadowRoot!;
        return [...root.querySelectorAll('[part~="option-title"] mark')].flatMap((mark) => {
          const title = mark.parentElement!.getBoundingClientRect();
          const box = mark.getBoundingClientRect();
          const inside = box.right <= title.right + 0.5 && box.bottom <= title.bottom + 0.5;
          const below = box.top >= title.bottom - 0.5;
          return inside || below ? [] : [`${width}px: ${mark.parentElement!.textContent}`];
        });
      }, width)),
    );
  }
  expect(across).toEqual([]);
});

test('hostile suggestion data is shown as text and never becomes a javascript: link', async ({ page, request }) => {
  const hostile = 'Zebrafish <img src=x onerror="window.__pwned=1">';
  const indexed = await request.post('/api/v2/projects/demo/collections/blog/documents?token=dev-token', {
    data: [
      { id: 9001, title: hostile, content: 'zebrafish', url: '/posts/9001/zebrafish', date: '2024-01-01T00:00:00Z', category: ['Notes'] },
      {
        id: 9002,
        title: 'Zebrafish trick',
        content: 'zebrafish',
        url: 'javascript:window.__pwned=2',
        date: '2024-01-01T00:00:00Z',
        category: ['Notes'],
      },
    ],
  });
  expect(indexed.ok()).toBe(true);
  await open(page);
  await type(page, 'zebrafish');
  await expect(options(page).filter({ hasText: '<img src=x' })).toHaveCount(1);
  expect(await page.locator('trove-search-box img').count()).toBe(0);
  const hrefs = await page.locator('trove-search-box [role="option"][href]').evaluateAll((els) => els.map((el) => el.getAttribute('href')));
  expect(hrefs.some((h) => /javascript/i.test(h ?? ''))).toBe(false);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
});

test('the shortcut focuses the box, but not while typing in another field', async ({ page }) => {
  await open(page, '?shortcut=/%20mod%2Bk');
  await page.locator('#other').click();
  await page.keyboard.press('/');
  await expect(page.locator('#other')).toHaveValue('/');
  await page.locator('h1').click();
  await page.keyboard.press('/');
  await expect(input(page)).toBeFocused();
  await expect(input(page)).toHaveValue('');
  await page.locator('h1').click();
  await page.keyboard.press('ControlOrMeta+k');
  await expect(input(page)).toBeFocused();
});

test('sends no feedback with no-analytics, and only q in v1 with the list trimmed to limit', async ({ page, request }) => {
  await open(page, '?no-analytics');
  await type(page, 'pho');
  await page.locator('trove-search-box a[role="option"]').first().click();
  await page.waitForURL(/\/posts\//);
  await open(page, '?api-version=v1&limit=3&sort=date%20desc&filter=category:%22Notes%22');
  await type(page, 'pho');
  await expect(options(page)).toHaveCount(3);
  const v1 = (await autocompleteRequests(request)).filter((r) => r.path.startsWith('/api/v1/'));
  expect(v1.length).toBeGreaterThan(0);
  for (const r of v1) {
    expect(r.path).toBe('/api/v1/demo/collections/blog/autocomplete/');
    expect(r.query.map(([k]) => k).sort()).toEqual(['q', 'session_id', 'token']);
  }
  await page.locator('trove-search-box a[role="option"]').first().click();
  await page.waitForURL(/\/posts\//);
  await page.waitForTimeout(300);
  expect(await autocompleteFeedback(request)).toEqual([]);
  expect((await serviceRequests(request)).filter((r) => r.path.includes('feedback'))).toEqual([]);
});

test('works with touch: tap to open, tap a suggestion to go there', async ({ browser, request }) => {
  const context = await browser.newContext({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 760 } });
  const page = await context.newPage();
  await open(page);
  await input(page).tap();
  await input(page).pressSequentially('pho', { delay: 40 });
  const link = page.locator('trove-search-box a[role="option"]').first();
  await expect(link).toBeVisible();
  const href = (await link.getAttribute('href'))!;
  await link.tap();
  await page.waitForURL(`**${href}`);
  await expect.poll(async () => (await autocompleteFeedback(request)).length).toBe(1);
  await context.close();
});

test('on a page with <trove-search-results>, searches update it in place and its filters show as chips in the box', async ({ page }) => {
  await page.goto('/search?q=photo&filter=category%3A%22Photography%22');
  await expect(input(page)).toHaveValue('photo');
  await expect(page.locator('trove-search-box [part~="chip"]')).toHaveText(['Category: Photography']);
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  await input(page).fill('food');
  await page.keyboard.press('Enter');
  await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('food');
  expect(new URL(page.url()).searchParams.getAll('filter')).toEqual(['category:"Photography"']);
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1); // no reload
});
