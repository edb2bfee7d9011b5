import { expect, test } from '@playwright/test';
import { openSeventhAndReturn } from './backForwardFlow.ts';
import { chromiumLaunchOptions } from './chromiumLaunchOptions.ts';

/** Back and forward with the back/forward cache on (Playwright turns it off by default): the page comes back whole. */

test.beforeEach(async ({ request }) => {
  await request.delete('/_trove/requests');
  await request.delete('/_trove/fail');
});

test.use({ launchOptions: { ...chromiumLaunchOptions, ignoreDefaultArgs: ['--disable-back-forward-cache'] } });

for (const [name, path] of [
  ['the demo blog', '/search'],
  ['a plain page', '/pages/search-results.html'],
] as const) {
  test(`Back to ${name} comes from the cache with the opened result in view`, async ({ page, request }) => {
    expect(await openSeventhAndReturn(page, request, path, 'mouse')).toBe(true);
  });
  test(`Back to ${name} from the cache after a keyboard visit puts focus back on the link`, async ({ page, request }) => {
    expect(await openSeventhAndReturn(page, request, path, 'keyboard')).toBe(true);
  });
}

test('Back to a no-store page works whether or not the browser kept it', async ({ page, request }, info) => {
  const persisted = await openSeventhAndReturn(page, request, '/no-store/search', 'keyboard');
  info.annotations.push({ type: 'bfcache', description: `no-store page restored from the back/forward cache: ${persisted}` });
});
