import { expect, test } from '@playwright/test';
import { sizeBudget } from '../bench/sizeBudget.ts';
import { brotliSize } from '../bench/sizes.ts';

/** The script loader (dist/trove.js): elements wherever a page puts them, chunks at once, lazy related posts. */
test.describe('the script loader', () => {
  test('defines the box inside another custom element’s open shadow root', async ({ page }) => {
    await page.goto('/pages/shadow-roots.html');
    // The box's code comes with the reader's first sign of intent: the pointer over its field.
    await page.locator('#search-card trove-search-box').hover();
    const box = page.locator('#search-card').getByRole('combobox');
    await expect(box).toHaveAttribute('placeholder', 'Search from a card');
    await box.fill('garden');
    await expect(page.locator('#search-card').getByRole('option').first()).toBeVisible();
  });

  test('renders related posts inside a card’s shadow root and a declarative shadow root', async ({ page }) => {
    await page.goto('/pages/shadow-roots.html');
    await expect(page.locator('#related-card').getByRole('heading', { name: 'In a card' })).toBeVisible();
    await expect(page.locator('#related-card').getByRole('link').first()).toBeVisible();
    const declarative = page.locator('#declarative');
    await expect(declarative.getByRole('heading', { name: 'Declarative' })).toBeVisible();
    await expect(declarative.getByRole('link').first()).toBeVisible();
  });

  test('loads an element added later inside a shadow root', async ({ page }) => {
    await page.goto('/pages/shadow-roots.html');
    await expect(page.locator('#related-card').getByRole('link').first()).toBeVisible();
    await page.evaluate(() => {
      const root = document.getElementById('later')!.attachShadow({ mode: 'open' });
      const late = document.createElement('trove-related-posts');
      late.setAttribute('doc-id', '30');
      late.setAttribute('eager', '');
      late.setAttribute('heading', 'Added later');
      root.append(late);
      // A second, nested level: a card added later, with its own shadow root.
      const card = document.createElement('cms-card');
      card.id = 'late-card';
      card.setAttribute('kind', 'search');
      root.append(card);
    });
    await expect(page.locator('#later').getByRole('heading', { name: 'Added later' })).toBeVisible();
    await expect(page.locator('#later').getByRole('link').first()).toBeVisible();
    await page.locator('#late-card trove-search-box').hover();
    await expect(page.locator('#late-card').getByRole('combobox')).toHaveAttribute('placeholder', 'Search from a card');
  });

  test('its elements are real instances of their classes, in the document and in shadow roots', async ({ page }) => {
    await page.goto('/pages/shadow-roots.html');
    await page.locator('#search-card trove-search-box').hover();
    await expect(page.locator('#search-card').getByRole('combobox')).toBeVisible();
    await expect(page.locator('#related-card').getByRole('link').first()).toBeVisible();
    const kinds = await page.evaluate(() => {
      const all = (root: Document | ShadowRoot): Element[] =>
        [...root.querySelectorAll('*')].flatMap((el) => [el, ...(el.shadowRoot ? all(el.shadowRoot) : [])]);
      return all(document)
        .filter((el) => el.localName.startsWith('trove-') && el.shadowRoot?.childElementCount)
        .map((el) => {
          const own = el as HTMLElement & { renderView?: unknown };
          // The element class's own method, found through the element's prototype (not the loader's host).
          return `${el.localName} ${el instanceof customElements.get(el.localName)!} ${typeof own.renderView}`;
        });
    });
    expect(kinds.length).toBeGreaterThanOrEqual(3);
    for (const kind of kinds) expect(kind).toMatch(/^trove-[a-z-]+ true function$/);
  });

  test('requests all of an element’s chunks at once, not one import after another', async ({ page }) => {
    const requested = new Map<string, number>();
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/dist/chunks/')) requested.set(path.slice('/dist/chunks/'.length), Date.now());
    });
    // Hold the element's own chunk back: whatever it imports must be on its way already.
    await page.route('**/dist/chunks/trove-search-box.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto('/pages/search-box.html');
    await expect(page.getByRole('combobox')).toBeVisible();
    const started = requested.get('trove-search-box.js')!;
    const shared = [...requested.keys()].find((file) => file.startsWith('bootChunk-'))!;
    expect(shared).toBeDefined();
    expect(requested.size).toBeGreaterThanOrEqual(3);
    for (const [file, at] of requested) expect(at - started, file).toBeLessThan(1000);
  });

  test('a page with only related posts far below downloads only the loader until the block nears the viewport', async ({
    page,
    request,
  }) => {
    const downloads = new Map<string, Promise<Buffer>>();
    page.on('response', (response) => {
      const path = new URL(response.url()).pathname;
      if (path.startsWith('/dist/')) downloads.set(path, response.body());
    });
    await request.delete('/_trove/requests');
    await page.goto('/pages/related.html?doc-id=12&spacer');
    await page.waitForTimeout(800);
    expect([...downloads.keys()]).toEqual(['/dist/trove.js']);
    const bytes = brotliSize(await downloads.get('/dist/trove.js')!);
    console.log(`related-only page before the block nears the viewport: ${bytes} B brotli`);
    expect(bytes).toBeLessThanOrEqual(sizeBudget.loaderCeiling);

    await page.locator('trove-related-posts').scrollIntoViewIfNeeded();
    await expect(page.locator('trove-related-posts').getByRole('link').first()).toBeVisible();
    expect([...downloads.keys()].some((path) => path.endsWith('/trove-related-posts.js'))).toBe(true);
  });

  test('keeps a translations property set before the script defined the element', async ({ page }) => {
    // The page's inline script adds the element; the deferred script defines it later.
    await page.addInitScript(() => {
      const watcher = new MutationObserver(() => {
        const el = document.querySelector('trove-related-posts') as (HTMLElement & { translations?: object }) | null;
        if (!el) return;
        watcher.disconnect();
        (window as unknown as { definedEarly: boolean }).definedEarly = !!customElements.get('trove-related-posts');
        el.translations = { relatedHeading: 'Lire aussi' };
      });
      watcher.observe(document, { childList: true, subtree: true });
    });
    await page.goto('/pages/related.html?doc-id=12&eager');
    await expect(page.locator('trove-related-posts').getByRole('heading', { name: 'Lire aussi' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { definedEarly: boolean }).definedEarly)).toBe(false);
  });
});
