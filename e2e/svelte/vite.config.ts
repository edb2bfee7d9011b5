import { fileURLToPath } from 'node:url';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig } from 'vite';

/** Builds the Svelte 5 test app, served at /svelte/; the elements come from /dist/trove.js. */
const root = fileURLToPath(new URL('../..', import.meta.url));

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/svelte/',
  logLevel: 'warn',
  plugins: [svelte({ configFile: false })],
  build: { outDir: `${root}e2e/.tmp/svelte`, emptyOutDir: true },
});
