import { expect, test, type Page } from '@playwright/test';

/**
 * <trove-search-box> on a phone (390 px, touch): the input is made for on-screen keyboards, a tap
 * opens the full-screen panel with the input focused in the same tap (so the keyboard rises), the
 * keyboard's Search key searches, and the panel stays over the part of the page the keyboard
 * leaves visible.
 */

const phone = { viewport: { width: 390, height: 760 }, hasTouch: true, isMobile: true };
test.use(phone);

const input = (page: Page) => page.locator('trove-search-box input[role="combobox"]');
const options = (page: Page) => page.locator('trove-search-box [role="option"]');
const panelOpen = (page: Page) =>
  page.locator('trove-search-box').evaluate((host) => host.shadowRoot!.querySelector('[part~="root"]')!.matches(':popover-open'));

test('the input’s text is at least 16 px on narrow screens, whatever the theme’s font size', async ({ page }) => {
  await page.goto('/pages/search-box.html');
  await page.locator('trove-search-box').evaluate((host: HTMLElement) => host.style.setProperty('--trove-font-size', '13px'));
  const fontSize = () => input(page).evaluate((el) => getComputedStyle(el).fontSize);
  expect(await fontSize()).toBe('16px');
  await page.setViewportSize({ width: 1280, height: 800 });
  expect(await fontSize()).toBe('13px');
});

test('the input asks for a Search key and no autocorrection, and keeps password managers away', async ({ page }) => {
  await page.goto('/pages/search-box.html');
  const attributes = await input(page).evaluate((el) => Object.fromEntries([...el.attributes].map((a) => [a.name, a.value])));
  expect(attributes).toMatchObject({
    enterkeyhint: 'search',
    autocapitalize: 'off',
    autocorrect: 'off',
    spellcheck: 'false',
    autocomplete: 'off',
    'data-lpignore': 'true',
    'data-form-type': 'other',
  });
  expect(Object.keys(attributes)).toEqual(expect.arrayContaining(['data-1p-ignore', 'data-bwignore']));
});

for (const target of ['input', 'search-icon'] as const) {
  test(`a tap on the ${target} opens the panel with the input focused within the same tap`, async ({ page }) => {
    await page.addInitScript(() => {
      const w = window as unknown as { focusAtClick: string[] };
      w.focusAtClick = [];
      // The last listener of the tap's click: whatever focuses the input must have done it by now.
      window.addEventListener('click', () => {
        const inner = document.activeElement?.shadowRoot?.activeElement;
        w.focusAtClick.push(`${document.activeElement?.localName}>${inner?.localName}`);
      });
    });
    await page.goto('/pages/search-box.html');
    const where = target === 'input' ? input(page) : page.locator('trove-search-box [part~="search-icon"]');
    await where.tap();
    expect(await page.evaluate(() => (window as unknown as { focusAtClick: string[] }).focusAtClick)).toEqual(['trove-search-box>input']);
    await expect.poll(() => panelOpen(page)).toBe(true);
    await expect(input(page)).toBeFocused();
    await input(page).pressSequentially('pho', { delay: 40 });
    await expect(options(page).first()).toBeVisible();
  });
}

test('the keyboard’s Search key runs the search, after the keyboard commits the word it was composing', async ({ page }) => {
  await page.goto('/pages/search-box.html');
  await input(page).tap();
  await input(page).pressSequentially('night ', { delay: 40 });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.imeSetComposition', { text: 'sky', selectionStart: 3, selectionEnd: 3 });
  await cdp.send('Input.insertText', { text: 'sky' });
  // What Android's and iOS's Search key sends.
  await cdp.send('Input.dispatchKeyEvent', { type: 'rawKeyDown', key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13 });
  await cdp.send('Input.dispatchKeyEvent', { type: 'char', key: 'Enter', text: '\r' });
  await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13 });
  await page.waitForURL(/\/search\?/);
  expect(new URL(page.url()).searchParams.get('q')).toBe('night sky');
});

test('the panel stays over the visual viewport when it shrinks and moves, as under the on-screen keyboard', async ({ page }) => {
  await page.goto('/pages/search-box.html');
  await input(page).tap();
  await input(page).pressSequentially('pho', { delay: 40 });
  await expect(options(page).first()).toBeVisible();
  const measure = () =>
    page.evaluate(() => {
      const r = document.querySelector('trove-search-box')!.shadowRoot!.querySelector('[part~="root"]')!.getBoundingClientRect();
      return {
        top: Math.round(r.top),
        height: Math.round(r.height),
        viewportTop: Math.round(visualViewport!.offsetTop),
        viewportHeight: Math.round(visualViewport!.height),
      };
    });
  expect(await measure()).toEqual({ top: 0, height: 760, viewportTop: 0, viewportHeight: 760 });
  // Chromium cannot raise a keyboard here; zooming shrinks the visual viewport the same way.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setPageScaleFactor', { pageScaleFactor: 2 });
  await expect.poll(measure).toEqual({ top: 0, height: 380, viewportTop: 0, viewportHeight: 380 });
  await page.mouse.move(100, 20);
  await page.mouse.wheel(0, 300);
  await expect.poll(async () => (await measure()).viewportTop).toBeGreaterThan(0);
  const moved = await measure();
  expect(moved.top).toBe(moved.viewportTop);
  expect(moved.height).toBe(380);
  await cdp.send('Emulation.setPageScaleFactor', { pageScaleFactor: 1 });
});

test.describe('at 390×844', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('Back to the results after opening one with the Filters panel open shows that result, with the panel open', async ({ page }) => {
    await page.goto('/search?q=recipe');
    const results = page.locator('trove-search-results');
    await expect(results.locator('[part~="base"][aria-busy="false"]')).toBeVisible();
    const toggle = results.locator('[part~="facets-toggle"]');
    await toggle.tap();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(results.locator('[part~="facets"]')).toBeVisible();
    // The sixth result, scrolled to the middle of the screen below the open panel.
    const link = results.locator('[part~="result-link"]').nth(5);
    const title = (await link.textContent())!;
    await link.evaluate((el) => window.scrollTo(0, window.scrollY + el.getBoundingClientRect().top - window.innerHeight / 2));
    const left = await page.evaluate(() => window.scrollY);
    expect(left).toBeGreaterThan(600);
    await link.tap();
    await page.waitForURL(/\/posts\//);
    await page.goBack();

    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const back = results.locator('[part~="result-link"]').nth(5);
    await expect(back).toHaveText(title);
    await expect(back).toBeInViewport({ ratio: 1 });
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - left)).toBeLessThan(40);
  });
});
