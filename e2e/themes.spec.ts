import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';

/**
 * <trove-search-box> on pages built like the themes it is dropped into (e2e/pages/theme.html and
 * the demo blog's own header), at 1280 px and at 390 px on a touch phone: the list and the
 * narrow-screen panel are in the top layer, so no ancestor's overflow, transform, filter,
 * containment or stacking context clips or covers them.
 */

const layouts = ['sticky-blur', 'overflow', 'transform', 'z-index', 'contain'] as const;
const wide = { width: 1280, height: 800 };
const narrow = { width: 390, height: 760 };

const input = (page: Page) => page.locator('trove-search-box input[role="combobox"]');
const options = (page: Page) => page.locator('trove-search-box [role="option"]');

/** `elementFromPoint` through open shadow roots: the element a tap at (x, y) reaches. */
type DeepHitWindow = { troveDeepHit: (x: number, y: number) => Element | null };

/** Gives every page of `target` `troveDeepHit`, before its own scripts (the checks below call it). */
function installDeepHit(target: Page | BrowserContext) {
  return target.addInitScript(() => {
    (window as unknown as DeepHitWindow).troveDeepHit = (x, y) => {
      let hit = document.elementFromPoint(x, y);
      while (hit?.shadowRoot) {
        const inner = hit.shadowRoot.elementFromPoint(x, y);
        if (!inner || inner === hit) break;
        hit = inner;
      }
      return hit;
    };
  });
}

async function openPage(browser: Browser, size: typeof wide, url: string) {
  const phone = size.width < 640;
  const context = await browser.newContext({ viewport: size, hasTouch: phone, isMobile: phone });
  await installDeepHit(context);
  const page = await context.newPage();
  await page.goto(url);
  await expect(input(page)).toBeVisible();
  if (phone) await input(page).tap();
  else await input(page).click();
  await input(page).pressSequentially('pho', { delay: 40 });
  await expect(options(page).first()).toBeVisible();
  await expect(options(page)).not.toHaveCount(0);
  await page.waitForTimeout(150); // let the list settle (layout, position)
  return { page, close: () => context.close() };
}

/**
 * Every option, brought into the listbox's own scroll area as the arrow keys would, must lie
 * inside the viewport and be the element hit at its centre (elementFromPoint through the shadow
 * roots). Returns what is wrong, and how many options were checked.
 */
function checkOptions(page: Page) {
  return page.evaluate(() => {
    const deepHit = (window as unknown as DeepHitWindow).troveDeepHit;
    const describe = (el: Element | null) =>
      el ? `${el.localName}${el.id ? `#${el.id}` : ''}${el.className ? `.${String(el.className).split(' ').join('.')}` : ''}` : 'nothing';
    const root = document.querySelector('trove-search-box')!.shadowRoot!;
    const listbox = root.querySelector<HTMLElement>('[role="listbox"]')!;
    const problems: string[] = [];
    const all = [...root.querySelectorAll<HTMLElement>('[role="option"]')];
    for (const option of all) {
      const o = option.getBoundingClientRect();
      const l = listbox.getBoundingClientRect();
      if (o.top < l.top) listbox.scrollTop -= l.top - o.top;
      else if (o.bottom > l.bottom) listbox.scrollTop += o.bottom - l.bottom;
      const r = option.getBoundingClientRect();
      const name = option.textContent?.trim().slice(0, 30);
      if (r.left < 0 || r.top < 0 || r.right > innerWidth || r.bottom > innerHeight)
        problems.push(
          `"${name}" is outside the viewport: ${Math.round(r.left)},${Math.round(r.top)} – ${Math.round(r.right)},${Math.round(r.bottom)}`,
        );
      const hit = deepHit(r.left + r.width / 2, r.top + r.height / 2);
      if (!hit || !option.contains(hit)) problems.push(`"${name}" is covered by ${describe(hit)}`);
    }
    return { checked: all.length, problems };
  });
}

/** The panel's box, and whether points near its corners and bottom hit the panel itself. */
function checkPanel(page: Page) {
  return page.evaluate(() => {
    const host = document.querySelector('trove-search-box')!;
    const panel = host.shadowRoot!.querySelector<HTMLElement>('[part~="root"]')!;
    const deepHit = (window as unknown as DeepHitWindow).troveDeepHit;
    const r = panel.getBoundingClientRect();
    const points = [
      [4, 4],
      [innerWidth - 4, 4],
      [innerWidth / 2, innerHeight / 2],
      [4, innerHeight - 4],
      [innerWidth - 4, innerHeight - 4],
    ];
    return {
      top: r.top,
      height: r.height,
      width: r.width,
      viewport: { width: innerWidth, height: innerHeight },
      missed: points.filter(([x, y]) => !panel.contains(deepHit(x, y))).map(([x, y]) => `${x},${y}`),
    };
  });
}

/** The list's box and the field's, for attachment checks on wide screens. */
function geometry(page: Page) {
  return page.evaluate(() => {
    const root = document.querySelector('trove-search-box')!.shadowRoot!;
    const box = (selector: string) => {
      const r = root.querySelector(selector)!.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: r.width };
    };
    return { field: box('[part~="field"]'), popup: box('[part~="popup"]') };
  });
}

for (const layout of layouts) {
  test.describe(`a theme page with ${layout}`, () => {
    test('at 1280 px every option is in the viewport and on top, the list under the field and as wide', async ({ browser }) => {
      const { page, close } = await openPage(browser, wide, `/pages/theme.html?layout=${layout}`);
      const { checked, problems } = await checkOptions(page);
      expect(problems).toEqual([]);
      expect(checked).toBeGreaterThan(2);
      const { field, popup } = await geometry(page);
      expect(popup.top - field.bottom).toBeGreaterThanOrEqual(0);
      expect(popup.top - field.bottom).toBeLessThanOrEqual(10);
      expect(Math.abs(popup.left - field.left)).toBeLessThanOrEqual(1);
      expect(Math.abs(popup.width - field.width)).toBeLessThanOrEqual(1);
      await close();
    });

    test('at 390 px the panel covers the viewport and every option is in it and on top', async ({ browser }) => {
      const { page, close } = await openPage(browser, narrow, `/pages/theme.html?layout=${layout}`);
      const panel = await checkPanel(page);
      expect(panel.height).toBeGreaterThanOrEqual(0.9 * panel.viewport.height);
      expect(panel.width).toBe(panel.viewport.width);
      expect(panel.missed).toEqual([]);
      const { checked, problems } = await checkOptions(page);
      expect(problems).toEqual([]);
      expect(checked).toBeGreaterThan(2);
      await close();
    });
  });
}

/** With `TROVE_SHOTS_DIR` set, a screenshot of the page with the list scrolled to its top. */
async function shoot(page: Page, name: string) {
  if (!process.env.TROVE_SHOTS_DIR) return;
  await page.evaluate(() => {
    const listbox = document.querySelector('trove-search-box')!.shadowRoot!.querySelector('[role="listbox"]')!;
    listbox.scrollTop = 0;
  });
  await page.screenshot({ path: `${process.env.TROVE_SHOTS_DIR}/${name}.png` });
}

test.describe('the demo blog’s own header (sticky, with backdrop-filter)', () => {
  test('at 1280 px shows every suggestion under the field', async ({ browser }) => {
    const { page, close } = await openPage(browser, wide, '/');
    const { checked, problems } = await checkOptions(page);
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(2);
    await shoot(page, 'themes-demo-1280');
    await close();
  });

  test('at 390 px the panel covers the whole viewport and shows the whole list', async ({ browser }) => {
    const { page, close } = await openPage(browser, narrow, '/');
    const panel = await checkPanel(page);
    expect(panel.height).toBeGreaterThanOrEqual(0.9 * panel.viewport.height);
    expect(panel.missed).toEqual([]);
    const { checked, problems } = await checkOptions(page);
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(2);
    await shoot(page, 'themes-demo-390');
    await close();
  });
});

/** Make the page believe it has no CSS anchor positioning, so that the box takes its fallback. */
async function withoutAnchorPositioning(page: Page) {
  await page.addInitScript(() => {
    const supports = CSS.supports.bind(CSS);
    CSS.supports = ((...args: [string, string?]) =>
      /anchor/.test(args.join(' ')) ? false : supports(...(args as [string]))) as typeof CSS.supports;
  });
}

for (const mode of ['anchor positioning', 'the fallback'] as const) {
  test.describe(`the list on wide screens, with ${mode}`, () => {
    async function openList(page: Page, query: string) {
      if (mode === 'the fallback') await withoutAnchorPositioning(page);
      await installDeepHit(page);
      await page.setViewportSize(wide);
      await page.goto(`/pages/theme.html${query}`);
      await input(page).click();
      await input(page).pressSequentially('pho', { delay: 40 });
      await expect(options(page).first()).toBeVisible();
      await page.waitForTimeout(150);
    }

    test('follows the field when the page scrolls', async ({ page }) => {
      await openList(page, '?layout=overflow');
      const before = await geometry(page);
      await page.evaluate(() => window.scrollBy(0, 40));
      await expect.poll(async () => (await geometry(page)).field.top).toBeCloseTo(before.field.top - 40, 0);
      await expect.poll(async () => (await geometry(page)).popup.top).toBeCloseTo(before.popup.top - 40, 0);
      const { field, popup } = await geometry(page);
      expect(popup.top - field.bottom).toBeGreaterThanOrEqual(0);
      expect(popup.top - field.bottom).toBeLessThanOrEqual(10);
      await expect(input(page)).toHaveAttribute('aria-expanded', 'true');
    });

    test('follows the field when the window is resized, as wide as the field again', async ({ page }) => {
      await openList(page, '?layout=sticky-blur');
      const before = await geometry(page);
      await page.setViewportSize({ width: 900, height: 700 });
      await expect.poll(async () => (await geometry(page)).field.left).not.toBeCloseTo(before.field.left, 0);
      await expect
        .poll(async () => {
          const { field, popup } = await geometry(page);
          return [Math.round(popup.left - field.left), Math.round(popup.width - field.width)];
        })
        .toEqual([0, 0]);
      const { field, popup } = await geometry(page);
      expect(popup.top - field.bottom).toBeGreaterThanOrEqual(0);
      expect(popup.top - field.bottom).toBeLessThanOrEqual(10);
    });

    test('flips above the field when there is no room below it, every option still on top', async ({ page }) => {
      await openList(page, '?layout=footer');
      const { field, popup } = await geometry(page);
      expect(field.top - popup.bottom).toBeGreaterThanOrEqual(0);
      expect(field.top - popup.bottom).toBeLessThanOrEqual(10);
      expect(Math.abs(popup.width - field.width)).toBeLessThanOrEqual(1);
      const { checked, problems } = await checkOptions(page);
      expect(problems).toEqual([]);
      expect(checked).toBeGreaterThan(2);
    });

    test('mirrors under dir="rtl": under the field, from its right edge', async ({ page }) => {
      await openList(page, '?layout=sticky-blur&dir=rtl');
      const { field, popup } = await geometry(page);
      expect(field.left).toBeLessThan(wide.width / 2); // the header's last item sits on the left
      expect(Math.abs(popup.right - field.right)).toBeLessThanOrEqual(1);
      expect(Math.abs(popup.left - field.left)).toBeLessThanOrEqual(1);
      expect(popup.top - field.bottom).toBeGreaterThanOrEqual(0);
      expect((await checkOptions(page)).problems).toEqual([]);
    });
  });
}

test('the fallback places the list under a strict CSP with no style attribute and no violation', async ({ page }) => {
  await withoutAnchorPositioning(page);
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  await page.setViewportSize(wide);
  await page.goto('/pages/embed.html');
  await page.getByRole('combobox').fill('garden');
  await expect(page.getByRole('option').first()).toBeVisible();
  const { field, popup } = await geometry(page);
  expect(popup.top - field.bottom).toBeGreaterThanOrEqual(0);
  expect(popup.top - field.bottom).toBeLessThanOrEqual(10);
  expect(Math.abs(popup.width - field.width)).toBeLessThanOrEqual(1);
  expect(await page.locator('trove-search-box').evaluate((host) => host.shadowRoot!.querySelectorAll('[style], style').length)).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
});

/** Whether the list (wide screens) or the panel (narrow ones) is open in the top layer. */
const inTopLayer = (page: Page, part: 'popup' | 'root') =>
  page.locator('trove-search-box').evaluate((host, p) => host.shadowRoot!.querySelector(`[part~="${p}"]`)!.matches(':popover-open'), part);

test.describe('the combobox in the top layer', () => {
  test('aria-controls and aria-activedescendant resolve in the input’s shadow root, and the focus stays in the input', async ({
    browser,
  }) => {
    const { page, close } = await openPage(browser, wide, '/pages/theme.html?layout=overflow');
    expect(await inTopLayer(page, 'popup')).toBe(true);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const resolved = await input(page).evaluate((el) => {
      const root = el.getRootNode() as ShadowRoot;
      const listbox = root.getElementById(el.getAttribute('aria-controls')!);
      const option = root.getElementById(el.getAttribute('aria-activedescendant') ?? '');
      return {
        listbox: listbox?.getAttribute('role'),
        listboxInTopLayer: !!listbox?.closest(':popover-open'),
        option: option?.getAttribute('role'),
        selected: option?.getAttribute('aria-selected'),
        inListbox: !!option && !!listbox?.contains(option),
        focused: root.activeElement === el,
      };
    });
    expect(resolved).toEqual({
      listbox: 'listbox',
      listboxInTopLayer: true,
      option: 'option',
      selected: 'true',
      inListbox: true,
      focused: true,
    });
    await close();
  });

  test('Escape closes the list and takes it out of the top layer; the text stays', async ({ browser }) => {
    const { page, close } = await openPage(browser, wide, '/pages/theme.html?layout=z-index');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Escape');
    await expect(input(page)).toHaveAttribute('aria-expanded', 'false');
    expect(await inTopLayer(page, 'popup')).toBe(false);
    await expect(input(page)).toBeFocused();
    await expect(input(page)).toHaveValue('pho');
    await close();
  });

  test('a click outside closes the list, even on a column stacked above the header', async ({ browser }) => {
    const { page, close } = await openPage(browser, wide, '/pages/theme.html?layout=z-index');
    await page.locator('main h1').click();
    await expect(input(page)).toHaveAttribute('aria-expanded', 'false');
    expect(await inTopLayer(page, 'popup')).toBe(false);
    await expect(options(page).first()).toBeHidden();
    await close();
  });

  for (const layout of layouts) {
    test(`at 390 px on a page with ${layout} the page behind the panel does not scroll, and Escape closes the list, clears the text, closes the panel`, async ({
      browser,
    }) => {
      const { page, close } = await openPage(browser, narrow, `/pages/theme.html?layout=${layout}`);
      expect(await inTopLayer(page, 'root')).toBe(true);
      // On the panel's own padding, outside the list, where a wheel or swipe would reach the page.
      await page.mouse.move(5, 5);
      await page.mouse.wheel(0, 800);
      await page.waitForTimeout(250);
      expect(await page.evaluate(() => scrollY)).toBe(0);
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflowY)).toBe('hidden');
      await page.keyboard.press('Escape'); // the list first
      await expect(input(page)).toHaveAttribute('aria-expanded', 'false');
      expect(await inTopLayer(page, 'root')).toBe(true);
      await page.keyboard.press('Escape'); // then the text
      await expect(input(page)).toHaveValue('');
      expect(await inTopLayer(page, 'root')).toBe(true);
      await page.keyboard.press('Escape'); // then the panel
      await expect.poll(() => inTopLayer(page, 'root')).toBe(false);
      await expect(input(page)).not.toBeFocused();
      await page.mouse.move(200, 600);
      await page.mouse.wheel(0, 800);
      await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(0);
      await close();
    });
  }
});
