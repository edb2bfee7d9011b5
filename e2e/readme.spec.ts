import { execFile, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { build, type PluginOption } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { documentId } from '../packages/client/src/documentId.ts';
import { type ServedSite, serveSite } from '../packages/cli/test/cli/serveSite.ts';
import { type BuiltSite, buildSite } from '../test/sites/buildSite.ts';
import { bakery, cdn, examples, indexBakery, localise, page } from './readmeExamples.ts';

/**
 * Every example of README.md (each fenced block after `<!-- example: name -->`), run as written,
 * with only the placeholders swapped for the local service: the script's CDN address, the
 * service's address, project, collection and token.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const out = `${root}e2e/.tmp/readme`;
const dist = process.env.TROVE_OUT_DIR ?? `${root}packages/widgets/dist`;

/** Build an app example with Vite against the built package into e2e/.tmp/readme/<name>/. */
async function buildApp(name: string, files: Record<string, string>, jsx: 'react' | 'preact' = 'preact', plugins: PluginOption[] = []) {
  const src = `${root}e2e/.tmp/readme-src/${name}`;
  rmSync(src, { recursive: true, force: true });
  mkdirSync(src, { recursive: true });
  for (const [file, text] of Object.entries(files)) writeFileSync(`${src}/${file}`, text);
  await build({
    // The example's own vite.config.ts when it has one; the settings below are merged over it.
    configFile: files['vite.config.ts'] ? `${src}/vite.config.ts` : false,
    plugins,
    root: src,
    base: `/readme/${name}/`,
    logLevel: 'warn',
    oxc: { jsx: { runtime: 'automatic', importSource: jsx } },
    resolve: { alias: { 'trove-search': `${dist}/index.js` } },
    build: { outDir: `${out}/${name}`, emptyOutDir: true },
  });
}

const code = examples();

test('the README has an example for each audience', () => {
  expect([...code.keys()].sort()).toEqual([
    'blog',
    'ci',
    'cms',
    'cron',
    'index-site',
    'node',
    'phone',
    'react',
    'shadow-root',
    'spa',
    'static-build',
    'svelte',
    'vue',
    'vue-config',
  ]);
});

test.describe('README examples', () => {
  test.beforeAll(() => mkdirSync(out, { recursive: true }));

  test("blog: the script tag and the three elements work as pasted, the related posts found by the page's canonical link", async ({
    page: tab,
    baseURL,
    request,
  }) => {
    const collection = `posts-${Date.now()}`;
    const [first] = await indexBakery(request, baseURL!, collection);
    writeFileSync(`${out}/blog.html`, page(localise(code.get('blog')!, baseURL!, collection), `<link rel="canonical" href="${first}">`));
    await request.delete('/_trove/requests');
    await tab.goto('/readme/blog.html');
    // The pointer over the box: the loader fetches its code then.
    await tab.locator('trove-search-box').hover();
    const box = tab.getByRole('combobox');
    await expect(box).toHaveAttribute('placeholder', 'Search…');
    await box.fill('sourdough');
    await expect(tab.getByRole('option').first()).toBeVisible();
    const related = tab.locator('trove-related-posts').getByRole('link');
    await expect(related).toHaveCount(3);
    expect((await related.allTextContents()).sort()).toEqual([...bakery.slice(1)].sort());
    const log = (await (await request.get('/_trove/requests')).json()) as { path: string; query: [string, string][] }[];
    expect(log.find((r) => r.path.includes('/recommend'))!.query).toEqual(expect.arrayContaining([['id', String(documentId(first!))]]));
    await box.press('Enter');
    await expect(
      tab
        .locator('trove-search-results')
        .getByText(/results? for/)
        .first(),
    ).toBeVisible();
  });

  test("blog: the script tag with the local service's values the README gives works on a local page", async ({ page: tab, baseURL }) => {
    const values = /`(data-base-url="http:\/\/127\.0\.0\.1:8787" [^`]+)`/.exec(readFileSync(`${root}README.md`, 'utf8'))![1]!;
    const script = code
      .get('blog')!
      .split('\n\n')[0]!
      .replace(/data-base-url="[^"]*"\s+data-project="[^"]*" data-collection="[^"]*" data-token="[^"]*"/, values)
      .replaceAll(cdn, '/dist/trove.js')
      .replace('http://127.0.0.1:8787', baseURL!); // the README's port is the service's default; the tests' service has its own
    writeFileSync(`${out}/local.html`, page('<trove-search-box placeholder="Search"></trove-search-box>', script));
    await tab.goto('/readme/local.html');
    await tab.locator('trove-search-box').hover();
    await tab.getByRole('combobox').fill('sourdough');
    await expect(tab.getByRole('option').first()).toBeVisible();
  });

  test('cms: a theme template with filled-in attributes', async ({ page: tab, baseURL, request }) => {
    const collection = `posts-cms-${Date.now()}`;
    const [first] = await indexBakery(request, baseURL!, collection);
    const template = localise(code.get('cms')!, baseURL!, collection)
      .replaceAll('{{ post.title }}', bakery[0]!)
      .replaceAll('{{ post.body }}', '<p>Flour, water, salt and time.</p>')
      .replaceAll('{{ post.category }}', 'Baking');
    const script = localise(code.get('blog')!, baseURL!, collection).split('\n\n')[0];
    writeFileSync(`${out}/cms.html`, page(template, `<link rel="canonical" href="${first}">${script}`));
    await request.delete('/_trove/requests');
    await tab.goto('/readme/cms.html');
    const related = tab.locator('trove-related-posts');
    await related.scrollIntoViewIfNeeded();
    await expect(related.getByRole('heading', { name: 'Keep reading' })).toBeVisible();
    await expect(related.getByRole('link').first()).toBeVisible();
    expect(await related.getByRole('link').count()).toBeLessThanOrEqual(3);
    const log = (await (await request.get('/_trove/requests')).json()) as { path: string; query: [string, string][] }[];
    const recommend = log.find((r) => r.path.includes('/recommend'))!;
    expect(recommend.query).toEqual(
      expect.arrayContaining([
        ['id', String(documentId(first!))],
        ['url', first],
        ['limit', '3'],
        ['filter', 'category:"Baking"'],
      ]),
    );
  });

  test('spa: configure(), defineElements() and a cancelled trove-select', async ({ page: tab, baseURL }) => {
    await buildApp('spa', {
      'index.html': page('<div id="search"></div><script type="module" src="./main.ts"></script>'),
      'main.ts': localise(code.get('spa')!, baseURL!),
    });
    await tab.goto('/readme/spa/');
    const box = tab.getByRole('combobox');
    await box.fill('sourdough');
    const link = tab.locator('trove-search-box [part~="option-navigational"]').first();
    await expect(link).toBeVisible();
    const phrase = (await link.locator('[part~="option-title"]').textContent())!.trim();
    await link.click();
    await expect(tab).toHaveURL(/\/posts\/\d+\//);
    await expect(tab).toHaveTitle(phrase);
    // pushState, not a page load: the box is still there.
    await expect(box).toBeAttached();
  });

  test('react: the component renders related posts and receives trove-select', async ({ page: tab, baseURL }) => {
    await buildApp(
      'react',
      {
        'index.html': page('<div id="root"></div><script type="module" src="./main.tsx"></script>'),
        'post.tsx': localise(code.get('react')!, baseURL!),
        'main.tsx': `import { createRoot } from 'react-dom/client';\nimport { Post } from './post.tsx';\ncreateRoot(document.getElementById('root')!).render(<Post id="12" title="Sourdough at home" />);\n`,
      },
      'react',
    );
    await tab.goto('/readme/react/');
    const related = tab.locator('trove-related-posts');
    const first = related.getByRole('link').first();
    await expect(first).toBeVisible();
    const title = (await first.textContent())!.trim();
    await first.click();
    await expect(tab.getByRole('status').filter({ hasText: 'Opening' })).toHaveText(`Opening “${title}”`);
    expect(new URL(tab.url()).pathname).toBe('/readme/react/');
  });

  test('shadow-root: a search box in a declarative shadow root suggests', async ({ page: tab, baseURL }) => {
    writeFileSync(`${out}/shadow-root.html`, page(localise(code.get('shadow-root')!, baseURL!)));
    await tab.goto('/readme/shadow-root.html');
    await tab.locator('site-header trove-search-box').hover();
    const box = tab.locator('site-header').getByRole('combobox');
    await expect(box).toHaveAttribute('placeholder', 'Search the blog');
    expect(
      await tab.evaluate(() => document.querySelector('site-header')!.shadowRoot!.querySelector('trove-search-box')!.matches(':defined')),
    ).toBe(true);
    await box.fill('sourdough');
    await expect(tab.getByRole('option').first()).toBeVisible();
  });

  for (const framework of ['vue', 'svelte'] as const) {
    test(`${framework}: the component passes translations, binds doc-id and receives a cancelled trove-select`, async ({
      page: tab,
      baseURL,
    }) => {
      const errors: string[] = [];
      tab.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
      tab.on('pageerror', (error) => errors.push(error.message));
      const files: Record<string, string> =
        framework === 'vue'
          ? {
              'vite.config.ts': code.get('vue-config')!,
              'Post.vue': localise(code.get('vue')!, baseURL!),
              'main.ts': `import { createApp } from 'vue';\nimport Post from './Post.vue';\ncreateApp(Post, { postId: '12' }).mount('#app');\n`,
            }
          : {
              'Post.svelte': localise(code.get('svelte')!, baseURL!),
              'main.ts': `import { mount } from 'svelte';\nimport Post from './Post.svelte';\nmount(Post, { target: document.getElementById('app')!, props: { postId: '12' } });\n`,
            };
      await buildApp(
        framework,
        { 'index.html': page('<div id="app"></div><script type="module" src="./main.ts"></script>'), ...files },
        'preact',
        framework === 'svelte' ? [svelte({ configFile: false })] : [],
      );
      await tab.goto(`/readme/${framework}/`);
      // The pointer over the box: the script tag's loader fetches its code then.
      await tab.locator('trove-search-box').hover();
      await expect(tab.getByRole('combobox')).toHaveAttribute('placeholder', 'Search');
      const related = tab.locator('trove-related-posts');
      await expect(related).toHaveAttribute('doc-id', '12');
      await expect(related.getByRole('heading', { name: 'Keep reading' })).toBeVisible();
      const first = related.getByRole('link').first();
      await expect(first).toBeVisible();
      const title = (await first.textContent())!.trim();
      await first.click();
      await expect(tab.getByRole('status').filter({ hasText: 'Opening' })).toHaveText(`Opening “${title}”`);
      expect(new URL(tab.url()).pathname).toBe(`/readme/${framework}/`);
      expect(errors).toEqual([]);
    });
  }

  test('phone: at 390 px the box opens as a full-screen panel with a 16 px input and a Search key', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 760 } });
    const tab = await context.newPage();
    writeFileSync(`${out}/phone.html`, page(`<main>${'<p>Post text.</p>'.repeat(40)}</main>`, localise(code.get('phone')!, baseURL!)));
    await tab.goto('/readme/phone.html');
    // A tap on the field before the box's code is there fetches it (and focuses the field).
    await tab.locator('trove-search-box').tap();
    const box = tab.getByRole('combobox');
    await box.tap();
    await box.pressSequentially('sourd', { delay: 40 });
    await expect(tab.getByRole('option').first()).toBeVisible();
    expect(await box.getAttribute('enterkeyhint')).toBe('search');
    expect(Number.parseFloat(await box.evaluate((input) => getComputedStyle(input).fontSize))).toBeGreaterThanOrEqual(16);
    const panel = (await tab.locator('trove-search-box [part~="base"]').boundingBox())!;
    expect(panel.height).toBeGreaterThanOrEqual(0.9 * 760);
    expect(panel.width).toBe(390);
    await context.close();
  });

  test('node: the bare client searches, suggests, recommends and types its errors', ({ baseURL }) => {
    const file = `${out}/node-example.mjs`;
    writeFileSync(file, localise(code.get('node')!, baseURL!));
    const output = execFileSync(process.execPath, [file], { cwd: root, encoding: 'utf8' });
    expect(output).toMatch(/^\d+ posts; first: .+; years: \d{4}/m);
    expect(output).toMatch(/^(navigational|filter): .*sourd/im);
    expect(output).toMatch(/^related to 42: .+/m);
    expect(output).toMatch(/^recommend failed: 404 /m);
  });
});

/**
 * The blogger's road: the commands of "Index a blog" run as written (the blog's address swapped for
 * a Jekyll blog built by the real generator and served on loopback, `npx trove` for the built
 * bin/trove.js, the placeholders for the local service), and their posts found by a search.
 */
test.describe('README: indexing a blog', () => {
  test.describe.configure({ timeout: 180_000 });
  /** `trove index`'s cache folder (its state files), for this run only. */
  let cache: string;
  let served: ServedSite;
  let site: BuiltSite;

  test.beforeAll(async () => {
    cache = mkdtempSync(join(tmpdir(), 'trove-readme-'));
    served = await serveSite(tmpdir());
    site = await buildSite('jekyll', { siteUrl: served.base });
    served.setRoot(site.dir);
  });
  test.afterAll(async () => {
    await served?.stop();
    if (cache) rmSync(cache, { recursive: true, force: true });
  });

  /** A README command as the shell runs it, on the local service and the served blog (asynchronously: the blog is served by this process). */
  function shell(command: string, origin: string, collection: string): Promise<{ code: number; output: string }> {
    const local = command
      .replaceAll('https://blog.example.com/', `${served.base}/`)
      .replaceAll('https://search.example.com', origin)
      .replaceAll('--project my-blog', '--project demo')
      .replaceAll('--collection posts', `--collection ${collection}`)
      .replaceAll('TROVE_TOKEN=… ', 'TROVE_TOKEN=dev-token ')
      .replaceAll('npx trove ', `${process.execPath} ${root}packages/cli/bin/trove.js `);
    return new Promise((resolve) => {
      execFile(
        'sh',
        ['-c', `${local} 2>&1`],
        { cwd: root, encoding: 'utf8', env: { ...process.env, XDG_CACHE_HOME: cache, TROVE_TOKEN: 'dev-token' } },
        (error, stdout) => resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, output: stdout }),
      );
    });
  }

  async function found(request: APIRequestContext, collection: string, word: string): Promise<string[]> {
    const response = await request.get(`/api/v2/projects/demo/collections/${collection}/search/default`, {
      params: { q: word, token: 'dev-token' },
    });
    return ((await response.json()).response.results as { url: string }[]).map((r) => r.url);
  }

  test("index-site and cron: every post from the blog's address; the next run sends nothing", async ({ baseURL, request }) => {
    const first = await shell(code.get('index-site')!, baseURL!, 'readme-site');
    expect(first.code, first.output).toBe(0);
    expect(first.output).toContain(`from its sitemap (${served.base}/sitemap.xml)`);
    for (const post of [site.posts[0]!, site.posts.at(-1)!])
      expect(await found(request, 'readme-site', post.ownWord)).toContain(site.postAddress(post));
    const line = code
      .get('cron')!
      .split('\n')
      .find((text) => !text.startsWith('#'))!;
    const [minute, hour, day, month, weekday, ...command] = line.split(' ');
    expect([minute, hour, day, month, weekday]).toEqual(['17', '*', '*', '*', '*']);
    const again = await shell(command.join(' '), baseURL!, 'readme-site');
    expect(again.code, again.output).toBe(0);
    expect(again.output).toContain('Nothing to send');
  });

  test('static-build and ci: the built folder indexed with --site-url after the build', async ({ baseURL, request }) => {
    const build = await shell(
      code
        .get('static-build')!
        .replace(/^hugo && /, '')
        .replaceAll('./public', site.dir),
      baseURL!,
      'readme-folder',
    );
    expect(code.get('static-build')).toMatch(/^hugo && npx trove index \.\/public /);
    expect(build.code, build.output).toBe(0);
    expect((await found(request, 'readme-folder', site.posts[3]!.ownWord))[0]).toBe(site.postAddress(site.posts[3]!));
    const step = /- run: (npx trove index .*)\n\s+env:\n\s+TROVE_TOKEN: \$\{\{ secrets\.TROVE_TOKEN \}\}/.exec(code.get('ci')!)![1]!;
    const ci = await shell(`TROVE_TOKEN=… ${step.replaceAll('./public', site.dir)}`, baseURL!, 'readme-folder');
    expect(ci.code, ci.output).toBe(0);
  });
});
