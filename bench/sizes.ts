/**
 * Brotli sizes of the built script (npm run build first): every file of `dist/trove.js` and its
 * chunks, the whole, and what a page that uses only `<trove-related-posts>` downloads.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { isVendorChunk, sizeBudget } from './sizeBudget.ts';

export function brotliSize(bytes: Uint8Array): number {
  return brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
}

/** Brotli size of each file of the standalone script (`trove.js` and `chunks/*.js`). */
export function scriptSizes(dist = process.env.TROVE_OUT_DIR ?? 'dist'): Map<string, number> {
  const sizes = new Map<string, number>();
  if (!existsSync(join(dist, 'trove.js'))) return sizes;
  const chunks = existsSync(join(dist, 'chunks')) ? readdirSync(join(dist, 'chunks')).filter((f) => f.endsWith('.js')) : [];
  for (const file of ['trove.js', ...chunks.map((f) => `chunks/${f}`)]) sizes.set(file, brotliSize(readFileSync(join(dist, file))));
  return sizes;
}

/** The chunk files a chunk imports, transitively (static `from"./x.js"` imports of the built ES chunks). */
export function chunkClosure(dist: string, entry: string, seen = new Set<string>()): Set<string> {
  if (seen.has(entry)) return seen;
  seen.add(entry);
  const code = readFileSync(join(dist, entry), 'utf8');
  for (const [, file] of code.matchAll(/(?:from|import)\s*["']\.\/([\w.-]+\.js)["']/g)) chunkClosure(dist, `chunks/${file}`, seen);
  return seen;
}

const kb = (n: number) => `${(n / 1000).toFixed(1)} KB`;

export function printSizes(dist = process.env.TROVE_OUT_DIR ?? 'dist'): void {
  const sizes = scriptSizes(dist);
  if (sizes.size === 0) return void console.log(`sizes: ${dist}/trove.js is missing — run npm run build first`);
  console.log('\nStandalone script, brotli (quality 11)');
  for (const [file, size] of sizes) console.log(`  ${file.padEnd(44)} ${kb(size)}${isVendorChunk(file) ? '  (preact, signals, ky)' : ''}`);
  const total = [...sizes.values()].reduce((a, b) => a + b, 0);
  console.log(`  ${'everything'.padEnd(44)} ${kb(total)}  (target ${kb(sizeBudget.everythingTarget)})`);
  for (const tag of ['trove-search-box', 'trove-search-results', 'trove-related-posts']) {
    const files = ['trove.js', ...chunkClosure(dist, `chunks/${tag}.js`)];
    const all = files.reduce((sum, f) => sum + (sizes.get(f) ?? 0), 0);
    const ours = files.filter((f) => !isVendorChunk(f)).reduce((sum, f) => sum + (sizes.get(f) ?? 0), 0);
    console.log(`  page with only <${tag}>: ${kb(all)} in all, ${kb(ours)} of our own code`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) printSizes();
