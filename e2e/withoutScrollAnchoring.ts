import type { Page } from '@playwright/test';

/**
 * Make Chromium a browser without scroll anchoring, as Safari is: `overflow-anchor: none` on every
 * element (Chromium then anchors nothing) and `CSS.supports('overflow-anchor', …)` false, so that
 * the elements keep what is in view in place themselves (src/ui/anchorScroll.ts).
 */
export async function withoutScrollAnchoring(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const supports = CSS.supports.bind(CSS);
    CSS.supports = ((...args: [string, string?]) =>
      /overflow-anchor/.test(args.join(' ')) ? false : supports(...(args as [string]))) as typeof CSS.supports;
    const sheet = new CSSStyleSheet();
    sheet.replaceSync('* { overflow-anchor: none !important; }');
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  });
}
