/**
 * `npm run bench`: the figures of issues 11 and 22, numbers only, no assertions.
 *  1. Bytes: brotli sizes of everything (dist/), of what Chromium fetches for a page with only the
 *     search box and one with only related posts (before and after the block nears the viewport),
 *     next to the targets; then what each file costs, per source module, and what the stylesheets
 *     and the code reading the page's colours cost against before issue 21 (bench/themeCost.ts).
 *  2. Speed: Trove's search box against @algolia/autocomplete-js (bench/speed.ts), then issue 22's
 *     table: every row (times and bytes) side by side with its anchor, with the ratios.
 *  3. CLI: `trove index --dry-run` on a generated 20 MB feed, time and peak memory (bench/cliIndex.ts);
 *     then the crawl rows (bench/cliCrawl.ts): a built folder of 2,000 posts and a 150-post blog over
 *     loopback, indexed into `trove serve`, and that blog's second run.
 *  4. Relevance (bench/relevance.ts, issue 40): on a crowded blog built by each of the tests' three
 *     real generators (300 long posts, titles sharing words), `trove serve` beside Pagefind (the devDependency `pagefind`, indexing the same built posts, searched by its
 *     pagefind.js in Chromium): a post's own word, the word with a typo, a topic's word, a title and
 *     a body word typed into the box letter by letter, and the related-posts blocks of every post.
 *  5. Relevance per language (bench/multilingual.ts, issue 46): Debian's translated manual pages as
 *     a blog per language, `trove serve` beside Pagefind (a language whose packages are missing is
 *     skipped with a line saying which to install), and English and French in one collection.
 * `npm run bench -- --service` also runs the local service's benchmarks (bench/service.ts: queries;
 * bench/analyticsCost.ts: what recording search analytics costs in throughput;
 * bench/serviceScale.ts: writes, reads under writes and restarts, data folder and PostgreSQL, on the
 * generated posts and on a skewed corpus) and
 * its attack figures (bench/serviceAttack.ts); `npm run bench -- --no-cli` leaves out part 3 (the
 * widgets' figures alone, on a busy machine).
 *
 *   TROVE_OUT_DIR      the build to measure (default dist/; built into a temporary folder when missing)
 *   TROVE_BENCH_PORT   port of the bench server (default: any free port)
 *   TROVE_BENCH_TRIALS trials per side of the speed bench (default 20)
 * The whole run gives up after 21 minutes (34 with `--service`, which indexes 50,000 posts twice for
 * the attack figures and four times for the scale figures); it closes its server and browser on every path.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from '@playwright/test';
import { buildAutocomplete } from './autocomplete/buildAutocomplete.ts';
import { benchCliCrawl, formatCliCrawl } from './cliCrawl.ts';
import { benchCliIndex, printCliIndex } from './cliIndex.ts';
import { type BenchServer, startBenchServer } from './benchServer.ts';
import { launchChromium } from './launchChromium.ts';
import { buildBreakdown } from './moduleBreakdown.ts';
import { measurePageBytes } from './pageBytes.ts';
import { formatBreakdown, formatBytes, formatFirstVisit, formatSpeed } from './report.ts';
import { benchAnalyticsCost, formatAnalyticsCost } from './analyticsCost.ts';
import { benchService, formatServiceBench } from './service.ts';
import { benchServiceAttack, formatServiceAttack } from './serviceAttack.ts';
import { benchRelevance, formatRelevance } from './relevance.ts';
import { benchMultilingual, formatMultilingual } from './multilingual.ts';
import { benchServiceScale, formatServiceScale } from './serviceScale.ts';
import { catalogueSizes, firstLoadSizes, scriptSizes } from './sizes.ts';
import { measureSpeed } from './speed.ts';
import { formatThemeCost, stylesheetSizes } from './themeCost.ts';

const root = new URL('..', import.meta.url).pathname;
const trials = Math.max(1, Math.min(100, Number(process.env.TROVE_BENCH_TRIALS) || 20));
const temporary: string[] = [];

/** The build to measure: $TROVE_OUT_DIR or dist/, else a fresh build in a temporary folder. */
function distDir(): string {
  const dir = process.env.TROVE_OUT_DIR ?? join(root, 'packages/widgets/dist');
  if (existsSync(join(dir, 'trove.js'))) return dir;
  const out = mkdtempSync(join(tmpdir(), 'trove-bench-dist-'));
  temporary.push(out);
  console.log(`${dir}/trove.js is missing: building into ${out}`);
  const build = spawnSync('npx', ['vite', 'build', '--mode', 'script', '--logLevel', 'error'], {
    cwd: root,
    env: { ...process.env, TROVE_OUT_DIR: out },
    stdio: 'inherit',
    timeout: 120_000,
  });
  if (build.status !== 0) throw new Error('vite build --mode script failed');
  return out;
}

async function main() {
  const started = performance.now();
  const dist = distDir();
  const acDir = mkdtempSync(join(tmpdir(), 'trove-bench-ac-'));
  temporary.push(acDir);
  await buildAutocomplete(acDir);

  let server: BenchServer | undefined;
  let browser: Browser | undefined;
  try {
    server = await startBenchServer({ dist, acDir, delayMs: 50, port: Number(process.env.TROVE_BENCH_PORT ?? 0) });
    browser = await launchChromium();
    console.log(`Trove bench: ${dist}, Chromium ${browser.version()}, server ${server.origin}\n`);

    const sizes = scriptSizes(dist);
    const pages = await measurePageBytes(browser, server.origin);
    console.log(formatBytes(sizes, pages, firstLoadSizes(dist), catalogueSizes(dist)));
    console.log('');
    try {
      const chunks = await buildBreakdown(root);
      console.log(formatBreakdown(chunks));
      console.log('');
      console.log(formatThemeCost(stylesheetSizes(dist), chunks));
    } catch (error) {
      console.log(`What costs what: not available (${error instanceof Error ? error.message : String(error)})`);
    }
    console.log('');
    const speed = await measureSpeed(browser, server.origin, trials);
    console.log(formatSpeed(speed.trove, speed.autocomplete, trials, speed.troveEarly));
    console.log('');
    console.log(formatFirstVisit(speed.trove, speed.autocomplete, sizes, pages, speed.troveEarly));
  } finally {
    await browser?.close().catch(() => {});
    await server?.close().catch(() => {});
  }
  if (!process.argv.includes('--no-cli')) {
    console.log('');
    printCliIndex(benchCliIndex());
    console.log('');
    console.log(formatCliCrawl(await benchCliCrawl()));
  }
  console.log('');
  console.log(formatRelevance(await benchRelevance()));
  console.log('');
  console.log(formatMultilingual(await benchMultilingual()));
  if (process.argv.includes('--service')) {
    console.log(`\n${formatServiceBench(await benchService())}`);
    console.log(`\n${formatAnalyticsCost(await benchAnalyticsCost())}`);
    console.log(`\n${formatServiceAttack(await benchServiceAttack())}`);
    console.log(`\n${formatServiceScale(await benchServiceScale())}`);
  }
  console.log(`\nbench done in ${Math.round((performance.now() - started) / 1000)} s`);
}

const minutes = process.argv.includes('--service') ? 34 : 21;
const watchdog = setTimeout(() => {
  console.error(`bench: gave up after ${minutes} minutes`);
  process.exit(1);
}, minutes * 60_000);
watchdog.unref();
try {
  await main();
} catch (error) {
  console.error('bench failed:', error);
  process.exitCode = 1;
} finally {
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
  clearTimeout(watchdog);
}
