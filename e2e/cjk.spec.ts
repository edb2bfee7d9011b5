import { expect, type Page, test } from '@playwright/test';

/**
 * A reader searches for a word written inside Chinese or Japanese text (no spaces between
 * words): the service cuts titles, content and the query into words alike (Intl.Segmenter), so
 * the post is found. A collection of its own, shown by a copy of the results fixture page.
 */

const PAGE = '/pages/cjk-search.html';
const HTML = `<!doctype html>
<html lang="zh">
<head>
<meta charset="utf-8">
<title>搜索</title>
<script src="/dist/trove.js" data-base-url="/" data-project="demo" data-collection="cjk" data-token="dev-token" defer></script>
</head>
<body>
<trove-search-box placeholder="搜索"></trove-search-box>
<trove-search-results></trove-search-results>
</body>
</html>`;

const POSTS = [
  { id: 'zh-1', title: '我的异步编程笔记', content: '今天我们学习异步编程和并发。', url: '/posts/zh-1/', date: '2024-03-01T00:00:00Z' },
  { id: 'zh-2', title: '周末去爬山', content: '山上的风景很美。', url: '/posts/zh-2/', date: '2024-03-02T00:00:00Z' },
  { id: 'ja-1', title: '今日の天気について', content: '今日は電車で会社に行きました。', url: '/posts/ja-1/', date: '2024-03-03T00:00:00Z' },
  { id: 'ja-2', title: 'ラーメンの作り方', content: 'スープは豚骨です。', url: '/posts/ja-2/', date: '2024-03-04T00:00:00Z' },
];

const titles = (page: Page) => page.locator('trove-search-results [part~="result"] [part~="result-title"]');

test.beforeAll(async ({ request }) => {
  const indexed = await request.post('/api/v2/projects/demo/collections/cjk/documents?token=dev-token', { data: POSTS });
  expect(indexed.ok()).toBe(true);
});

test.beforeEach(async ({ page }) => {
  await page.route(`**${PAGE}*`, (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: HTML }));
});

for (const [word, title] of [
  ['编程', '我的异步编程笔记'],
  ['异步', '我的异步编程笔记'],
  ['電車', '今日の天気について'],
  ['天気', '今日の天気について'],
] as const) {
  test(`finds the post with ${word} inside its text`, async ({ page }) => {
    await page.goto(`${PAGE}?q=${encodeURIComponent(word)}`);
    await expect(titles(page)).toHaveText([title]);
  });
}

test('suggests the Japanese post while its word is typed into the search box', async ({ page }) => {
  await page.goto(PAGE);
  await page.locator('trove-search-box input').fill('天気');
  await expect(page.locator('trove-search-box [role="option"]').filter({ hasText: '今日の天気について' })).toHaveCount(1);
});
