/**
 * Brotli sizes (quality 11, each file on its own) of the built script (npm run build first):
 * `dist/trove.js` and every file of `dist/chunks/`, whatever their names.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';

export function brotliSize(bytes: Uint8Array): number {
  return brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
}

/** Brotli size of each file of the standalone script (`trove.js` and `chunks/*.js`). */
export function scriptSizes(dist = process.env.TROVE_OUT_DIR ?? 'packages/widgets/dist'): Map<string, number> {
  const sizes = new Map<string, number>();
  if (!existsSync(join(dist, 'trove.js'))) return sizes;
  const chunks = existsSync(join(dist, 'chunks')) ? readdirSync(join(dist, 'chunks')).filter((f) => f.endsWith('.js')) : [];
  for (const file of ['trove.js', ...chunks.map((f) => `chunks/${f}`)]) sizes.set(file, brotliSize(readFileSync(join(dist, file))));
  return sizes;
}

/** Brotli size of each language's texts (`chunks/i18n/<name>.js`): what a page in that language downloads over an English one. */
export function catalogueSizes(dist = process.env.TROVE_OUT_DIR ?? 'packages/widgets/dist'): Map<string, number> {
  const dir = join(dist, 'chunks', 'i18n');
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.js')) : [];
  return new Map(files.map((file) => [file.replace(/\.js$/, ''), brotliSize(readFileSync(join(dir, file)))]));
}

/**
 * Brotli size of the libraries the script bundles (preact, signals, ky) on their own: the chunks
 * built again into a temporary folder with the libraries in a file of their own
 * (TROVE_SPLIT_LIBRARIES, see vite.config.ts). The shipped chunks hold them in `bootChunk` with our
 * shared code; what a page downloads less this is our code.
 */
export async function librariesSize(root = fileURLToPath(new URL('..', import.meta.url))): Promise<number> {
  const { build } = await import('vite');
  const out = mkdtempSync(join(tmpdir(), 'trove-libraries-'));
  const saved = { out: process.env.TROVE_OUT_DIR, split: process.env.TROVE_SPLIT_LIBRARIES };
  process.env.TROVE_OUT_DIR = out;
  process.env.TROVE_SPLIT_LIBRARIES = '1';
  try {
    await build({ configFile: join(root, 'vite.config.ts'), root, mode: 'chunks', logLevel: 'silent' });
    const file = readdirSync(join(out, 'chunks')).find((f) => /^libraries-[\w-]+\.js$/.test(f));
    if (!file) throw new Error('the chunks build made no libraries-*.js file');
    return brotliSize(readFileSync(join(out, 'chunks', file)));
  } finally {
    for (const [name, value] of [
      ['TROVE_OUT_DIR', saved.out],
      ['TROVE_SPLIT_LIBRARIES', saved.split],
    ] as const)
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    rmSync(out, { recursive: true, force: true });
  }
}

/** The elements of the standalone script, each with its chunk `chunks/<tag>.js`. */
export const ELEMENT_TAGS = ['trove-search-box', 'trove-related-posts', 'trove-search-results'] as const;

/**
 * What each element's first load costs, in brotli bytes: the loader and everything the loader
 * fetches for that element once its moment has come (its chunk and every shared chunk it imports,
 * transitively), by tag, with the files.
 */
export function firstLoadSizes(
  dist = process.env.TROVE_OUT_DIR ?? 'packages/widgets/dist',
): Map<string, { total: number; files: string[] }> {
  const sizes = scriptSizes(dist);
  const loads = new Map<string, { total: number; files: string[] }>();
  for (const tag of ELEMENT_TAGS) {
    const files = ['trove.js'];
    const visit = (file: string) => {
      if (files.includes(file) || !sizes.has(file)) return;
      files.push(file);
      // The chunks import one another by relative name: `from"./bootChunk-….js"` or `import"./….js"`.
      for (const [, name] of readFileSync(join(dist, file), 'utf8').matchAll(/(?:from|import)\s*["'`]\.\/([\w.-]+\.js)["'`]/g))
        visit(`chunks/${name}`);
    };
    visit(`chunks/${tag}.js`);
    loads.set(tag, { total: files.reduce((sum, file) => sum + (sizes.get(file) ?? 0), 0), files });
  }
  return loads;
}
