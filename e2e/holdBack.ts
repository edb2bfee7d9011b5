import type { Page } from '@playwright/test';

/** Holds every response of `pattern` until the returned function is called (code that arrives late). */
export async function holdBack(page: Page, pattern: string): Promise<() => void> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await gate;
    await route.continue();
  });
  return release;
}
