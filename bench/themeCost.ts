/**
 * What issue 21 (the elements take the theme's text size and colours) costs or saves, as
 * `npm run bench` prints it: the four stylesheets as the build inlines them (minified, brotli each
 * on its own) against what they weighed when they shipped their own light and dark palettes, and
 * the code that now reads the page's colours, from the per-module breakdown.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ChunkBreakdown } from './moduleBreakdown.ts';
import { brotliSize } from './sizes.ts';
import { table } from './stats.ts';

/** Each stylesheet, by the chunk that inlines it. */
const STYLESHEETS: [chunk: string, stylesheet: string][] = [
  ['bootChunk', 'base.css'],
  ['trove-search-box', 'searchBox.css'],
  ['trove-search-results', 'searchResults.css'],
  ['trove-related-posts', 'relatedPosts.css'],
];

/** Brotli bytes of each stylesheet before issue 21 (commit 4edeab1: light and dark palettes, `rem` sizes). */
export const STYLESHEETS_BEFORE: Record<string, number> = {
  'base.css': 716,
  'searchBox.css': 1382,
  'searchResults.css': 1646,
  'relatedPosts.css': 1138,
};

/** The modules that read the page's colours and follow them (issue 21's only new code). */
export const PAGE_COLOR_MODULES = [
  'packages/widgets/src/ui/decideColors.ts',
  'packages/widgets/src/elements/readPageColors.ts',
  'packages/widgets/src/elements/followPageColors.ts',
];

/** A template literal of the chunk that holds a stylesheet (minified CSS: rules of `selector{property:value}`). */
export function findStylesheet(code: string): string | undefined {
  return [...code.matchAll(/`([^`]{500,})`/g)].map((m) => m[1]!).find((text) => /^[:.@a-z][^{}]*\{[\w-]+:[^{}]+\}/.test(text));
}

/** Each stylesheet inlined in `dist/chunks/`, minified and brotli bytes. */
export function stylesheetSizes(dist: string): Map<string, { minified: number; brotli: number }> {
  const sizes = new Map<string, { minified: number; brotli: number }>();
  const dir = join(dist, 'chunks');
  if (!existsSync(dir)) return sizes;
  for (const file of readdirSync(dir)) {
    const name = STYLESHEETS.find(([chunk]) => file.replace(/-[\w-]{8}\.js$|\.js$/, '') === chunk)?.[1];
    const css = name && findStylesheet(readFileSync(join(dir, file), 'utf8'));
    if (name && css) sizes.set(name, { minified: Buffer.byteLength(css), brotli: brotliSize(Buffer.from(css)) });
  }
  return sizes;
}

const bytes = (n: number) => `${Math.round(n).toLocaleString('en')} B`;
const signed = (bytes: number) => `${bytes > 0 ? '+' : bytes < 0 ? '−' : '±'}${Math.abs(Math.round(bytes))} B`;

export function formatThemeCost(stylesheets: Map<string, { minified: number; brotli: number }>, chunks: ChunkBreakdown[]): string {
  const rows = [...stylesheets].map(([name, { minified, brotli }]) => {
    const before = STYLESHEETS_BEFORE[name] ?? 0;
    return [`  ${name}`, bytes(minified), bytes(brotli), bytes(before), signed(brotli - before)];
  });
  const now = [...stylesheets.values()].reduce((a, b) => a + b.brotli, 0);
  const before = Object.values(STYLESHEETS_BEFORE).reduce((a, b) => a + b, 0);
  rows.push(['  all four', '', bytes(now), bytes(before), signed(now - before)]);
  let code = 0;
  let minified = 0;
  for (const chunk of chunks)
    for (const [module, n] of chunk.modules)
      if (PAGE_COLOR_MODULES.includes(module)) {
        minified += n;
        code += (chunk.brotli * n) / chunk.minified;
      }
  return [
    'Native in any theme (issue 21): stylesheets without their own palettes, brotli each on its own, against before',
    table([['  stylesheet', 'minified', 'brotli', 'before', ''], ...rows]),
    `  reading and following the page's colours (${PAGE_COLOR_MODULES.map((m) => m.split('/').pop()).join(', ')}): ${bytes(minified)} minified, ≈ ${signed(code)} brotli`,
    `  in all ≈ ${signed(now - before + code)} brotli`,
  ].join('\n');
}
