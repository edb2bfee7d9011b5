/**
 * Brotli sizes (quality 11, each file on its own) of the built script (npm run build first):
 * `dist/trove.js` and every file of `dist/chunks/`, whatever their names.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';

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
