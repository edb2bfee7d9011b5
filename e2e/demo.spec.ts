import { expect, test, type Page } from '@playwright/test';
import { generatePosts } from '../packages/cli/src/service/sample/generatePosts.ts';

/**
 * The demo blog as a person clicks through it (served by e2e/server.ts with the built
 * dist/trove.js and the seeded local service on the same origin).
 */

const corpus = generatePosts();
const newestFirst = [...corpus].sort((a, b) => Date.parse(b.date!) - Date.parse(a.date!));

/** Console errors and uncaught exceptions of the page, collected for the whole test. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('response', (response) => {
    if (response.status() >= 400 && !response.url().includes('/this-page-does-not-exist')) {
      errors.push(`${response.status()} ${response.url()}`);
    }
  });
  return errors;
}

test('the home page lists the newest posts and pages through older ones', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/');
  await expect(page).toHaveTitle('Field Notes');
  await expect(page.getByRole('heading', { level: 1, name: 'Field Notes' })).toBeVisible();
  const cards = page.locator('article.card');
  await expect(cards).toHaveCount(12);
  await expect(cards.first().getByRole('heading')).toHaveText(newestFirst[0]!.title!);
  await expect(cards.nth(11).getByRole('heading')).toHaveText(newestFirst[11]!.title!);
  await expect(page.locator('header trove-search-box')).toHaveAttribute('results-url', '/search');

  const pagination = page.getByRole('navigation', { name: 'Pagination' });
  await pagination.getByRole('link', { name: 'Older →' }).click();
  await expect(page).toHaveURL('/?page=2');
  await expect(cards.first().getByRole('heading')).toHaveText(newestFirst[12]!.title!);
  await expect(pagination.getByRole('link', { name: 'Page 2, current page' })).toHaveAttribute('aria-current', 'page');

  const last = Math.ceil(corpus.length / 12);
  await pagination.getByRole('link', { name: `Page ${last}`, exact: true }).click();
  await expect(page).toHaveURL(`/?page=${last}`);
  await expect(cards.last().getByRole('heading')).toHaveText(newestFirst[corpus.length - 1]!.title!);
  await expect(pagination.getByRole('link', { name: 'Older →' })).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('a post opens from the home page with its id, text and the related posts at the end', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/');
  const post = newestFirst[3]!;
  await page.locator('article.card').nth(3).getByRole('link', { name: post.title! }).click();
  await expect(page).toHaveURL(post.url!);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(post.title!);
  await expect(page).toHaveTitle(`${post.title} · Field Notes`);
  await expect(page.getByTestId('post-id')).toHaveText(`#${post.id}`);
  await expect(page.locator('link[rel=canonical]')).toHaveAttribute('href', new URL(post.url!, page.url()).href);
  const firstSentence = post.content!.split(/(?<=[.!?])\s/)[0]!;
  await expect(page.locator('.post-body')).toContainText(firstSentence);
  for (const tag of post.tags!) await expect(page.locator('.post-tags')).toContainText(`#${tag}`);

  const related = page.locator('trove-related-posts');
  await expect(related).toHaveAttribute('doc-id', String(post.id));
  await expect(related).toHaveAttribute('doc-title', post.title!);
  const isAfterArticle = await related.evaluate((el) => {
    const article = document.querySelector('article.post')!;
    return Boolean(article.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING);
  });
  expect(isAfterArticle).toBe(true);
  await page.waitForFunction(() => customElements.get('trove-related-posts') !== undefined);
  expect(errors).toEqual([]);
});

test('the related posts start well below the fold, so lazy loading can be seen', async ({ page }) => {
  const post = corpus.find((p) => p.image)!;
  await page.goto(post.url!);
  const top = await page.locator('trove-related-posts').evaluate((el) => el.getBoundingClientRect().top);
  const viewport = page.viewportSize()!.height;
  expect(top).toBeGreaterThan(2 * viewport);
});

test('the topics bar leads to a category archive of that category only', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/');
  const topics = page.getByRole('navigation', { name: 'Topics' });
  const name = (await topics.getByRole('link').first().textContent())!.trim();
  await topics.getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(topics.getByRole('link', { name, exact: true })).toHaveAttribute('aria-current', 'page');
  const inCategory = newestFirst.filter((p) => p.category!.includes(name));
  await expect(page.locator('.page-sub')).toContainText(`${inCategory.length} posts`);
  const titles = await page.locator('article.card h3').allTextContents();
  expect(titles).toEqual(inCategory.slice(0, 12).map((p) => p.title));

  await page.locator('article.card').first().locator('.post-meta a.author').first().click();
  await expect(page).toHaveURL(/\/author\/[a-z-]+$/);
  await expect(page.locator('.kicker').first()).toHaveText('Author');
  expect(errors).toEqual([]);
});

test('a tag on a post leads to the posts with that tag', async ({ page }) => {
  const post = corpus[10]!;
  await page.goto(post.url!);
  const tag = post.tags![0]!;
  await page
    .locator('.post-tags')
    .getByRole('link', { name: `#${tag}` })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`#${tag}`);
  const count = corpus.filter((p) => p.tags!.includes(tag)).length;
  await expect(page.locator('.page-sub')).toContainText(`${count} post`);
});

test('an unknown address shows the 404 page with a way back', async ({ page }) => {
  const response = await page.goto('/this-page-does-not-exist');
  expect(response!.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page is not here');
  await expect(page.locator('main')).toContainText('/this-page-does-not-exist');
  await page.getByRole('link', { name: 'Back to the home page' }).click();
  await expect(page).toHaveURL('/');
});

test('a title with markup in it is shown as text and runs nothing', async ({ page }) => {
  const post = corpus.find((p) => /<\w/.test(p.title!))!;
  expect(post, 'the corpus has a title with a tag in it').toBeTruthy();
  await page.goto(post.url!);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(post.title!);
  expect(await page.locator('article.post script').count()).toBe(0);
  await expect(page).toHaveTitle(`${post.title} · Field Notes`);
});

test('searching from the header box shows the results page', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/');
  // The pointer over the box: the script tag's loader fetches its code then.
  await page.locator('header trove-search-box').hover();
  const box = page.getByRole('combobox').first();
  await box.fill('pizza');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=pizza/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search the blog');
  const results = page.locator('trove-search-results');
  await expect(results.getByRole('link', { name: /pizza/i }).first()).toBeVisible();
  expect(errors).toEqual([]);
});

test('a results page opened with a query shows it in the box, and no suggestions until the reader types', async ({ page }) => {
  await page.goto('/search?q=rust');
  const results = page.locator('trove-search-results');
  await expect(results.getByRole('link', { name: /rust/i }).first()).toBeVisible();
  const box = page.getByRole('combobox').first();
  await expect(box).toHaveValue('rust');
  // Time for a debounced request and its answer, had one been asked for.
  await page.waitForTimeout(600);
  await expect(box).toHaveAttribute('aria-expanded', 'false');
  await box.focus();
  await box.press('End');
  await box.pressSequentially(' cli');
  await expect(box).toHaveAttribute('aria-expanded', 'true');
});

test('the about and analytics pages are reachable from the main navigation', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'About' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('About Field Notes');
  await expect(nav.getByRole('link', { name: 'About' })).toHaveAttribute('aria-current', 'page');
  await nav.getByRole('link', { name: 'Analytics' }).click();
  // The service's own page (/_trove/analytics), outside the blog's shell.
  await expect(page).toHaveURL('/_trove/analytics');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('What readers search for');
  expect(errors).toEqual([]);
});

test('nothing on the home page or a post moves when the widgets are defined', async ({ page }) => {
  await page.addInitScript(() => {
    // Each shift with what moved, so a failure says where to look. Shifts before the loader defines
    // the elements are the page's own (a loaded machine paints a half-parsed page), not the widgets'.
    const shifts: string[] = [];
    (window as unknown as { shifts: string[] }).shifts = shifts;
    let definedAt = Number.POSITIVE_INFINITY;
    void customElements.whenDefined('trove-search-box').then(() => {
      definedAt = performance.now();
    });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        startTime: number;
        value: number;
        sources: { node?: Node; previousRect: DOMRect; currentRect: DOMRect }[];
      }[])
        if (entry.startTime >= definedAt)
          shifts.push(
            `${entry.value} ${entry.sources
              .map(
                (s) =>
                  `${(s.node as Element | undefined)?.outerHTML?.slice(0, 60) ?? s.node?.nodeName} ${JSON.stringify(s.previousRect)}→${JSON.stringify(s.currentRect)}`,
              )
              .join('; ')}`,
          );
    }).observe({ type: 'layout-shift', buffered: true });
  });
  for (const path of ['/', corpus[0]!.url!]) {
    await page.goto(path);
    await page.waitForFunction(() => customElements.get('trove-search-box') !== undefined);
    // The box's code comes with the pointer over it: the upgrade must not move anything either.
    await page.locator('header trove-search-box').hover();
    await expect(page.getByRole('combobox').first()).toBeVisible();
    const shifts = await page.evaluate(() => (window as unknown as { shifts: string[] }).shifts);
    expect(shifts, path).toEqual([]);
  }
});

test.describe('on a 375 px wide phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('pages fit the screen without sideways scrolling', async ({ page }) => {
    for (const path of ['/', corpus[0]!.url!, '/search?q=bread', '/about', '/nope']) {
      await page.goto(path);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, path).toBeLessThanOrEqual(375);
      await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' })).toBeVisible();
    }
  });
});

test.describe('in dark mode', () => {
  test.use({ colorScheme: 'dark' });

  test('the blog switches to its dark colours', async ({ page }) => {
    await page.goto('/');
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const [r, g, b] = background.match(/\d+/g)!.map(Number);
    expect(r! + g! + b!).toBeLessThan(120);
  });
});

test('the dark mode toggle follows the OS at the first visit, puts a class on <html> and is remembered', async ({ browser }) => {
  const context = await browser.newContext({ colorScheme: 'dark' });
  const page = await context.newPage();
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const toggle = page.getByRole('button', { name: 'Dark mode' });
  await page.goto('/');
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  const dark = await background();

  await toggle.click();
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  expect(await background()).not.toBe(dark);
  // The choice outlives the page and the OS setting.
  await page.goto(corpus[0]!.url!);
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  await toggle.click();
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  expect(await background()).toBe(dark);
  await context.close();

  // Before any choice, an OS switch is followed at once.
  const fresh = await browser.newContext({ colorScheme: 'light' });
  const other = await fresh.newPage();
  await other.goto('/');
  await expect(other.locator('html')).not.toHaveClass(/\bdark\b/);
  await other.emulateMedia({ colorScheme: 'dark' });
  await expect(other.locator('html')).toHaveClass(/\bdark\b/);
  await fresh.close();
});
