import { execFile, execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { documentId } from '../packages/client/src/documentId.ts';
import { type ServedSite, serveSite } from '../packages/cli/test/cli/serveSite.ts';
import { type BlogPost, blogPosts } from '../test/sites/blogPosts.ts';
import { buildSite, skipWithoutGenerator } from '../test/sites/buildSite.ts';
import { type Platform, sitePlatforms } from '../test/sites/sitePlatforms.ts';
import { installTextChecks, textProblems } from './textChecks.ts';

/**
 * docs/platforms.md's recipes for Hugo, Jekyll and Eleventy, applied exactly as the document
 * writes them (each block after its `<!-- recipe: platform file [before|after "anchor"] -->`
 * marker, read from the document) to the test blogs of test/sites/, built by the real generator
 * with the recipe's own build command (which indexes into the e2e server's `trove serve`), served
 * on loopback, and used in Chromium: the box, the search page, related posts and their feedback.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const dist = process.env.TROVE_OUT_DIR ?? join(root, 'packages/widgets/dist');

interface Recipe {
  platform: string;
  file: string;
  where?: 'before' | 'after';
  anchor?: string;
  code: string;
}

/** Every recipe block of docs/platforms.md, in order. */
function recipes(): Recipe[] {
  const doc = readFileSync(join(root, 'docs/platforms.md'), 'utf8');
  return [...doc.matchAll(/<!-- recipe: (\w+) (\S+)(?: (before|after) "([^"]+)")? -->\n```\w*\n([\s\S]*?)\n```/g)].map(
    ([, platform, file, where, anchor, code]) => ({
      platform: platform!,
      file: file!,
      where: where as Recipe['where'],
      anchor,
      code: code!,
    }),
  );
}

/** The document's placeholders, for the local service, the served blog and this collection. */
function localise(code: string, origin: string, site: string, collection: string): string {
  return code
    .replaceAll('https://cdn.jsdelivr.net/npm/trove-search@0.1.0/dist/trove.js', '/trove/trove.js')
    .replaceAll('https://search.example.com', origin)
    .replaceAll('https://blog.example.com/', `${site}/`)
    .replaceAll('my-blog', 'demo')
    .replace(/(data-collection="|collection: "|--collection )posts/g, `$1${collection}`)
    .replaceAll('YOUR_PUBLIC_TOKEN', 'dev-token')
    .replaceAll('TROVE_TOKEN=… ', 'TROVE_TOKEN=dev-token ');
}

const require = createRequire(import.meta.url);
const eleventyCmd = join(dirname(require.resolve('@11ty/eleventy')), '..', 'cmd.cjs');

/** Where a theme's file is, for a recipe that edits the site's copy of it. */
function themeFile(platform: Platform, source: string, file: string): string {
  if (platform === 'hugo') return join(source, 'themes/paper', file);
  if (platform === 'jekyll') {
    const minima = execFileSync('ruby', ['-e', 'print Gem::Specification.find_by_name("minima").gem_dir'], { encoding: 'utf8' });
    return join(minima, file);
  }
  return join(source, file);
}

/** Apply the platform's recipes (all but its build command) to the site's sources. */
function applyRecipes(platform: Platform, source: string, local: (code: string) => string): void {
  const mine = recipes().filter((r) => r.platform === platform && r.file !== 'build');
  expect(mine.length).toBeGreaterThanOrEqual(3);
  for (const recipe of mine) {
    const target = join(source, recipe.file);
    mkdirSync(dirname(target), { recursive: true });
    const code = local(recipe.code);
    if (!recipe.where) {
      writeFileSync(target, `${code}\n`);
      continue;
    }
    const text = readFileSync(existsSync(target) ? target : themeFile(platform, source, recipe.file), 'utf8');
    const at = text.indexOf(recipe.anchor!);
    expect(at, `"${recipe.anchor}" in ${recipe.file}`).toBeGreaterThanOrEqual(0);
    const cut = recipe.where === 'before' ? at : at + recipe.anchor!.length;
    writeFileSync(target, `${text.slice(0, cut)}\n${code}\n${text.slice(cut)}`);
  }
}

/** The recipe's build command, run by the shell in the site's folder; resolves to its status and output. */
function runBuild(command: string, cwd: string, env: Record<string, string>): Promise<{ code: number; output: string }> {
  const local = command
    .replaceAll('npx trove ', `${process.execPath} ${root}packages/cli/bin/trove.js `)
    .replaceAll('npx @11ty/eleventy', `${process.execPath} ${eleventyCmd}`);
  return new Promise((resolve) => {
    execFile(
      'sh',
      ['-c', `${local} 2>&1`],
      { cwd, encoding: 'utf8', env: { ...process.env, XDG_CACHE_HOME: join(cwd, '.cache'), ...env }, maxBuffer: 1 << 24 },
      (error, stdout) => resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, output: stdout }),
    );
  });
}

const output: Record<Platform, string> = { hugo: 'public', jekyll: '_site', eleventy: '_site' };

interface Built {
  served: ServedSite;
  posts: BlogPost[];
  address(post: BlogPost): string;
  buildOutput: string;
  collection: string;
  work: string;
}

async function buildWithRecipe(platform: Platform, origin: string): Promise<Built> {
  const work = mkdtempSync(join(tmpdir(), `trove-platform-${platform}-`));
  const source = join(work, 'site');
  const served = await serveSite(work);
  const site = served.base;
  const collection = `platform-${platform}-${Date.now()}`;
  const posts = blogPosts().slice(0, 40);
  cpSync(join(root, 'test/sites', platform), source, { recursive: true });
  const spec = sitePlatforms[platform];
  spec.writeSources(source, posts, site);
  // The generators' own way to get the address: Hugo's environment, Jekyll's _config.yml (as the recipe builds with it alone).
  if (platform === 'jekyll')
    writeFileSync(join(source, '_config.yml'), `${readFileSync(join(source, '_config.yml'), 'utf8')}\nurl: "${site}"\n`);
  // The package as `npm install trove-search-cli` puts it, for `import trove from "trove-search-cli/eleventy"`.
  if (platform === 'eleventy') {
    mkdirSync(join(source, 'node_modules'), { recursive: true });
    symlinkSync(join(root, 'packages/cli'), join(source, 'node_modules/trove-search-cli'), 'dir');
  }
  applyRecipes(platform, source, (code) => localise(code, origin, site, collection));
  const build = recipes().find((r) => r.platform === platform && r.file === 'build')!;
  const ran = await runBuild(localise(build.code, origin, site, collection), source, {
    HUGO_BASEURL: `${site}/`,
    TROVE_TOKEN: 'dev-token',
  });
  expect(ran.code, ran.output).toBe(0);
  const built = join(source, output[platform]);
  // The widgets from your own copy of the package's dist/ (README), where the recipe's script tag points: the plugin copies them itself.
  if (platform !== 'eleventy') {
    cpSync(join(dist, 'trove.js'), join(built, 'trove/trove.js'));
    cpSync(join(dist, 'chunks'), join(built, 'trove/chunks'), { recursive: true });
  }
  served.setRoot(built);
  return { served, posts, address: (post) => spec.postAddress(post, site), buildOutput: ran.output, collection, work };
}

async function recommendationFeedback(request: APIRequestContext) {
  const all = (await (await request.get('/_trove/feedback')).json()) as { kind: string; params: Record<string, string> }[];
  return all.filter((f) => f.kind === 'recommendation');
}

/**
 * What goes wrong on the page: an uncaught error, a console error, or a failed answer of the
 * widgets' files or the service (the test themes have no stylesheet or pictures: their own 404s
 * are not ours, and the console reports them without their address).
 */
function watchErrors(page: Page, origin: string): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text());
  });
  page.on('response', (response) => {
    const url = response.url();
    if (response.status() >= 400 && (url.startsWith(origin) || url.includes('/trove/'))) errors.push(`${response.status()} ${url}`);
  });
  return errors;
}

/** The box's field: the loader's early one until the reader reaches for it (a click starts the box's code, which takes it over), then the combobox. */
const combobox = (page: Page) =>
  page.locator('trove-search-box').getByRole('combobox').or(page.locator('trove-search-box').getByRole('searchbox'));

for (const platform of ['hugo', 'jekyll', 'eleventy'] as const) {
  test.describe(`docs/platforms.md on ${sitePlatforms[platform].name}`, () => {
    test.describe.configure({ mode: 'serial', timeout: 180_000 });
    let built: Built;
    test.skip(() => skipWithoutGenerator(platform));

    test.beforeAll(async ({ baseURL }) => {
      test.setTimeout(180_000);
      built = await buildWithRecipe(platform, baseURL!);
    });
    test.afterAll(async () => {
      await built?.served.stop();
      if (built) rmSync(built.work, { recursive: true, force: true });
    });

    test('the recipe’s build indexes every post, reporting as trove index does', async ({ request }) => {
      expect(built.buildOutput).toMatch(new RegExp(`Read .* ${built.posts.length} posts`));
      const post = built.posts[7]!;
      const response = await request.get(`/api/v2/projects/demo/collections/${built.collection}/search/default`, {
        params: { q: post.ownWord, token: 'dev-token' },
      });
      expect((await response.json()).response.results[0].url).toBe(built.address(post));
    });

    test('the box in the header offers a post by its title and lands on it; the search page lists it first', async ({ page, baseURL }) => {
      const errors = watchErrors(page, baseURL!);
      const post = built.posts[12]!;
      await page.goto(`${built.served.base}/`);
      await combobox(page).click();
      await combobox(page).pressSequentially(post.title, { delay: 10 });
      const option = page.locator('trove-search-box [role="option"]', { hasText: post.title }).first();
      await expect(option).toBeVisible();
      await option.click();
      await page.waitForURL((url) => `${url.origin}${url.pathname}` === built.address(post));

      await page.goto(`${built.served.base}/search/?q=${encodeURIComponent(post.ownWord)}`);
      const first = page.locator('trove-search-results').getByRole('link', { name: post.title }).first();
      await expect(first).toBeVisible();
      const links = await page
        .locator('trove-search-results [part~="result"] a[href]')
        .evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
      expect(links[0]?.replace(/#.*$/, '')).toBe(built.address(post));
      expect(errors).toEqual([]);
    });

    test('a post shows related posts on its topic and a click sends feedback with the ids and the position', async ({
      page,
      request,
      baseURL,
    }) => {
      const errors = watchErrors(page, baseURL!);
      const post = built.posts[20]!;
      await page.goto(built.address(post));
      const block = page.locator('trove-related-posts');
      // The attributes the recipe gives (Hugo's data-related-layout, Eleventy's shortcode object).
      if (platform !== 'jekyll') await expect(block).toHaveAttribute('layout', 'grid');
      await block.scrollIntoViewIfNeeded();
      const links = block.locator('[part~="card"] h3 a');
      await expect(links.first()).toBeVisible();
      const hrefs = await links.evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href.replace(/#.*$/, '')));
      const byAddress = new Map(built.posts.map((p) => [built.address(p), p]));
      const related = hrefs.map((href) => byAddress.get(href));
      expect(related.every(Boolean), hrefs.join(', ')).toBe(true);
      expect(related[0]!.topic).toBe(post.topic);
      expect(hrefs).not.toContain(built.address(post));

      const before = (await recommendationFeedback(request)).length;
      await links.nth(1).click();
      await page.waitForURL((url) => `${url.origin}${url.pathname}` === hrefs[1]);
      await expect.poll(async () => (await recommendationFeedback(request)).length).toBe(before + 1);
      const hit = (await recommendationFeedback(request)).at(-1)!;
      expect(hit.params).toMatchObject({
        source_id: String(documentId(built.address(post))),
        target_id: String(documentId(hrefs[1]!)),
        item_order: '2',
      });
      expect(errors).toEqual([]);
    });

    test('the box reads on the theme, at the size of the text around it', async ({ browser }) => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      await installTextChecks(context);
      const page = await context.newPage();
      await page.goto(`${built.served.base}/`);
      await combobox(page).click();
      await combobox(page).pressSequentially(built.posts[3]!.title, { delay: 10 });
      await expect(page.locator('trove-search-box [role="option"]').first()).toBeVisible();
      const texts = await textProblems(page, '[part~="popup"]');
      expect(texts.problems).toEqual([]);
      expect(texts.checked).toBeGreaterThan(0);
      await context.close();
    });
  });
}

/** Collect every Content-Security-Policy violation from the first byte on. */
async function recordViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
}
const violations = (page: Page) => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

/**
 * Ghost with Casper, Code Injection only: e2e/pages/casper-post.html (Casper's post page, under a
 * strict CSP) served as the posts of a Ghost blog under /ghost/, with docs/platforms.md's Code
 * Injection snippet where Ghost puts it, and the posts indexed as `trove index` indexes them
 * (ids from their addresses).
 */
test.describe('docs/platforms.md on Ghost (Casper), Code Injection only', () => {
  const casper = readFileSync(join(root, 'e2e/pages/casper-post.html'), 'utf8');
  const collection = `platform-ghost-${Date.now()}`;
  const titles = [
    'Sourdough starter from scratch',
    'Sourdough crumb and hydration',
    'Rye sourdough for beginners',
    'Sourdough discard pancakes',
    'Fixing a flat bicycle tyre',
  ];
  const slug = (title: string) => title.toLowerCase().replace(/ /g, '-');
  const snippet = recipes().find((r) => r.platform === 'ghost' && r.file === 'code-injection')!.code;

  /** Serve /ghost/<slug>/ as Casper's post page (`edit` changes it), with the Code Injection snippet or without it. */
  async function serveGhost(page: Page, origin: string, inject = true, edit = (html: string) => html) {
    const code = inject ? localise(snippet, origin, origin, collection).replace('/trove/trove.js', '/dist/trove.js') : '';
    await page.route('**/ghost/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: edit(casper.replace('<!-- code injection: site header -->', code)) }),
    );
  }

  test.beforeAll(async ({ request, baseURL }) => {
    const documents = titles.map((title, i) => {
      const url = `${baseURL}/ghost/${slug(title)}/`;
      const bread = i < 4;
      return {
        id: documentId(url),
        title,
        content: bread ? `${title}: flour, water, salt, a starter and time.` : `${title}: a patch, a lever and a pump.`,
        url,
        category: [bread ? 'Baking' : 'Cycling'],
        tags: bread ? ['sourdough', 'bread'] : ['bicycle'],
      };
    });
    const response = await request.post(`/api/v2/projects/demo/collections/${collection}/documents?token=dev-token`, { data: documents });
    expect(response.status()).toBe(200);
  });

  const post = (origin: string) => `${origin}/ghost/${slug(titles[0]!)}/`;
  const panelInput = (page: Page) => page.locator('trove-search-box[panel] input[role="combobox"]');

  test('the search button opens Trove’s box as a panel, Ghost’s own search never opens, and Escape gives the focus back', async ({
    page,
    baseURL,
  }) => {
    await recordViolations(page);
    const errors = watchErrors(page, baseURL!);
    await serveGhost(page, baseURL!);
    await page.goto(post(baseURL!));
    const button = page.locator('.gh-head-actions [data-ghost-search]');
    await button.click();
    await expect(panelInput(page)).toBeFocused();
    // A panel over the page (the top layer), as on a phone.
    expect(
      await page.locator('trove-search-box[panel]').evaluate((el) => el.shadowRoot!.querySelector('.is-panel')!.matches(':popover-open')),
    ).toBe(true);
    await panelInput(page).pressSequentially('sourdough', { delay: 20 });
    await expect(page.locator('trove-search-box [role="option"]', { hasText: titles[1]! }).first()).toBeVisible();
    // Escape closes the list, then clears the text, then leaves the panel (as on a phone).
    for (let i = 0; i < 3; i++) await page.keyboard.press('Escape');
    await expect(panelInput(page)).toBeHidden();
    await expect(button).toBeFocused();
    // ⌘K / Ctrl K and a link to the #/search address open Trove's box too, not Ghost's.
    await page.keyboard.press('ControlOrMeta+k');
    await expect(panelInput(page)).toBeFocused();
    // Its Close button closes it as well.
    await page.locator('trove-search-box[panel] [part~="close-button"]').click();
    await expect(panelInput(page)).toBeHidden();
    // A "Search" item of Ghost's navigation (#/search).
    await page.getByRole('link', { name: 'Search', exact: true }).click();
    await expect(panelInput(page)).toBeFocused();
    expect(new URL(page.url()).hash).toBe('');
    expect(await page.evaluate(() => document.documentElement.dataset.ghostSearchOpen)).toBeUndefined();
    await expect(page.locator('#sodo-search-root')).toHaveCount(0);
    expect(errors).toEqual([]);
    expect(await violations(page)).toEqual([]);
  });

  test('a suggestion chosen in the panel lands on the post', async ({ page, baseURL }) => {
    await serveGhost(page, baseURL!);
    await page.goto(post(baseURL!));
    await page.locator('.gh-head-actions [data-ghost-search]').click();
    await panelInput(page).pressSequentially('rye', { delay: 20 });
    await page.locator('trove-search-box [role="option"]', { hasText: titles[2]! }).first().click();
    await page.waitForURL((url) => url.pathname === `/ghost/${slug(titles[2]!)}/`);
  });

  test('related posts follow the post’s text, on its topic, and send feedback; nothing else of the page changes', async ({
    page,
    baseURL,
    request,
  }) => {
    await recordViolations(page);
    const errors = watchErrors(page, baseURL!);
    // The page as Casper shows it without the snippet.
    await serveGhost(page, baseURL!, false);
    await page.goto(post(baseURL!));
    const bare = await page.locator('body').innerHTML();
    await page.unrouteAll();

    await serveGhost(page, baseURL!);
    await page.goto(post(baseURL!));
    const related = page.locator('section.gh-content + trove-related-posts');
    await related.scrollIntoViewIfNeeded();
    const links = related.locator('[part~="card"] h3 a');
    await expect(links.first()).toBeVisible();
    const names = await links.allTextContents();
    expect(names.length).toBeGreaterThanOrEqual(3);
    expect(names).not.toContain(titles[0]);
    expect(names.slice(0, 3).every((name) => name.includes('ourdough') || name.includes('Rye'))).toBe(true);
    // Take the widgets away again: what is left is the page as it was.
    const rest = await page.locator('body').evaluate((body) => {
      const copy = body.cloneNode(true) as HTMLElement;
      for (const el of copy.querySelectorAll('trove-related-posts, trove-search-box[panel]')) el.remove();
      return copy.innerHTML;
    });
    expect(rest).toBe(bare);

    const before = (await recommendationFeedback(request)).length;
    const target = (await links.nth(0).evaluate((a) => (a as HTMLAnchorElement).href)).replace(/#.*$/, '');
    await links.nth(0).click();
    await page.waitForURL((url) => `${url.origin}${url.pathname}` === target);
    await expect.poll(async () => (await recommendationFeedback(request)).length).toBe(before + 1);
    expect((await recommendationFeedback(request)).at(-1)!.params).toMatchObject({
      source_id: String(documentId(post(baseURL!))),
      target_id: String(documentId(target)),
      item_order: '1',
    });
    expect(errors).toEqual([]);
    expect(await violations(page)).toEqual([]);
  });

  test('the cron line indexes a blog by its address (a Jekyll blog here: no Ghost on this machine)', async ({ baseURL, request }) => {
    test.skip(skipWithoutGenerator('jekyll'));
    test.setTimeout(180_000);
    const served = await serveSite(tmpdir());
    const cache = mkdtempSync(join(tmpdir(), 'trove-ghost-cron-'));
    try {
      const site = await buildSite('jekyll', { siteUrl: served.base });
      served.setRoot(site.dir);
      const line = recipes().find((r) => r.platform === 'ghost' && r.file === 'cron')!.code;
      const [minute, hour, day, month, weekday, ...command] = line.split(' ');
      expect([minute, hour, day, month, weekday]).toEqual(['17', '*', '*', '*', '*']);
      const collection = `platform-cron-${Date.now()}`;
      const ran = await runBuild(localise(command.join(' '), baseURL!, served.base, collection), cache, {});
      expect(ran.code, ran.output).toBe(0);
      const post = site.posts[5]!;
      const response = await request.get(`/api/v2/projects/demo/collections/${collection}/search/default`, {
        params: { q: post.ownWord, token: 'dev-token' },
      });
      expect((await response.json()).response.results[0].url).toBe(site.postAddress(post));
    } finally {
      await served.stop();
      rmSync(cache, { recursive: true, force: true });
    }
  });

  test('a page that is not an article (Casper’s home) gets no related posts', async ({ page, baseURL }) => {
    await serveGhost(page, baseURL!, true, (html) =>
      html.replace('content="article"', 'content="website"').replace('"@type": "Article"', '"@type": "WebSite"'),
    );
    await page.goto(`${baseURL}/ghost/`);
    await expect(page.locator('trove-search-box[panel]')).toHaveCount(1);
    await page.waitForTimeout(500);
    await expect(page.locator('trove-related-posts')).toHaveCount(0);
  });

  for (const size of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    test(`the panel reads on Casper at ${size.width} px, at the size of its text`, async ({ browser, baseURL }) => {
      const phone = size.width < 640;
      const context = await browser.newContext({ viewport: size, hasTouch: phone, isMobile: phone });
      await installTextChecks(context);
      const page = await context.newPage();
      await serveGhost(page, baseURL!);
      await page.goto(post(baseURL!));
      // On a phone Casper shows the button beside the logo; on a wide screen the one among the actions.
      await page.locator('[data-ghost-search]:visible').click();
      await panelInput(page).pressSequentially('sourdough', { delay: 20 });
      await expect(page.locator('trove-search-box [role="option"]').first()).toBeVisible();
      await page.waitForTimeout(150);
      const texts = await textProblems(page, '[part~="base"]');
      expect(texts.problems).toEqual([]);
      expect(texts.checked).toBeGreaterThan(3);
      const box = await page.locator('trove-search-box[panel] [part~="base"]').first().boundingBox();
      expect(box?.width).toBeGreaterThanOrEqual(size.width * 0.95);
      await context.close();
    });
  }
});

test.describe('data-take-over-search on a WordPress theme’s search form', () => {
  test('the form becomes a box that keeps it and sends to /?s=, suggestions on the way; the comment form stays', async ({
    page,
    baseURL,
  }) => {
    await recordViolations(page);
    const errors = watchErrors(page, baseURL!);
    await page.goto('/pages/wordpress-search.html');
    const box = page.locator('header > trove-search-box');
    await expect(box).toHaveAttribute('query-param', 's');
    await expect(box).toHaveAttribute('results-url', `${baseURL}/`);
    expect(await box.evaluate((el) => el.firstElementChild?.matches('form.search-form'))).toBe(true);
    await expect(page.locator('#commentform')).toBeVisible();
    // A click on the box's field starts its code (the loader's early field until then), which takes the field over.
    await box.getByRole('combobox').or(box.getByRole('searchbox')).click();
    const input = box.getByRole('combobox');
    await expect(input).toHaveAttribute('placeholder', 'Search …');
    await input.pressSequentially('garden', { delay: 20 });
    await expect(box.locator('[role="option"]').first()).toBeVisible();
    await input.press('Escape');
    await input.press('Enter');
    await page.waitForURL((url) => url.pathname === '/' && url.searchParams.get('s') === 'garden' && !url.searchParams.has('q'));
    expect(errors).toEqual([]);
  });

  test('without the setting nothing changes and the placing code is not fetched; Trove.configure({ takeOverSearch: true }) later takes the form over', async ({
    page,
  }) => {
    const fetched: string[] = [];
    page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
    await page.route('**/pages/wordpress-search.html', async (route) => {
      const html = await (await route.fetch()).text();
      await route.fulfill({ contentType: 'text/html', body: html.replace(' data-take-over-search defer', ' defer') });
    });
    await page.goto('/pages/wordpress-search.html');
    await page.waitForFunction(() => 'Trove' in window);
    await page.waitForTimeout(300);
    await expect(page.locator('trove-search-box')).toHaveCount(0);
    await expect(page.locator('header > form.search-form')).toHaveCount(1);
    expect(fetched).not.toContain('/dist/chunks/trove-place.js');

    await page.evaluate(() => (window as unknown as { Trove: { configure(c: object): void } }).Trove.configure({ takeOverSearch: true }));
    const box = page.locator('header > trove-search-box[query-param="s"]');
    await expect(box.getByRole('combobox').or(box.getByRole('searchbox'))).toBeVisible();
    expect(fetched).toContain('/dist/chunks/trove-place.js');
  });

  test('without JavaScript the form is the theme’s, untouched', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/pages/wordpress-search.html');
    await expect(page.locator('form.search-form input[name="s"]')).toBeVisible();
    await expect(page.locator('trove-search-box')).toHaveCount(0);
    await context.close();
  });
});
