import { existsSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { missingForWordPress, startWordPress, type WordPressTheme } from './startWordPress.ts';

/**
 * The harness of the plugin's tests (startWordPress.ts): a plain WordPress of Debian's in each
 * theme serves its posts at pretty permalinks, knows its users, and leaves nothing behind.
 */
const missing = missingForWordPress();
test.skip(
  missing.length > 0 && !process.env.CI,
  `WordPress's Debian packages are missing (${missing.join(', ')}): run \`sudo npx tsx scripts/ensureWordPress.ts\` for these tests`,
);

// One theme here: the plugin's suites start one of each (twentyTwentyThree.spec.ts, twentyTwentyOne.spec.ts).
for (const theme of ['twentytwentyone'] as WordPressTheme[]) {
  test(`a throwaway WordPress in ${theme} serves its posts, and stop() removes it`, async ({ page }) => {
    test.setTimeout(60_000);
    const wp = await startWordPress({ theme });
    try {
      expect(wp.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const post = wp.posts[0]!;
      expect(post.url).toBe(`${wp.url}/sourdough-starter-from-scratch/`);
      await page.goto(post.url);
      await expect(page.locator('h1')).toContainText(post.title);
      expect(await page.content()).toContain(`/wp-content/themes/${theme}/`);
      await page.goto(`${wp.url}/?s=telescope`);
      await expect(page.getByRole('link', { name: 'Choosing a first telescope' }).first()).toBeVisible();
      expect((await fetch(`${wp.url}/wp-sitemap.xml`)).status).toBe(200);
      expect(wp.php(`echo implode(',', array_map(fn($u) => $u->user_login . ':' . $u->roles[0], get_users(['orderby' => 'ID'])));`)).toBe(
        'admin:administrator,edna:editor,mara:author',
      );
      await page.goto(`${wp.url}/wp-login.php`);
      await page.locator('#user_login').fill(wp.editor.login);
      await page.locator('#user_pass').fill(wp.editor.password);
      await page.locator('#wp-submit').click();
      await expect(page).toHaveURL(/\/wp-admin\/$/);
      // runCron() runs what is due, and only that, once. No page is open meanwhile: a visit would spawn WP-Cron itself.
      await page.goto('about:blank');
      wp.php("wp_schedule_single_event(time() - 5, 'trove_test_due'); wp_schedule_single_event(time() + 3600, 'trove_test_later');");
      const ran = await wp.runCron();
      expect(ran).toContain('trove_test_due');
      expect(ran).not.toContain('trove_test_later');
      expect(wp.php("echo wp_next_scheduled('trove_test_due') ? 'due' : 'done';")).toBe('done');
      expect(await wp.runCron()).not.toContain('trove_test_due');
    } finally {
      await wp.stop();
    }
    expect(existsSync(wp.dir)).toBe(false);
    await expect(fetch(`${wp.url}/`)).rejects.toThrow();
  });
}
