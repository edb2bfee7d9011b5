import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { build } from 'vite';

/**
 * A Vue 3 app (the ES module and `defineElements()`) and a Svelte 5 app (the script tag, loaded
 * after the app mounted) from their npm packages, built by Vite: each type-checks against our
 * typings with its framework's own checker, binds attributes, listens with its own event
 * syntax, removes and restores the box, changes `doc-id` and passes `translations` as a property.
 */
const root = fileURLToPath(new URL('..', import.meta.url));

interface ServiceRequest {
  path: string;
  query: [string, string][];
}
const feedback = async (request: APIRequestContext, kind: string) =>
  ((await (await request.get('/_trove/feedback')).json()) as { kind: string }[]).filter((f) => f.kind === kind).length;
const recommendIds = async (request: APIRequestContext) =>
  ((await (await request.get('/_trove/requests')).json()) as ServiceRequest[])
    .filter((r) => /\/recommend\/?[^/]*$/.test(r.path) && !r.path.includes('feedback'))
    .map((r) => r.query.find(([k]) => k === 'id')?.[1]);

/** Console errors and uncaught exceptions of the page. */
function recordErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

const apps = [
  {
    name: 'Vue 3',
    path: '/vue/',
    typecheck: [`${root}e2e/vue/typecheck.cjs`, '-p', `${root}e2e/vue/tsconfig.json`],
  },
  {
    name: 'Svelte 5',
    path: '/svelte/',
    typecheck: [
      `${root}e2e/svelte/node_modules/svelte-check/bin/svelte-check`,
      '--workspace',
      `${root}e2e/svelte`,
      '--tsconfig',
      './tsconfig.json',
      '--fail-on-warnings',
    ],
  },
];

for (const app of apps) {
  const dir = app.path.slice(1, -1);
  test.describe(`in a ${app.name} app`, () => {
    test.beforeAll(async () => {
      await build({ configFile: `${root}e2e/${dir}/vite.config.ts`, mode: 'production' });
    });

    test('our typings type-check the app with the framework’s own checker', () => {
      // Exits non-zero (and execFileSync throws with its output) on any type error.
      execFileSync(process.execPath, app.typecheck, { encoding: 'utf8', cwd: root });
    });

    test('binds attributes, passes translations as a property, routes a cancelled trove-select', async ({ page, request }) => {
      const errors = recordErrors(page);
      await page.goto(app.path);
      // The pointer over the box (the script tag's loader fetches its code then).
      await page.locator('trove-search-box').hover();
      const box = page.getByRole('combobox');
      await expect(box).toHaveAttribute('placeholder', `Search from ${app.name.split(' ')[0]}`);
      const related = page.locator('trove-related-posts');
      await expect(related.getByRole('heading', { name: 'Lire aussi' })).toBeVisible();
      await expect(related.locator('[part~="base"]')).toHaveClass(/layout-grid/);

      // A cancelled trove-select leaves the routing to the app; the feedback still goes out.
      const recommendations = await feedback(request, 'recommendation');
      await related.getByRole('link').first().click();
      await expect(page.locator('#route')).toHaveText(/^post:\d+$/);
      expect(new URL(page.url()).pathname).toBe(app.path);
      await expect.poll(() => feedback(request, 'recommendation')).toBe(recommendations + 1);

      const suggestions = await feedback(request, 'autocomplete');
      await box.fill('garden');
      await expect(page.getByRole('option').first()).toBeVisible();
      await box.press('ArrowDown');
      await box.press('Enter');
      await expect(page.locator('#route')).toHaveText(/^suggestion:/);
      expect(new URL(page.url()).pathname).toBe(app.path);
      await expect.poll(() => feedback(request, 'autocomplete')).toBe(suggestions + 1);
      expect(errors).toEqual([]);
    });

    test('the box removed and restored by the app works again; a new doc-id brings new cards', async ({ page, request }) => {
      const errors = recordErrors(page);
      await page.goto(app.path);
      const related = page.locator('trove-related-posts');
      await expect(related.getByRole('link').first()).toBeVisible();
      const toggle = page.getByRole('button', { name: 'Toggle the box' });
      await toggle.click();
      await expect(page.locator('trove-search-box')).toHaveCount(0);
      await toggle.click();
      await page.locator('trove-search-box').hover();
      const box = page.getByRole('combobox');
      await box.fill('bread');
      await expect(page.getByRole('option').first()).toBeVisible();
      await box.press('Escape');

      const first = await related.locator('h3').allTextContents();
      await request.delete('/_trove/requests');
      await page.getByRole('button', { name: 'Show post 2' }).click();
      await expect(related).toHaveAttribute('doc-id', '2');
      await expect.poll(() => recommendIds(request)).toEqual(['2']);
      await expect.poll(() => related.locator('h3').allTextContents()).not.toEqual(first);
      await expect(related.getByRole('link').first()).toBeVisible();
      expect(errors).toEqual([]);
    });
  });
}
