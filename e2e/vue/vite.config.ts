import { fileURLToPath } from 'node:url';
import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vite';

/** Builds the Vue 3 test app against the built package (`dist/index.js`), served at /vue/. */
const root = fileURLToPath(new URL('../..', import.meta.url));
const dist = process.env.TROVE_OUT_DIR ?? `${root}packages/widgets/dist`;

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/vue/',
  logLevel: 'warn',
  // The trove-* tags are custom elements, not Vue components.
  plugins: [vue({ template: { compilerOptions: { isCustomElement: (tag) => tag.startsWith('trove-') } } })],
  resolve: { alias: { 'trove-search': `${dist}/index.js` } },
  build: { outDir: `${root}e2e/.tmp/vue`, emptyOutDir: true },
});
