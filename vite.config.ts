import { build, defineConfig, type LibraryOptions, type Plugin, type UserConfig } from 'vite';
import pkg from './package.json' with { type: 'json' };

/**
 * One config, one output per mode (vite builds an IIFE from a single entry per run):
 *   vite build --mode esm     → dist/index.js          ES module entry (dependencies external)
 *   vite build --mode chunks  → dist/chunks/*.js       one ES chunk per element + shared chunks
 *   vite build --mode script  → dist/trove.js          classic <script> loader of those chunks,
 *                                                     then runs the `chunks` build itself
 *   vite build --mode cli     → dist/cli.js            the `trove` command (Node)
 * Without --mode build (vitest) the `test` block applies.
 */
const outDir = process.env.TROVE_OUT_DIR ?? 'dist';

/** What each build mode produces (vite builds an IIFE from a single entry per run). */
function libraryFor(mode: string): LibraryOptions {
  if (mode === 'script') return { entry: 'src/standalone.ts', formats: ['iife'], name: 'TroveLoader', fileName: () => 'trove.js' };
  if (mode === 'chunks')
    return {
      entry: {
        'trove-search-box': 'src/chunks/trove-search-box.ts',
        'trove-search-results': 'src/chunks/trove-search-results.ts',
        'trove-related-posts': 'src/chunks/trove-related-posts.ts',
      },
      formats: ['es'],
      fileName: (_format, name) => `${name}.js`,
    };
  return {
    entry: { index: 'src/index.ts', 'jsx-react': 'src/jsx-react.ts', 'jsx-preact': 'src/jsx-preact.ts' },
    formats: ['es'],
    fileName: (_format, name) => `${name}.js`,
  };
}

/** The loader is useless without its chunks: the `script` build also runs the `chunks` build. */
const alsoBuildChunks: Plugin = {
  name: 'trove:also-build-chunks',
  apply: 'build',
  async closeBundle() {
    await build({ configFile: 'vite.config.ts', mode: 'chunks', logLevel: 'warn' });
  },
};

/**
 * dist/cli.js: the `trove` command for Node >= 20 (bin/trove.js imports it); dependencies stay
 * imports. `trove serve` (the local service, with MiniSearch) is a chunk of its own in dist/cli/,
 * loaded only by that command; no browser build imports it.
 */
const cliConfig: UserConfig = {
  define: { __TROVE_VERSION__: JSON.stringify(pkg.version) },
  build: {
    outDir,
    emptyOutDir: false,
    target: 'node20',
    ssr: 'src/cli/main.ts',
    rolldownOptions: { output: { entryFileNames: 'cli.js', chunkFileNames: 'cli/[name]-[hash].js', format: 'es' } },
  },
};

export default defineConfig(({ mode }) =>
  mode === 'cli'
    ? cliConfig
    : {
        plugins: mode === 'script' ? [alsoBuildChunks] : [],
        define: { __TROVE_VERSION__: JSON.stringify(pkg.version) },
        oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
        build: {
          outDir: mode === 'chunks' ? `${outDir}/chunks` : outDir,
          emptyOutDir: mode !== 'script',
          // Evergreen browsers from 2024 on: native class fields and private members, CSS light-dark().
          target: 'es2022',
          cssTarget: ['chrome123', 'edge123', 'firefox120', 'safari17.5'],
          minify: true,
          lib: libraryFor(mode),
          rolldownOptions: {
            // The npm module leaves its dependencies to the app's bundler; the script bundles them.
            external: mode === 'esm' ? [/^preact/, /^@preact\//, /^ky$/] : [],
            output:
              mode === 'chunks'
                ? {
                    chunkFileNames: '[name]-[hash].js',
                    minify: !process.env.TROVE_NO_MINIFY,
                    // preact, signals and ky in one chunk of their own, so sizes tell our code from theirs.
                    codeSplitting: { groups: [{ name: 'vendor', test: /node_modules/ }] },
                  }
                : {},
          },
        },
        test: {
          css: { include: [/\.css(\?|$)/] },
          projects: [
            {
              extends: true,
              test: { name: 'node', environment: 'node', include: ['test/{api,core,service,cli}/**/*.test.ts'] },
            },
            {
              extends: true,
              test: { name: 'dom', environment: 'happy-dom', include: ['test/{ui,elements}/**/*.test.{ts,tsx}'] },
            },
          ],
        },
      },
);
