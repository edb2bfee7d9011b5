/**
 * Builds the autocomplete-js page of the speed bench into `outDir` from the npm packages:
 * `autocomplete.js` (bench/autocomplete/main.ts bundled with vite, minified, one classic script)
 * and `theme.min.css` (the classic theme's own file, as its docs link it). No network.
 */
import { copyFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { build } from 'vite';

export async function buildAutocomplete(outDir: string): Promise<void> {
  await build({
    configFile: false,
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"production"' },
    build: {
      outDir,
      emptyOutDir: false,
      target: 'es2022',
      minify: true,
      lib: {
        entry: new URL('./main.ts', import.meta.url).pathname,
        formats: ['iife'],
        name: 'AutocompleteBench',
        fileName: () => 'autocomplete.js',
      },
    },
  });
  const require = createRequire(import.meta.url);
  copyFileSync(require.resolve('@algolia/autocomplete-theme-classic/dist/theme.min.css'), join(outDir, 'theme.min.css'));
}
