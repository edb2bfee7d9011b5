import { defineConfig } from 'vite';

/**
 * One config, one output per mode (vite builds an IIFE from a single entry per run):
 *   vite build --mode esm     → dist/index.js   (ES module entry, deps external)
 *   vite build --mode script  → dist/trove.js   (classic <script> that defines the elements)
 * Without --mode build (vitest) the `test` block applies.
 */
const outDir = process.env.TROVE_OUT_DIR ?? 'dist';

export default defineConfig(({ mode }) => ({
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build:
    mode === 'script'
      ? {
          outDir,
          emptyOutDir: false,
          target: 'es2020',
          lib: { entry: 'src/standalone.ts', formats: ['iife'], name: 'Trove', fileName: () => 'trove.js' },
        }
      : {
          outDir,
          emptyOutDir: true,
          target: 'es2020',
          lib: { entry: 'src/index.ts', formats: ['es'], fileName: () => 'index.js' },
          rolldownOptions: { external: [/^preact/, /^@preact\//, /^ky$/] },
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
}));
