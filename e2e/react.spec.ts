import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { build } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));

/** A React 19 app built by Vite from the built package, served at /react/. */
test.describe('in a React 19 app', () => {
  test.beforeAll(async () => {
    await build({ configFile: `${root}e2e/react/vite.config.ts`, mode: 'production' });
  });

  test('the JSX typings of the package type-check the app', () => {
    // tsc exits non-zero (and execFileSync throws with its output) on any type error.
    execFileSync(process.execPath, [`${root}node_modules/typescript/bin/tsc`, '-p', `${root}e2e/react/tsconfig.json`, '--noEmit'], {
      encoding: 'utf8',
    });
  });

  test('renders the three elements, passes attributes and receives trove-select', async ({ page }) => {
    await page.goto('/react/');
    const box = page.getByRole('combobox');
    await expect(box).toHaveAttribute('placeholder', 'Search from React');

    // Attributes set by React reach the related posts (doc-id, heading, eager, layout).
    const related = page.locator('trove-related-posts');
    await expect(related.getByRole('heading', { name: 'More from React' })).toBeVisible();
    await expect(related.getByRole('link').first()).toBeVisible();

    // A cancelled trove-select leaves the routing to React.
    await related.getByRole('link').first().click();
    await expect(page.getByTestId('route')).toHaveText(/^post:\d+$/);
    expect(new URL(page.url()).pathname).toBe('/react/');

    await box.fill('garden');
    await expect(page.getByRole('option').first()).toBeVisible();
    await box.press('ArrowDown');
    await box.press('Enter');
    await expect(page.getByTestId('route')).toHaveText(/^suggestion:/);
    expect(new URL(page.url()).pathname).toBe('/react/');
  });

  test('a cancelled trove-search keeps the page and React state changes reach the element', async ({ page }) => {
    await page.goto('/react/');
    const box = page.getByRole('combobox');
    await box.fill('bread');
    await box.press('Enter');
    await expect(page.getByTestId('searched')).toHaveText('bread');
    expect(new URL(page.url()).pathname).toBe('/react/');

    await page.getByRole('button', { name: 'Show post 2' }).click();
    await expect(page.locator('trove-related-posts')).toHaveAttribute('doc-id', '2');
  });
});
