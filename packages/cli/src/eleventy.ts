/**
 * The Eleventy plugin (`trove-search-cli/eleventy`, Node only: never in a browser chunk). In
 * `eleventy.config.mjs`:
 *
 *   import trove from 'trove-search-cli/eleventy';
 *   eleventyConfig.addPlugin(trove, { baseUrl, project, collection, token, siteUrl });
 *
 * It adds the shortcodes `troveScript` (the script tag with the settings), `troveSearchBox`,
 * `troveSearchResults` and `troveRelatedPosts` (each takes an object of attributes), copies the
 * widgets (`trove.js` and `chunks/`) into the output, and after a production build (`eleventy`
 * with `ELEVENTY_ENV=production`, or `index: true`; never `--serve` or `--watch`) indexes the
 * built folder as `trove index <folder>` does, reporting as it does (docs/platforms.md).
 */
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCli } from './cli/runCli.ts';
import { version } from '../package.json';

export interface TroveEleventyOptions {
  /** The search service's address (`data-base-url`, `--base-url`). */
  baseUrl: string;
  project: string;
  collection: string;
  /** The public read token the pages carry (`data-token`). */
  token: string;
  /** The address the built pages will have (`--site-url`), for their links and ids. */
  siteUrl?: string;
  /** Index after the build: default when `ELEVENTY_ENV` is `production`. Watch and serve runs never index. */
  index?: boolean;
  /** The token that may write (default the `TROVE_TOKEN` environment variable); never put in a page. */
  indexToken?: string;
  /** Where the widgets go in the output and are loaded from (default `/trove/`). */
  path?: string;
  /** The search page, where the box sends its text (default `/search/`). */
  searchPage?: string;
}

/** The part of Eleventy's configuration API the plugin uses. */
interface EleventyConfig {
  addShortcode(name: string, shortcode: (...args: never[]) => string): void;
  on(event: 'eleventy.after', listener: (event: { dir: { output: string }; runMode?: string }) => unknown): void;
}

type Attributes = Record<string, string | number | boolean | null | undefined>;

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** ` name="value"` for each attribute (`true`: the name alone; `false`, `null`, `undefined`: left out). */
function attributes(attrs: Attributes = {}): string {
  return Object.entries(attrs)
    .filter(([name, value]) => /^[a-z][\w-]*$/i.test(name) && value !== false && value != null)
    .map(([name, value]) => (value === true ? ` ${name}` : ` ${name}="${escapeHtml(String(value))}"`))
    .join('');
}

/** Where the built widgets are: the copy in dist/widgets/ once built, the widgets' own dist/ from the sources. */
function widgetsDir(): string {
  const here = fileURLToPath(new URL('.', import.meta.url));
  return import.meta.url.endsWith('.ts') ? join(here, '..', '..', 'widgets', 'dist') : join(here, 'widgets');
}

export default function trove(eleventyConfig: EleventyConfig, options: TroveEleventyOptions): void {
  const path = `/${(options.path ?? '/trove/').replace(/^\/+|\/+$/g, '')}/`;
  const searchPage = options.searchPage ?? '/search/';
  const script = attributes({
    src: `${path}trove.js`,
    'data-base-url': options.baseUrl,
    'data-project': options.project,
    'data-collection': options.collection,
    'data-token': options.token,
  });
  eleventyConfig.addShortcode('troveScript', () => `<script${script} defer></script>`);
  eleventyConfig.addShortcode(
    'troveSearchBox',
    (attrs?: Attributes) =>
      // The form inside is the box for a reader without JavaScript: an ordinary search that goes to the search page.
      `<trove-search-box${attributes({ 'results-url': searchPage, ...attrs })}><form action="${escapeHtml(searchPage)}" role="search">` +
      `<input type="search" name="q" aria-label="Search"></form></trove-search-box>`,
  );
  eleventyConfig.addShortcode(
    'troveSearchResults',
    (attrs?: Attributes) => `<trove-search-results${attributes(attrs)}></trove-search-results>`,
  );
  eleventyConfig.addShortcode(
    'troveRelatedPosts',
    (attrs?: Attributes) => `<trove-related-posts${attributes(attrs)}></trove-related-posts>`,
  );

  eleventyConfig.on('eleventy.after', async ({ dir, runMode }) => {
    const widgets = widgetsDir();
    const target = join(dir.output, path);
    cpSync(join(widgets, 'trove.js'), join(target, 'trove.js'));
    cpSync(join(widgets, 'chunks'), join(target, 'chunks'), { recursive: true });

    const production = options.index ?? process.env.ELEVENTY_ENV === 'production';
    if (!production || (runMode !== undefined && runMode !== 'build')) return;
    const args = ['index', dir.output, '--base-url', options.baseUrl, '--project', options.project, '--collection', options.collection];
    if (options.siteUrl) args.push('--site-url', options.siteUrl);
    const env = { ...process.env, ...(options.indexToken ? { TROVE_TOKEN: options.indexToken } : {}) };
    const status = await runCli(args, { stdout: process.stdout, stderr: process.stderr, env, version });
    if (status !== 0) throw new Error(`trove index ${dir.output} ended with status ${status} (see above)`);
  });
}
