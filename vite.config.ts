import { cpSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  build,
  defaultClientConditions,
  defaultServerConditions,
  defineConfig,
  type LibraryOptions,
  type Plugin,
  type Rollup,
  type UserConfig,
} from 'vite';
import pkg from './package.json' with { type: 'json' };

/**
 * One config, one output per mode (vite builds an IIFE from a single entry per run), each in
 * its package's dist/ (packages/client, packages/widgets, packages/cli):
 *   vite build --mode client  → client dist/index.js   trove-search-client (ky external)
 *   vite build --mode esm     → dist/index.js          the widgets' ES module entry (dependencies external)
 *   vite build --mode chunks  → dist/chunks/*.js       one ES chunk per element + shared chunks
 *   vite build --mode script  → dist/trove.js          classic <script> loader of those chunks:
 *                                                     runs the `chunks` build first and gives the
 *                                                     loader each element's chunk list
 *   vite build --mode place   → dist/chunks/trove-place.js  the loader's placing code, one file
 *                                                     sharing nothing with the chunks (the `script`
 *                                                     build runs it after the `chunks` build)
 *   vite build --mode cli     → dist/cli.js            the `trove` command (Node), and
 *                               dist/eleventy.js       the Eleventy plugin (Node), sharing its code
 * Without --mode build (vitest) the `test` block applies.
 */
const outDir = process.env.TROVE_OUT_DIR ?? 'packages/widgets/dist';

/**
 * The packages' sources: `trove-search-client` resolves to its TypeScript through the
 * `trove-source` condition of its `exports`, here as in tsconfig.json (`customConditions`;
 * tsx and Playwright read its `paths` to the same file); published, to dist/.
 */
const conditions = ['trove-source', ...defaultClientConditions];
const serverConditions = ['trove-source', ...defaultServerConditions];

/** What each build mode produces (vite builds an IIFE from a single entry per run). */
function libraryFor(mode: string): LibraryOptions {
  if (mode === 'client') return { entry: 'packages/client/src/index.ts', formats: ['es'], fileName: () => 'index.js' };
  if (mode === 'script')
    return { entry: 'packages/widgets/src/standalone.ts', formats: ['iife'], name: 'TroveLoader', fileName: () => 'trove.js' };
  if (mode === 'place') return { entry: 'packages/widgets/src/chunks/trove-place.ts', formats: ['es'], fileName: () => 'trove-place.js' };
  if (mode === 'chunks')
    return {
      entry: {
        'trove-search-box': 'packages/widgets/src/chunks/trove-search-box.ts',
        'trove-search-results': 'packages/widgets/src/chunks/trove-search-results.ts',
        'trove-related-posts': 'packages/widgets/src/chunks/trove-related-posts.ts',
        // Each language's texts, `i18n/<name>.js`, fetched by the loader with the code of an element in that language.
        ...Object.fromEntries(catalogueNames.map((name) => [`i18n/${name}`, `${catalogueDir}${name}.json`])),
      },
      formats: ['es'],
      fileName: (_format, name) => `${name}.js`,
    };
  return {
    entry: {
      index: 'packages/widgets/src/index.ts',
      'jsx-react': 'packages/widgets/src/jsx-react.ts',
      'jsx-preact': 'packages/widgets/src/jsx-preact.ts',
      'jsx-vue': 'packages/widgets/src/jsx-vue.ts',
      'jsx-svelte': 'packages/widgets/src/jsx-svelte.ts',
    },
    formats: ['es'],
    fileName: (_format, name) => `${name}.js`,
  };
}

/** The widgets' texts in each language but English, one JSON file each (the English ones are the elements' own). */
const catalogueDir = 'packages/widgets/src/ui/catalogues/';
const catalogueNames = readdirSync(catalogueDir).map((file) => file.replace(/\.json$/, ''));

/** A catalogue's texts: a regional one (`pt-PT`) holds only what differs from its language's (`pt`), merged over them here. */
function readCatalogue(name: string): Record<string, string> {
  const own = JSON.parse(readFileSync(`${catalogueDir}${name}.json`, 'utf8'));
  const base = name.split('-')[0]!;
  return base !== name && catalogueNames.includes(base) ? { ...readCatalogue(base), ...own } : own;
}

/** Every build (and the tests) imports a regional catalogue merged over its language's. */
function regionalCatalogues(): Plugin {
  return {
    name: 'trove-regional-catalogues',
    enforce: 'pre',
    transform(_code, id) {
      const name = /\/ui\/catalogues\/([\w-]+)\.json$/.exec(id)?.[1];
      return name?.includes('-') ? JSON.stringify(readCatalogue(name)) : null;
    },
  };
}

/** `@preact/signals` without its Preact integration (see `resolve` below). */
const signalsCore = { find: /^@preact\/signals$/, replacement: '@preact/signals-core' };

/** The elements of the script, each a chunk of its own. */
const tags = ['trove-search-box', 'trove-search-results', 'trove-related-posts'];

/**
 * The loader is useless without its chunks: the `script` build first runs the `chunks` build and
 * hands the loader the shared chunk names and, per tag, every one its `<tag>.js` imports
 * (transitively, so the loader requests them all at once). When each element loads is the
 * loader's (src/elements/loadMoment.ts).
 */
async function buildChunks(): Promise<[string[], Record<string, number[]>]> {
  const result = await build({ configFile: 'vite.config.ts', mode: 'chunks', logLevel: 'warn' });
  // The placing code (src/chunks/trove-place.ts) on its own, after the chunks build has emptied the folder.
  await build({ configFile: 'vite.config.ts', mode: 'place', logLevel: 'warn' });
  const outputs = (Array.isArray(result) ? result : [result]) as Rollup.RollupOutput[];
  const chunks = new Map(outputs.flatMap((o) => o.output).flatMap((c) => (c.type === 'chunk' ? [[c.fileName, c] as const] : [])));
  const shared = [...chunks.keys()].filter((file) => !chunks.get(file)?.isEntry);
  const closure = (file: string, seen: string[] = []): string[] => {
    if (seen.includes(file)) return seen;
    seen.push(file);
    for (const dep of chunks.get(file)?.imports ?? []) closure(dep, seen);
    return seen;
  };
  const elements = tags.map((tag) => [
    tag,
    closure(`${tag}.js`)
      .slice(1)
      .map((file) => shared.indexOf(file)),
  ]);
  return [shared, Object.fromEntries(elements)];
}

/**
 * The modules only `client.index()` imports, left out of the chunks with it (`__TROVE_READ_ONLY__`):
 * what they import (the id rule of `documentId`) is not shared through them.
 */
const indexOnly = /\/client\/src\/(toIndexId|toV1Document)\.ts$/;

/**
 * The script's chunks import the client's modules themselves, not through its entry: `sharedWithRelated`
 * then sees which element uses which module (through the entry, every one would look shared).
 * Rewrites `import { a, type B } from 'trove-search-client'` by the entry's export lists.
 */
function clientModules(): Plugin {
  const entry = fileURLToPath(new URL('packages/client/src/index.ts', import.meta.url));
  const from = new Map<string, [file: string, name: string]>();
  for (const [, list, file] of readFileSync(entry, 'utf8').matchAll(/export\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'([^']+)'/g))
    for (const item of list!.split(',').map((part) => part.trim().replace(/^type\s+/, ''))) {
      const [name, alias = name] = item.split(/\s+as\s+/);
      if (name) from.set(alias!, [fileURLToPath(new URL(file!, `file://${entry}`)), name]);
    }
  return {
    name: 'trove-client-modules',
    enforce: 'pre',
    transform(code, id) {
      if (!id.includes('/packages/widgets/src/') || !code.includes("'trove-search-client'")) return null;
      return code.replace(
        /import\s+(type\s+)?\{([^}]*)\}\s+from\s+'trove-search-client';?/g,
        (_all, allTypes: string | undefined, list: string) =>
          list
            .split(',')
            .map((part) => part.trim())
            .filter(Boolean)
            .map((item) => {
              const type = allTypes || item.startsWith('type ') ? 'type ' : '';
              const [name, local = name] = item.replace(/^type\s+/, '').split(/\s+as\s+/);
              const [file, original] = from.get(name!) ?? [];
              if (!file) throw new Error(`trove-search-client exports no ${name}`);
              return `import ${type}{ ${original} as ${local} } from ${JSON.stringify(file)};`;
            })
            .join('\n'),
      );
    },
  };
}

/** `bootChunk` for a module that `trove-related-posts` and another element's chunk both import; else `null`. */
function sharedWithRelated(id: string, context: Rollup.ChunkingContext): string | null {
  const entries = new Set<string>();
  const seen = new Set<string>();
  const walk = (module: string) => {
    if (seen.has(module) || indexOnly.test(module)) return;
    seen.add(module);
    const info = context.getModuleInfo(module);
    if (info?.isEntry) entries.add(module);
    for (const importer of info?.importers ?? []) walk(importer);
  };
  walk(id);
  return entries.size > 1 && [...entries].some((entry) => entry.endsWith('/trove-related-posts.ts')) ? 'bootChunk' : null;
}

/**
 * packages/cli/dist/cli.js: the `trove` command for Node >= 20 (bin/trove.js imports it);
 * dependencies (the client among them) stay imports. `trove serve` (the local service, with
 * MiniSearch) is a chunk of its own in dist/cli/, loaded only by that command; no browser build
 * imports it. The Eleventy plugin copies the widgets into a site: their built script and chunks
 * go along in dist/widgets/ (built first, by `--mode script`).
 */
const cliOutDir = process.env.TROVE_CLI_OUT_DIR ?? 'packages/cli/dist';
const cliConfig: UserConfig = {
  define: { __TROVE_VERSION__: JSON.stringify(pkg.version) },
  resolve: { conditions: serverConditions },
  ssr: { external: ['trove-search-client'], resolve: { conditions: serverConditions, externalConditions: [...defaultServerConditions] } },
  plugins: [
    {
      name: 'trove-widgets-copy',
      closeBundle() {
        cpSync(`${outDir}/trove.js`, `${cliOutDir}/widgets/trove.js`);
        cpSync(`${outDir}/chunks`, `${cliOutDir}/widgets/chunks`, { recursive: true });
      },
    },
  ],
  build: {
    outDir: cliOutDir,
    emptyOutDir: true,
    target: 'node20',
    ssr: true,
    rolldownOptions: {
      // The Eleventy plugin (`trove-search-cli/eleventy`) indexes with the command's own code.
      input: { cli: 'packages/cli/src/cli/main.ts', eleventy: 'packages/cli/src/eleventy.ts' },
      output: { entryFileNames: '[name].js', chunkFileNames: 'cli/[name]-[hash].js', format: 'es' },
    },
  },
};

export default defineConfig(
  async ({ mode }): Promise<UserConfig & { test?: unknown }> =>
    mode === 'cli'
      ? cliConfig
      : {
          define: {
            __TROVE_VERSION__: JSON.stringify(pkg.version),
            ...(mode === 'script'
              ? {
                  __TROVE_ELEMENTS__: JSON.stringify(await buildChunks()),
                  __TROVE_PLACEHOLDERS__: JSON.stringify(
                    Object.fromEntries(catalogueNames.map((name) => [name, readCatalogue(name).placeholder])),
                  ),
                }
              : {}),
            // The script's chunks hold clients that nothing outside them can reach: no `index()` there.
            ...(mode === 'chunks' ? { __TROVE_READ_ONLY__: 'true' } : {}),
          },
          // The script's chunks compile JSX to Preact's `h()`, which they need anyway (`render(h(…))`):
          // no second element factory from `preact/jsx-runtime`, and shorter calls (~150 B brotli on each page).
          oxc:
            mode === 'chunks'
              ? {
                  jsx: { runtime: 'classic', pragma: '_h', pragmaFrag: '_Fragment' },
                  jsxInject: "import { h as _h, Fragment as _Fragment } from 'preact'",
                }
              : { jsx: { runtime: 'automatic', importSource: 'preact' } },
          // The script's chunks extend the loader's host class instead of shipping a second copy
          // (the chunks only build behaviours, never construct elements): see src/chunks/loaderHost.ts.
          // They and the unit tests take signals from `@preact/signals-core`: the views subscribe
          // through `useSignalValue`, not through the Preact integration of `@preact/signals` (~1 KB
          // brotli on every page), and the tests run them without it. The npm module imports
          // `@preact/signals` (its peer dependency), which re-exports the same functions.
          plugins: mode === 'chunks' ? [clientModules(), regionalCatalogues()] : [regionalCatalogues()],
          // A catalogue is its default export, an object; not one export per text.
          json: { namedExports: false },
          resolve:
            mode === 'chunks'
              ? {
                  conditions,
                  alias: [
                    signalsCore,
                    {
                      find: /^(?:\.\/|.*\/elements\/)TroveHost\.ts$/,
                      replacement: fileURLToPath(new URL('packages/widgets/src/chunks/loaderHost.ts', import.meta.url)),
                    },
                    // The languages' texts are the loader's files beside the chunks (src/chunks/loaderCatalogues.ts).
                    {
                      find: /^(?:\.\/|.*\/language\/)catalogues\.ts$/,
                      replacement: fileURLToPath(new URL('packages/widgets/src/chunks/loaderCatalogues.ts', import.meta.url)),
                    },
                  ],
                }
              : mode === 'esm' || mode === 'client'
                ? { conditions }
                : { conditions, alias: [signalsCore] },
          ssr: { resolve: { conditions: serverConditions } },
          build: {
            outDir: mode === 'client' ? 'packages/client/dist' : mode === 'chunks' || mode === 'place' ? `${outDir}/chunks` : outDir,
            emptyOutDir: mode !== 'script' && mode !== 'place',
            // Evergreen browsers from 2024 on: native class fields and private members, CSS light-dark().
            target: 'es2022',
            cssTarget: ['chrome123', 'edge123', 'firefox120', 'safari17.5'],
            minify: true,
            lib: libraryFor(mode),
            rolldownOptions: {
              // The npm module leaves its dependencies to the app's bundler; the script bundles them.
              // The widgets' module imports the client as a dependency of theirs (one copy in an app).
              external: mode === 'esm' ? [/^preact/, /^@preact\//, /^ky$/, /^trove-search-client$/] : mode === 'client' ? [/^ky$/] : [],
              output:
                mode === 'chunks'
                  ? {
                      chunkFileNames: '[name]-[hash].js',
                      minify: !process.env.TROVE_NO_MINIFY,
                      // The files are run as they are, never bundled again: `/* @__PURE__ */` hints are dead weight.
                      comments: false,
                      // Each file is fetched when its element is about to run: Chromium compiles all of its
                      // functions as it streams in, off the main thread, instead of each on its first call
                      // in the element's first render (V8's explicit compile hints; other browsers ignore it).
                      postBanner: '//# allFunctionsCalledOnLoad',
                      codeSplitting: {
                        groups: [
                          // One file that every element imports: preact, signals and ky, and our code that related
                          // posts shares with another element, even what only two of the three use
                          // (`splitFilters`). A tiny file costs more than it saves, and so does a file of the
                          // libraries alone (~0.5 KB more brotli on every page, and one more request):
                          // TROVE_SPLIT_LIBRARIES=1 builds that file (`libraries-*.js`) only to measure them
                          // (bench/sizes.ts `librariesSize`).
                          ...(process.env.TROVE_SPLIT_LIBRARIES ? [{ name: 'libraries', test: /node_modules/, priority: 2 }] : []),
                          {
                            name: (id, context) => (id.includes('/node_modules/') ? 'bootChunk' : sharedWithRelated(id, context)),
                            debugName: 'bootChunk',
                          },
                        ],
                      },
                    }
                  : mode === 'place'
                    ? { comments: false, minify: true }
                    : mode === 'esm'
                      ? // Each language's texts a file of its own in dist/i18n/, imported by an element in that language.
                        {
                          chunkFileNames: (chunk) =>
                            chunk.facadeModuleId?.includes('/ui/catalogues/') ? 'i18n/[name]-[hash].js' : '[name]-[hash].js',
                        }
                      : {},
            },
          },
          test: {
            css: { include: [/\.css(\?|$)/] },
            projects: [
              {
                extends: true,
                test: {
                  name: 'node',
                  environment: 'node',
                  include: [
                    'packages/client/test/**/*.test.ts',
                    'packages/widgets/test/core/**/*.test.ts',
                    'packages/cli/test/{service,cli}/**/*.test.ts',
                    'test/scripts/**/*.test.ts',
                  ],
                },
              },
              {
                extends: true,
                test: { name: 'dom', environment: 'happy-dom', include: ['packages/widgets/test/{ui,elements}/**/*.test.{ts,tsx}'] },
              },
            ],
          },
        },
);
