/** Formats the figures of `npm run bench` next to their targets (bench/sizeBudget.ts, issue 22). */
import type { ChunkBreakdown } from './moduleBreakdown.ts';
import type { PageBytes, PageBytesResult } from './pageBytes.ts';
import { sizeBudget } from './sizeBudget.ts';
import { KEY_DELAY_MS, QUERY, type SideResult } from './speed.ts';
import { kb, median, quantile, table } from './stats.ts';

/** The targets, in bytes (brotli q11, each file on its own, summed). */
export const BYTE_TARGETS = {
  all: sizeBudget.everythingTarget,
  searchBox: sizeBudget.searchBoxTarget,
  relatedInAll: sizeBudget.relatedOnlyTarget,
  relatedBeforeViewport: sizeBudget.loaderCeiling,
  boxBeforeIntent: sizeBudget.untouchedPageTarget,
};

/** Each element's first load (the loader and what it fetches for that element): its target. */
const FIRST_LOAD_TARGETS: Record<string, number | undefined> = {
  'trove-search-box': sizeBudget.searchBoxTarget,
  'trove-related-posts': sizeBudget.relatedOnlyTarget,
};

/**
 * The anchors of issue 22's table that the bench does not build: `@algolia/recommend-js` with its
 * client for a related-posts-only page, and Pagefind's component UI for all three elements
 * (brotli, as measured when the issue was filed). autocomplete-js is measured in each run.
 */
export const ANCHOR_BYTES = { relatedOnly: 12_000, all: 39_300 };

const ms = (xs: number[]) => `${Math.round(median(xs))} ms`;
/** A row of timings: both sides' medians, their ratio, the target. */
const timedRow = (label: string, a: number[], b: number[], target: string) => [
  label,
  ms(a),
  ms(b),
  `${(median(a) / median(b)).toFixed(2)}×`,
  target,
];
/** Under a row of timings, the same measure on Trove's page without the fallback form, when it was measured. */
const formlessRow = (early: SideResult | undefined, ac: SideResult, measure: 'interactiveMs' | 'landMs') =>
  early ? [timedRow('  the same, no fallback form in the tag', early[measure], ac[measure], '')] : [];
const verdict = (now: number, target: number) => (now <= target ? 'met' : `${kb(now - target)} over`);

export function formatBytes(
  all: Map<string, number>,
  pages: PageBytesResult,
  firstLoads: Map<string, { total: number; files: string[] }> = new Map(),
  catalogues: Map<string, number> = new Map(),
): string {
  const allTotal = [...all.values()].reduce((a, b) => a + b, 0);
  const rows: [string, number, number][] = [
    [`all three elements (loader + every chunk: ${all.size} files)`, allTotal, BYTE_TARGETS.all],
    ['search box only', pages.searchBoxOnly.total, BYTE_TARGETS.searchBox],
    ['related posts only, in all', pages.relatedInAll.total, BYTE_TARGETS.relatedInAll],
    ['related posts only, before the block nears the viewport', pages.relatedBeforeViewport.total, BYTE_TARGETS.relatedBeforeViewport],
    ['search box only, after load, before any gesture', pages.searchBoxBeforeIntent.total, BYTE_TARGETS.boxBeforeIntent],
  ];
  const loads = [...firstLoads].map(([tag, { total, files }]) => {
    const target = FIRST_LOAD_TARGETS[tag];
    return [`  <${tag}>`, kb(total), target ? `≤ ${kb(target)}` : '', target ? verdict(total, target) : '', files.join(' + ')];
  });
  const files = (label: string, page: PageBytes) =>
    `  ${label}: ${[...page.files].map(([path, size]) => `${path.replace(/^\/dist\//, '')} ${kb(size)}`).join(', ') || 'nothing'}`;
  return [
    'Bytes: brotli q11, each file on its own, summed (the first row from dist/, the others as fetched by Chromium)',
    table([
      ['page', 'now', 'target', ''],
      ...rows.map(([label, now, target]) => [label, kb(now), `≤ ${kb(target)}`, verdict(now, target)]),
    ]),
    ...(loads.length
      ? [
          "What each element's first load costs (the loader and the files it fetches for that element at its moment, from dist/):",
          table(loads),
        ]
      : []),
    ...(catalogues.size
      ? [
          `What each language costs over English (its texts, chunks/i18n/<name>.js, fetched with an element's code; target ≤ ${kb(1500)}):`,
          `  ${[...catalogues].map(([name, size]) => `${name} ${size.toLocaleString('en')} B`).join(', ')}`,
        ]
      : []),
    'Files fetched by Chromium:',
    files('search box only, after load, before any gesture', pages.searchBoxBeforeIntent),
    files('search box only (box interactive, suggestions shown)', pages.searchBoxOnly),
    files('related only, block five screens down, after load', pages.relatedBeforeViewport),
    files('related only, after scrolling to it', pages.relatedInAll),
    files('autocomplete-js box page', pages.autocompleteBox),
  ].join('\n');
}

/** Issue 22's table: every row side by side with the anchors, with the ratios and what each must reach. */
export function formatFirstVisit(
  trove: SideResult,
  ac: SideResult,
  all: Map<string, number>,
  pages: PageBytesResult,
  early?: SideResult,
): string {
  const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}×`;
  const bytes = (label: string, a: number, b: number, anchor: string, target: number) => [
    label,
    `${a.toLocaleString('en')} B`,
    `${kb(b)} ${anchor}`,
    ratio(a, b),
    `≤ ${target.toLocaleString('en')} B${a <= target ? ' (met)' : ` (${(a - target).toLocaleString('en')} B over)`}`,
  ];
  const allTotal = [...all.values()].reduce((a, b) => a + b, 0);
  return [
    'First visit (issue 22): Trove against @algolia/autocomplete-js and the anchors of the issue',
    table([
      ['measure', 'Trove', 'anchor', 'ratio', 'must reach'],
      timedRow('navigation → an input accepts typing (Fast 3G, no cache)', trove.interactiveMs, ac.interactiveMs, '≤ 0.75×'),
      ...formlessRow(early, ac, 'interactiveMs'),
      timedRow('navigation → the final query’s suggestions painted (land and type at once)', trove.landMs, ac.landMs, '≤ 0.90×'),
      ...formlessRow(early, ac, 'landMs'),
      timedRow('last key → suggestions painted, warm page', trove.paintMs, ac.paintMs, '≤ 1.00×'),
      bytes(
        'bytes, page with a search box',
        pages.searchBoxOnly.total,
        pages.autocompleteBox.total,
        '(autocomplete-js)',
        sizeBudget.searchBoxTarget,
      ),
      bytes(
        'bytes, page with related posts only',
        pages.relatedInAll.total,
        ANCHOR_BYTES.relatedOnly,
        '(recommend-js + client)',
        sizeBudget.relatedOnlyTarget,
      ),
      bytes('bytes, all three elements', allTotal, ANCHOR_BYTES.all, '(Pagefind component UI)', sizeBudget.everythingTarget),
    ]),
  ].join('\n');
}

export function formatBreakdown(chunks: ChunkBreakdown[], perChunk = 8): string {
  const lines = [
    'What costs what: minified bytes per source module of each file (source maps of the same build); ≈ brotli = its share of the file',
  ];
  for (const chunk of chunks) {
    lines.push(`  ${chunk.name}: ${kb(chunk.minified)} minified, ${kb(chunk.brotli)} brotli`);
    const shown = chunk.modules.slice(0, perChunk);
    const rest = chunk.modules.slice(perChunk);
    const rows = shown.map(([module, bytes]) => [`    ${module}`, kb(bytes), `≈ ${kb((chunk.brotli * bytes) / chunk.minified)}`]);
    // The libraries share `bootChunk` with our code: their sum first, then the modules as they come.
    const libraries = chunk.modules.filter(([module]) => !module.startsWith('packages/') && !module.startsWith('('));
    const librariesBytes = libraries.reduce((a, [, b]) => a + b, 0);
    if (libraries.length)
      rows.unshift([
        `    libraries (${libraries.length} modules)`,
        kb(librariesBytes),
        `≈ ${kb((chunk.brotli * librariesBytes) / chunk.minified)}`,
      ]);
    if (rest.length) {
      const bytes = rest.reduce((a, [, b]) => a + b, 0);
      rows.push([`    ${rest.length} more modules`, kb(bytes), `≈ ${kb((chunk.brotli * bytes) / chunk.minified)}`]);
    }
    if (rows.length) lines.push(table(rows));
  }
  return lines.join('\n');
}

export function formatSpeed(trove: SideResult, ac: SideResult, trials: number, early?: SideResult): string {
  const ratio = (a: number[], b: number[]) => `${(median(a) / median(b)).toFixed(2)}×`;
  const spread = (xs: number[]) => `p10 ${Math.round(quantile(xs, 0.1))}, p90 ${Math.round(quantile(xs, 0.9))}`;
  const moreThanOne = (xs: number[]) => xs.filter((n) => n > 1).length;
  const keysAt = (side: SideResult) =>
    `${Math.round(median(side.landKeysMs.map(([first]) => first)))}, ${Math.round(median(side.landKeysMs.map(([, last]) => last)))} ms`;
  const slow = (side: SideResult) => side.maxKeyGapMs.filter((ms) => ms > 100).length;
  return [
    `Speed: medians of ${trials} trials each, interleaved, one Chromium run, API answers delayed 50 ms, the pages on one origin; Trove embedded as the README says (a fallback form in the tag)`,
    table([
      ['measure', 'Trove', 'autocomplete-js', 'ratio', 'target'],
      timedRow('navigation → interactive box, Fast 3G (150 ms RTT), no cache', trove.interactiveMs, ac.interactiveMs, '≤ 0.75×'),
      ...formlessRow(early, ac, 'interactiveMs'),
      timedRow('navigation → final suggestions painted, typed at once (land and type)', trove.landMs, ac.landMs, '≤ 0.90×'),
      ...formlessRow(early, ac, 'landMs'),
      timedRow(
        `last key → final suggestions painted (${QUERY.length} chars at ${KEY_DELAY_MS} ms/key)`,
        trove.paintMs,
        ac.paintMs,
        '≤ 1.00×',
      ),
      ['requests per typed query', String(median(trove.requests)), String(median(ac.requests)), ratio(trove.requests, ac.requests), '1'],
    ]),
    `  spread, navigation → interactive: Trove ${spread(trove.interactiveMs)} ms; autocomplete-js ${spread(ac.interactiveMs)} ms`,
    `  spread, land and type: Trove ${spread(trove.landMs)} ms; autocomplete-js ${spread(ac.landMs)} ms`,
    `  land and type, navigation → first key, last key (medians): Trove ${keysAt(trove)}; autocomplete-js ${keysAt(ac)}${early ? `; Trove without the fallback form ${keysAt(early)}` : ''}`,
    `  spread, last key → painted: Trove ${spread(trove.paintMs)} ms; autocomplete-js ${spread(ac.paintMs)} ms`,
    `  requests: Trove max ${Math.max(...trove.requests)} (${moreThanOne(trove.requests)} trials > 1); autocomplete-js max ${Math.max(...ac.requests)} (${moreThanOne(ac.requests)} trials > 1)`,
    `  trials where a key came more than 100 ms after the previous one (machine load; a debounce then fires early): Trove ${slow(trove)}, autocomplete-js ${slow(ac)}`,
    `  fetched on Fast 3G by the time the box was interactive (compressed, as served): Trove ${kb(median(trove.transferred))}, autocomplete-js ${kb(median(ac.transferred))}`,
  ].join('\n');
}
