import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';

/** Collect every Content-Security-Policy violation from the first byte on. */
async function recordViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
    );
  });
}

const violations = (page: Page) => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

/** Elements with a `style` attribute or `<style>` inside any Trove shadow root. */
const inlineStyles = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('trove-search-box, trove-search-results, trove-related-posts')].flatMap((host) =>
      [...(host.shadowRoot?.querySelectorAll('[style], style') ?? [])].map((el) => `${host.localName} ${el.outerHTML.slice(0, 80)}`),
    ),
  );

async function useAllThree(page: Page) {
  const box = page.getByRole('combobox');
  await box.fill('garden');
  await expect(page.getByRole('option').first()).toBeVisible();
  await box.press('Enter');
  await expect(page.locator('trove-search-results').getByRole('link').first()).toBeVisible();
  await expect(page.locator('trove-related-posts').getByRole('link').first()).toBeVisible();
}

test('under script-src and style-src self, using every widget causes no CSP violation', async ({ page }) => {
  await recordViolations(page);
  await page.goto('/pages/embed.html');
  await useAllThree(page);
  // The narrow-screen panel and its scroll lock too.
  await page.setViewportSize({ width: 375, height: 700 });
  await page.getByRole('combobox').fill('bread');
  await expect(page.getByRole('option').first()).toBeVisible();
  expect(await inlineStyles(page)).toEqual([]);
  expect(await violations(page)).toEqual([]);
});

test('elements added to the page after the script loaded work too', async ({ page }) => {
  await page.goto('/pages/embed.html');
  await expect(page.locator('#related').getByRole('link').first()).toBeVisible();
  await page.evaluate(() => {
    const late = document.createElement('trove-related-posts');
    late.id = 'late';
    late.setAttribute('doc-id', '40');
    late.setAttribute('eager', '');
    late.setAttribute('heading', 'Added later');
    document.getElementById('stage')!.append(late);
  });
  await expect(page.locator('#late').getByRole('heading', { name: 'Added later' })).toBeVisible();
  await expect(page.locator('#late').getByRole('link').first()).toBeVisible();
});

test('loading the script twice is harmless: the second copy warns with both versions and does nothing', async ({ page }) => {
  const warnings: string[] = [];
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
    // A missing favicon is the page's business; failed loads of our files are caught below.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/dist/') && !response.ok()) errors.push(`${response.status()} ${response.url()}`);
  });
  await page.goto('/pages/embed.html');
  await expect(page.locator('#related').getByRole('link').first()).toBeVisible();
  await page.evaluate(
    () =>
      new Promise((resolve) => {
        const again = document.createElement('script');
        again.src = '/dist/trove.js?copy=2';
        again.onload = resolve;
        document.head.append(again);
      }),
  );
  expect(warnings.filter((w) => /^Trove \d\S*: Trove \d\S* is already loaded/.test(w))).toHaveLength(1);
  await page.getByRole('combobox').fill('garden');
  await expect(page.getByRole('option').first()).toBeVisible();
  expect(errors).toEqual([]);
});

test('the theme attribute forces light or dark whatever the page and the system say', async ({ page }) => {
  // A page that follows the system, dark here.
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/pages/related.html?eager');
  const related = page.locator('trove-related-posts');
  await expect(related.getByRole('heading').first()).toBeVisible();
  /** The heading's text and the element's background as sums of their channels (0 black, 765 white), and its scheme. */
  const colors = () =>
    related.evaluate((host) => {
      const sum = (color: string) =>
        (color.match(/[\d.]+/g) ?? []).slice(0, 4).reduce((a, b, i) => (i < 3 ? a + Number(b) : a * Number(b)), 0);
      const heading = host.shadowRoot!.querySelector('[part~="heading"]')!;
      return {
        text: sum(getComputedStyle(heading).color),
        background: sum(getComputedStyle(host).backgroundColor),
        scheme: getComputedStyle(host).colorScheme,
      };
    });
  const system = await colors();
  expect(system).toMatchObject({ scheme: 'dark', background: 0 }); // the page's own background shows through
  expect(system.text).toBeGreaterThan(600);
  await related.evaluate((el) => el.setAttribute('theme', 'light'));
  const light = await colors();
  expect(light).toMatchObject({ scheme: 'light', background: 765 });
  expect(light.text).toBeLessThan(100);
  await related.evaluate((el) => el.setAttribute('theme', 'dark'));
  const dark = await colors();
  expect(dark).toMatchObject({ scheme: 'dark', background: 54 });
  expect(dark.text).toBeGreaterThan(700);
});

test.describe('right to left', () => {
  test('mirrors the layout of the widgets', async ({ page }) => {
    const positions = async (dir: string) => {
      await page.goto(`/pages/embed.html${dir}`);
      await useAllThree(page);
      return page.evaluate(() => {
        const box = (el: Element | null | undefined) => el?.getBoundingClientRect();
        const related = document.querySelector('#related')!.shadowRoot!;
        const card = related.querySelector('[part~="card"]') ?? related.querySelector('li');
        const image = box(card?.querySelector('[part~="image"], img, [part~="media"]'));
        const title = box(card?.querySelector('a'));
        return { imageX: image?.x ?? 0, titleX: title?.x ?? 0, dir: getComputedStyle(document.querySelector('#box')!).direction };
      });
    };
    const ltr = await positions('');
    const rtl = await positions('?dir=rtl');
    expect(ltr.dir).toBe('ltr');
    expect(rtl.dir).toBe('rtl');
    expect(ltr.imageX).toBeLessThan(ltr.titleX);
    expect(rtl.imageX).toBeGreaterThan(rtl.titleX);
  });

  test('has no accessibility violations', async ({ page }) => {
    await page.goto('/pages/embed.html?dir=rtl');
    await useAllThree(page);
    const results = await new AxeBuilder({ page }).include('trove-search-results').include('trove-related-posts').analyze();
    expect(results.violations).toEqual([]);
  });
});

for (const fw of ['bootstrap', 'bulma']) {
  test.describe(`on a page styled by ${fw}`, () => {
    /** Open the page, plain or styled by the framework, once its stylesheet has loaded. */
    async function open(page: Page, query: string) {
      await page.goto(`/pages/embed.html${query}`);
      if (query.includes('fw=')) await expect(page.locator(`html[data-framework="${fw}"]`)).toBeAttached();
    }

    /** Screenshot of an element (and `extra` pixels below it, for popups), on the plain page and on the framework's. */
    async function compare(page: Page, selector: string, prepare: (page: Page) => Promise<void>, extra = 0) {
      const shots: PNG[] = [];
      for (const query of ['', `?fw=${fw}`]) {
        await open(page, query);
        await prepare(page);
        await page.evaluate(() => document.fonts.ready);
        const box = (await page.locator(selector).boundingBox())!;
        const clip = { x: box.x, y: box.y, width: box.width, height: box.height + extra };
        shots.push(PNG.sync.read(await page.screenshot({ clip, fullPage: true, animations: 'disabled' })));
      }
      const [plain, styled] = shots;
      expect({ width: styled.width, height: styled.height }).toEqual({ width: plain.width, height: plain.height });
      const diff = pixelmatch(plain.data, styled.data, undefined, plain.width, plain.height, { threshold: 0.2 });
      return diff / (plain.width * plain.height);
    }

    test('the related posts look the same as on a plain page', async ({ page }) => {
      const share = await compare(page, '#related', async (p) => {
        await expect(p.locator('#related').getByRole('link').first()).toBeVisible();
        await p.waitForFunction(() =>
          [...document.querySelector('#related')!.shadowRoot!.querySelectorAll('img')].every((img) => img.complete),
        );
      });
      expect(share).toBeLessThan(0.01);
    });

    test('the search box with its suggestions looks the same as on a plain page', async ({ page }) => {
      await page.setViewportSize({ width: 800, height: 900 });
      const share = await compare(
        page,
        '#box',
        async (p) => {
          await p.getByRole('combobox').fill('garden');
          await expect(p.getByRole('option').first()).toBeVisible();
          await p.waitForTimeout(300); // the suggestion count is announced after a short debounce
        },
        420,
      );
      expect(share).toBeLessThan(0.01);
    });

    test('the widgets leave the page’s own styles alone', async ({ page }) => {
      const styles = async (query: string) => {
        await open(page, query);
        if (!query.includes('trove=0')) await expect(page.locator('#related').getByRole('link').first()).toBeVisible();
        // The framework's colour transitions start when its stylesheet arrives: measure their end.
        await page.evaluate(() => document.getAnimations().forEach((animation) => animation.finish()));
        return page.evaluate(() =>
          ['h2', 'p.lead', 'button.btn', 'body', 'html'].map((selector) => {
            const style = getComputedStyle(document.querySelector(selector)!);
            return [selector, style.font, style.color, style.margin, style.padding, style.overflow, style.background].join(' | ');
          }),
        );
      };
      expect(await styles(`?fw=${fw}`)).toEqual(await styles(`?fw=${fw}&trove=0`));
    });
  });
}
