import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/** Builds the React 19 test app against the built package (`dist/index.js`), served at /react/. */
const root = fileURLToPath(new URL('../..', import.meta.url));
const dist = process.env.TROVE_OUT_DIR ?? `${root}packages/widgets/dist`;

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/react/',
  logLevel: 'warn',
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  resolve: { alias: { 'trove-search': `${dist}/index.js` } },
  build: { outDir: `${root}e2e/.tmp/react`, emptyOutDir: true },
});
