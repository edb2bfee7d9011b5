/**
 * What costs what: the script build run again into a temporary folder with hidden source maps
 * (same code, minified as shipped), and each chunk's minified bytes attributed to the source
 * module its source map names for them. A module's brotli figure is its share of the minified
 * chunk applied to the chunk's own brotli size (an estimate: brotli is not additive).
 *
 * It runs the build modes `script` (dist/trove.js, which also builds the chunks) and `chunks`
 * (dist/chunks/) of vite.config.ts with `build.sourcemap: 'hidden'`, TROVE_OUT_DIR pointing at
 * the temporary folder. If those modes change, it says so and the rest of the bench goes on.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { brotliSize } from './sizes.ts';

export interface ChunkBreakdown {
  /** File name with its content hash left out (`bootChunk`, `trove-search-box`, `trove`). */
  name: string;
  minified: number;
  brotli: number;
  /** Minified bytes by source module, largest first. */
  modules: [module: string, bytes: number][];
}

const VLQ = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Decodes one line of a source map's `mappings` into segments of numbers (relative values). */
export function decodeVlqLine(line: string): number[][] {
  const segments: number[][] = [];
  for (const part of line.split(',')) {
    if (!part) continue;
    const values: number[] = [];
    let value = 0;
    let shift = 0;
    for (const char of part) {
      const digit = VLQ.indexOf(char);
      if (digit < 0) throw new Error(`bad VLQ character ${JSON.stringify(char)}`);
      value += (digit & 31) << shift;
      if (digit & 32) shift += 5;
      else {
        values.push(value & 1 ? -(value >>> 1) : value >>> 1);
        value = 0;
        shift = 0;
      }
    }
    segments.push(values);
  }
  return segments;
}

/**
 * What code without a source is: the build inlines `?inline` CSS as a string with no mapping,
 * and writes the chunk's own `import`/`export` statements.
 */
function unmappedKind(text: string): string {
  if (/^\s*(import|export)\b/.test(text)) return '(chunk imports/exports)';
  if (text.length > 200 && /[`"'][^`"']*[\w\].:-]\{[^{}]*:[^{}]*\}/.test(text)) return '(inlined CSS)';
  return '(generated)';
}

/**
 * Bytes (UTF-8) of `code` by the source that `map` names for them; code no mapping covers, or
 * covered by a segment without a source, counts by `unmappedKind`.
 */
export function attributeBytes(code: string, map: { sources: string[]; mappings: string }): Map<string, number> {
  const bytes = new Map<string, number>();
  const add = (source: string, text: string) => {
    const n = Buffer.byteLength(text);
    const owner = source === '(generated)' ? unmappedKind(text) : source;
    if (n) bytes.set(owner, (bytes.get(owner) ?? 0) + n);
  };
  const lines = code.split('\n');
  const mapLines = map.mappings.split(';');
  let sourceIndex = 0;
  for (let i = 0; i < lines.length; i++) {
    const text = lines[i]! + (i < lines.length - 1 ? '\n' : '');
    let column = 0;
    let from = 0;
    let owner = '(generated)';
    for (const segment of decodeVlqLine(mapLines[i] ?? '')) {
      column += segment[0]!;
      add(owner, text.slice(from, column));
      from = column;
      if (segment.length >= 4) {
        sourceIndex += segment[1]!;
        owner = map.sources[sourceIndex] ?? '(generated)';
      } else owner = '(generated)';
    }
    add(owner, text.slice(from));
  }
  return bytes;
}

/** A readable module name: the path inside node_modules, else the path from the project root. */
function moduleName(source: string, mapDir: string, root: string): string {
  if (source.startsWith('(')) return source;
  const inModules = source.lastIndexOf('node_modules/');
  if (inModules >= 0) return source.slice(inModules + 'node_modules/'.length);
  return relative(root, join(mapDir, source));
}

function jsFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.js'))
    .map((f) => join(dir, f));
}

/** Breaks down every `.js` file under `dir` that has a `.map` beside it. */
export function breakDown(dir: string, root: string): ChunkBreakdown[] {
  const chunks: ChunkBreakdown[] = [];
  for (const file of jsFiles(dir)) {
    if (!existsSync(`${file}.map`)) continue;
    const code = readFileSync(file, 'utf8');
    const map = JSON.parse(readFileSync(`${file}.map`, 'utf8')) as { sources: string[]; mappings: string; sourceRoot?: string };
    const mapDir = join(file, '..', map.sourceRoot ?? '');
    const byModule = new Map<string, number>();
    for (const [source, n] of attributeBytes(code, map)) {
      const name = moduleName(source, mapDir, root);
      byModule.set(name, (byModule.get(name) ?? 0) + n);
    }
    chunks.push({
      name: relative(dir, file)
        .replace(/^chunks\//, '')
        .replace(/-[\w-]{8}\.js$|\.js$/, ''),
      minified: Buffer.byteLength(code),
      brotli: brotliSize(Buffer.from(code)),
      modules: [...byModule].sort((a, b) => b[1] - a[1]),
    });
  }
  return chunks.sort((a, b) => b.brotli - a.brotli);
}

/** Builds the script with hidden source maps into a temporary folder and breaks it down. */
export async function buildBreakdown(root: string): Promise<ChunkBreakdown[]> {
  const { build } = await import('vite');
  const out = mkdtempSync(join(tmpdir(), 'trove-bench-maps-'));
  const previous = process.env.TROVE_OUT_DIR;
  const cwd = process.cwd();
  process.env.TROVE_OUT_DIR = out;
  process.chdir(root);
  try {
    for (const mode of ['script', 'chunks']) {
      await build({
        configFile: join(root, 'vite.config.ts'),
        root,
        mode,
        logLevel: 'silent',
        build: { sourcemap: 'hidden' },
      });
    }
    return breakDown(out, root);
  } finally {
    if (previous === undefined) delete process.env.TROVE_OUT_DIR;
    else process.env.TROVE_OUT_DIR = previous;
    process.chdir(cwd);
    rmSync(out, { recursive: true, force: true });
  }
}
