import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { baseMessages } from '../packages/widgets/src/ui/baseMessages.ts';
import { relatedPostsMessages } from '../packages/widgets/src/ui/relatedPosts/relatedPostsMessages.ts';
import { searchBoxMessages } from '../packages/widgets/src/ui/searchBox/searchBoxMessages.ts';
import { searchResultsMessages } from '../packages/widgets/src/ui/searchResults/searchResultsMessages.ts';
import { examples, indexBakery, localise, page } from './readmeExamples.ts';

/**
 * The README's blog snippet, pasted as it is, on pages whose `<html lang>` is each language with a
 * catalogue, and nothing else set: the box open with suggestions and with none, the results page
 * with results and with none, and related posts, against the local service. No text of the
 * elements' shadow roots (text, labels, placeholders) is an English one where the language has
 * its own; English itself is the control that the check finds them.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const out = `${root}e2e/.tmp/readme`;
const catalogueDir = `${root}packages/widgets/src/ui/catalogues/`;
const languages = readdirSync(catalogueDir).map((file) => file.replace(/\.json$/, ''));
const english: Record<string, string> = { ...baseMessages, ...searchBoxMessages, ...searchResultsMessages, ...relatedPostsMessages };
const read = (name: string): Record<string, string> => JSON.parse(readFileSync(`${catalogueDir}${name}.json`, 'utf8'));
/** A catalogue as the elements get it: a regional one (`pt-PT`) over its language's. */
const catalogue = (name: string) =>
  name.includes('-') && languages.includes(name.split('-')[0]!) ? { ...read(name.split('-')[0]!), ...read(name) } : read(name);
/** The tag a page of each catalogue says: a region where the catalogue is a script or a region (`zh-TW`, `pt-BR`). */
const pageLang: Record<string, string> = { 'zh-Hans': 'zh-CN', 'zh-Hant': 'zh-TW', pt: 'pt-BR', 'pt-PT': 'pt-PT' };

/** Tests for the English texts that `language` does not share: a text that is one of them, or holds a sentence of one. */
function englishTexts(language: string): { key: string; test(text: string): boolean }[] {
  const own = language === 'en' ? {} : catalogue(language);
  return (
    Object.entries(english)
      // A text of placeholders and punctuation (`{field}: {value}`) is in no language.
      .filter(([key, text]) => own[key] !== text && /\p{L}{2}/u.test(text.replace(/\{\w+\}/g, '')))
      .map(([key, text]) => {
        const pattern = text.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '[\\s\\S]*?');
        const whole = new RegExp(`^${pattern}$`);
        // A sentence of several words is English wherever it stands (a live region joins texts).
        const within = /\s\S+\s/.test(text.replace(/\{\w+\}/g, 'x')) ? new RegExp(pattern) : undefined;
        return { key, test: (found: string) => whole.test(found) || !!within?.test(found) };
      })
  );
}

/** Every text of the Trove elements' shadow roots: text nodes and the attributes read out or shown. */
function shadowTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const attributes = ['aria-label', 'aria-description', 'aria-roledescription', 'aria-valuetext', 'placeholder', 'title', 'alt'];
    const walk = (node: ShadowRoot) => {
      const texts = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
      for (let text = texts.nextNode(); text; text = texts.nextNode()) if (text.textContent!.trim()) found.push(text.textContent!.trim());
      for (const element of node.querySelectorAll('*')) {
        for (const name of attributes) {
          const value = element.getAttribute(name)?.trim();
          if (value) found.push(value);
        }
        if (element.shadowRoot) walk(element.shadowRoot);
      }
    };
    for (const host of document.querySelectorAll('trove-search-box, trove-search-results, trove-related-posts'))
      if (host.shadowRoot) walk(host.shadowRoot);
    return found;
  });
}

/** The English texts among what the page's elements show and announce, as `key: text`. */
async function englishOn(page: Page, language: string): Promise<string[]> {
  const tests = englishTexts(language);
  const texts = await shadowTexts(page);
  return texts.flatMap((text) => tests.filter((t) => t.test(text)).map((t) => `${t.key}: ${text}`));
}

const box = (page: Page) => page.locator('trove-search-box').getByRole('combobox');
const results = (page: Page) => page.locator('trove-search-results').locator('[part~="result"]');
const related = (page: Page) => page.locator('trove-related-posts').getByRole('link');

/** The snippet's page in `lang` with the results of `q`, the box open with the suggestions for `typed`. */
async function open(tab: Page, name: string, q: string, typed: string) {
  await tab.goto(`/readme/lang-${name}.html?q=${encodeURIComponent(q)}`);
  await expect(box(tab)).toBeVisible();
  await box(tab).fill(typed);
  await expect(tab.locator('trove-search-box').getByRole('status')).not.toHaveText('');
}

test.describe("the widgets in the page's language", () => {
  test.beforeAll(async ({ request, baseURL }) => {
    const collection = `languages-${Date.now()}`;
    const [first] = await indexBakery(request, baseURL!, collection);
    mkdirSync(out, { recursive: true });
    const snippet = localise(examples().get('blog')!, baseURL!, collection);
    const head = `<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="canonical" href="${first}"><style>:root{color-scheme:light dark;font-family:system-ui,sans-serif}body{margin:0 auto;max-width:46rem;padding:1rem;background:light-dark(#fff,#15181c);color:light-dark(#1f2328,#e6e8eb)}</style>`;
    for (const name of ['en', ...languages]) writeFileSync(`${out}/lang-${name}.html`, page(snippet, head, pageLang[name] ?? name));
  });

  test('English: the control, where every text is English', async ({ page: tab }) => {
    await open(tab, 'en', 'sourdough', 'sourdough');
    await expect(results(tab).first()).toBeVisible();
    await expect(related(tab)).toHaveCount(3);
    expect((await englishOn(tab, 'en')).length).toBeGreaterThan(10);
  });

  for (const name of languages) {
    test(`${name} (lang="${pageLang[name] ?? name}"): not one English text, with and without results`, async ({ page: tab }) => {
      const own = catalogue(name);
      await open(tab, name, 'sourdough', 'sourdough');
      await expect(results(tab).first()).toBeVisible();
      await expect(tab.locator('trove-search-box').getByRole('option').first()).toBeVisible();
      await expect(related(tab)).toHaveCount(3);
      await expect(tab.locator('trove-related-posts').getByRole('heading', { level: 2 })).toHaveText(own.relatedHeading!);
      const found = await englishOn(tab, name);
      await open(tab, name, 'zzqxvw', 'zzqxvw');
      await expect(tab.locator('trove-search-results').getByText(own.emptyHint!).first()).toBeVisible();
      found.push(...(await englishOn(tab, name)));
      expect(found).toEqual([]);
      // Right to left in Arabic, Hebrew and Persian, though the page says only its language.
      const direction = await tab.locator('trove-search-results').evaluate((host) => getComputedStyle(host).direction);
      expect(direction).toBe(/^(ar|he|fa)$/.test(name) ? 'rtl' : 'ltr');
    });
  }

  test('a language whose texts cannot be fetched stays English and works', async ({ page: tab }) => {
    await tab.route('**/chunks/i18n/fr.js', (route) => route.fulfill({ status: 404, body: '' }));
    await open(tab, 'fr', 'sourdough', 'sourdough');
    await expect(results(tab).first()).toBeVisible();
    await expect(tab.locator('trove-related-posts').getByRole('heading', { level: 2 })).toHaveText('Related posts');
  });

  test('the early field speaks the language before the box has its code', async ({ page: tab }) => {
    await tab.route('**/chunks/trove-search-box.js', () => {});
    await tab.goto('/readme/lang-de.html');
    const field = tab.locator('trove-search-box').getByRole('searchbox');
    await expect(field).toHaveAttribute('placeholder', catalogue('de').placeholder!);
    await expect(field).toHaveAccessibleName('Suchen');
  });

  test('screenshots: Japanese, Arabic and German at 1280 and 390 px, light and dark, the box open and closed', async ({ page: tab }) => {
    const shots = `${root}e2e/.tmp/shots/languages`;
    mkdirSync(shots, { recursive: true });
    for (const name of ['ja', 'ar', 'de'])
      for (const width of [1280, 390])
        for (const colorScheme of ['light', 'dark'] as const) {
          await tab.setViewportSize({ width, height: 900 });
          await tab.emulateMedia({ colorScheme });
          await open(tab, name, 'sourdough', 'sour');
          await expect(tab.locator('trove-search-box').getByRole('option').first()).toBeVisible();
          await tab.screenshot({ path: `${shots}/${name}-${width}-${colorScheme}-open.png`, fullPage: true });
          // Closed: the results page with its count, sort, filters and pages, and the related posts.
          await tab.goto(`/readme/lang-${name}.html?q=sourdough`);
          await expect(results(tab).first()).toBeVisible();
          await expect(related(tab)).toHaveCount(3);
          await tab.screenshot({ path: `${shots}/${name}-${width}-${colorScheme}.png`, fullPage: true });
        }
  });
});
