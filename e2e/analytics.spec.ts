import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

/**
 * The demo's analytics page (/analytics) stays open in one tab while a reader clicks
 * suggestions and related posts in another; it counts every click without a reload.
 */

const box = (page: Page) => page.locator('header trove-search-box');
const input = (page: Page) => box(page).locator('input[role="combobox"]');
const options = (page: Page) => box(page).locator('[role="option"]');
const relatedCards = (page: Page) => page.locator('trove-related-posts [part~="card"]:not([part~="placeholder"])');

/** 1-based position of `option` among the box's options. */
async function positionOf(page: Page, selector: string): Promise<number> {
  const all = await options(page).evaluateAll((els, sel) => els.map((el) => el.matches(sel)), selector);
  return all.indexOf(true) + 1;
}

test.beforeEach(async ({ request }) => {
  await request.delete('/_trove/feedback');
  await request.delete('/_trove/fail');
});

test('the analytics page counts the suggestions and related posts clicked in the demo, live', async ({ context }) => {
  test.setTimeout(90_000); // three page loads and a dozen keystrokes on a busy CI machine
  const analytics = await context.newPage();
  const part = (name: string) => analytics.locator(`#trove-analytics [data-part="${name}"]`);
  await analytics.goto('/analytics');
  await expect(analytics.getByRole('heading', { level: 1, name: 'Click analytics' })).toBeVisible();
  await expect(analytics.locator('#trove-analytics')).toHaveAttribute('data-status', 'live');
  await expect(part('total')).toHaveText('0');
  await expect(part('posts')).toContainText('No post clicked yet.');

  // 1. A navigational suggestion in the header box of the home page.
  const blog = await context.newPage();
  await blog.goto('/');
  await input(blog).click();
  await input(blog).pressSequentially('pho', { delay: 40 });
  const firstPost = box(blog).locator('[role="option"][part~="option-navigational"]').first();
  await expect(firstPost).toBeVisible();
  const suggestionPosition = await positionOf(blog, '[part~="option-navigational"]');
  // The post's address (the link adds a text fragment; the feedback, and so the report, never has it).
  const suggestedHref = (await firstPost.getAttribute('href'))!.split('#')[0];
  await firstPost.click();
  await blog.waitForURL((url) => url.pathname === suggestedHref);
  const suggestedTitle = (await blog.locator('h1').textContent())!.trim();

  // 2. The second related post at the end of that post.
  await blog.locator('trove-related-posts').scrollIntoViewIfNeeded();
  await expect(relatedCards(blog).nth(1)).toBeVisible();
  const relatedLink = relatedCards(blog).nth(1).locator('h3 a');
  const relatedHref = (await relatedLink.getAttribute('href'))!;
  const relatedTitle = (await relatedLink.textContent())!.trim();
  await relatedLink.click();
  await blog.waitForURL((url) => url.pathname === relatedHref);

  // 3. A filter suggestion (the "Photography" topic chip).
  await input(blog).click();
  await input(blog).pressSequentially('pho', { delay: 40 });
  const chip = box(blog).locator('[part~="option-filter"]').filter({ hasText: 'Photography' }).first();
  await expect(chip).toBeVisible();
  const filterPosition = await positionOf(blog, '[part~="option-filter"]');
  await chip.click();
  await blog.waitForURL(/\/search\?/);

  // The analytics tab, never reloaded, has caught up.
  await analytics.bringToFront();
  await expect(part('total')).toHaveText('3', { timeout: 10_000 });
  await expect(part('autocomplete')).toHaveText('2');
  await expect(part('recommendation')).toHaveText('1');
  await expect(part('autocomplete-split')).toHaveText('1 post · 1 filter');

  const acColumns = part('autocomplete-positions').locator('li');
  if (suggestionPosition === filterPosition) {
    await expect(acColumns.nth(suggestionPosition - 1)).toHaveAttribute('data-count', '2');
  } else {
    await expect(acColumns.nth(suggestionPosition - 1)).toHaveAttribute('data-count', '1');
    await expect(acColumns.nth(filterPosition - 1)).toHaveAttribute('data-count', '1');
  }
  await expect(part('autocomplete-positions')).toContainText(`${ordinal(suggestionPosition)} suggestion: 1 click`);
  await expect(part('recommendation-positions').locator('li[data-position="2"]')).toHaveAttribute('data-count', '1');
  await expect(part('recommendation-positions')).toContainText('2nd related post: 1 click');

  const posts = part('posts').locator('li');
  await expect(posts).toHaveCount(2);
  await expect(part('posts').getByRole('link', { name: suggestedTitle })).toHaveAttribute('href', suggestedHref);
  await expect(part('posts').getByRole('link', { name: relatedTitle })).toHaveAttribute('href', relatedHref);

  // The filter suggestion is named by its phrase, found again through autocomplete.
  await expect(part('filters').locator('li')).toHaveCount(1);
  await expect(part('filters').locator('li').first()).toContainText('Photography');
  await expect(part('filters').locator('li').first()).toContainText('category: Photography');
  await expect(part('latest').locator('li')).toHaveCount(3);
  await expect(part('latest').locator('li').first()).toContainText('Photography');
});

for (const scheme of ['light', 'dark'] as const) {
  test(`the analytics page has named chart groups, a polite live status and no axe violation (${scheme})`, async ({ page, request }) => {
    const feedback = '/api/v2/projects/demo/collections/blog';
    await request.post(`${feedback}/recommend/feedback/hits?token=dev-token`, {
      form: { source_id: '1', target_id: '2', target_title: 'Two', item_order: '2' },
    });
    await request.post(`${feedback}/autocomplete/feedback/hits?token=dev-token`, { form: { query: 'pho', item_order: '1' } });
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto('/analytics');
    await expect(page.locator('#trove-analytics')).toHaveAttribute('data-status', 'live');
    await expect(page.locator('[data-part="filters"]')).toContainText('Photography');
    await expect(page.locator('[data-part="announce"]')).toHaveAttribute('aria-live', 'polite');
    for (const name of [
      'Suggestion clicks by position',
      'Related-post clicks by position',
      'Most clicked posts',
      'Most used filter suggestions',
    ]) {
      await expect(page.getByRole('group', { name })).toBeVisible();
    }
    const results = await new AxeBuilder({ page }).include('#trove-analytics').analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
}

function ordinal(n: number): string {
  const tens = n % 100;
  return `${n}${tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th')}`;
}
