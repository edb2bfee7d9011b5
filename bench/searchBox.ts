/**
 * Bench of <trove-search-box> in Chromium (playwright) against the in-process local service and
 * the built dist/trove.js on e2e/pages/search-box.html:
 *  - requests sent while a 20-character query is typed at 40 ms per key (goal ≤ 3);
 *  - time from the last key to the suggestions painted (median of 20 runs).
 * Uses $TROVE_OUT_DIR (default dist/) and builds into a temporary dir when trove.js is missing.
 * Prints numbers; asserts nothing.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { createService } from '../src/service/createService.ts';
import { serveStatic } from '../demo/site/serveStatic.ts';

const RUNS = 20;
const QUERY = 'photographing a food'; // 20 characters
const KEY_DELAY = 40;
const root = new URL('..', import.meta.url).pathname;

function distDir(): string {
  const dir = process.env.TROVE_OUT_DIR ?? join(root, 'dist');
  if (existsSync(join(dir, 'trove.js'))) return dir;
  const out = mkdtempSync(join(tmpdir(), 'trove-bench-dist-'));
  for (const mode of ['esm', 'script']) {
    const build = spawnSync('npx', ['vite', 'build', '--mode', mode, '--logLevel', 'error'], {
      cwd: root,
      env: { ...process.env, TROVE_OUT_DIR: out },
      stdio: 'inherit',
    });
    if (build.status !== 0) throw new Error(`vite build --mode ${mode} failed`);
  }
  return out;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))];

/**
 * Page script: resolves once the list for the whole query is in the DOM (not loading; options or
 * a notice shown) and a frame has been painted after it; notes that time in `bench.painted`.
 */
function waitForPaint(q: string): string {
  return `new Promise((resolve) => {
    const shadow = document.querySelector('trove-search-box').shadowRoot;
    const done = () => {
      const ready = shadow.querySelector('input').value === ${JSON.stringify(q)} &&
        !shadow.querySelector('.spinner.is-loading') &&
        (shadow.querySelector('[role="option"]') || shadow.querySelector('[part~="notice"]'));
      if (!ready) return false;
      requestAnimationFrame(() => setTimeout(() => { bench.painted = performance.now(); resolve(); }));
      return true;
    };
    if (done()) return;
    const observer = new MutationObserver(() => { if (done()) observer.disconnect(); });
    observer.observe(shadow, { subtree: true, childList: true, attributes: true, characterData: true });
  })`;
}

async function main() {
  if (QUERY.length !== 20) throw new Error('the query must have 20 characters');
  const service = await createService({ token: 'dev-token', dataDir: mkdtempSync(join(tmpdir(), 'trove-bench-')) });
  await service.seed();
  const dist = serveStatic('/dist/', distDir());
  const pages = serveStatic('/pages/', join(root, 'e2e/pages'));
  const server: Server = createServer((req, res) =>
    service.middleware(req, res, () =>
      dist(req, res, () =>
        pages(req, res, () => {
          res.statusCode = 404;
          res.end();
        }),
      ),
    ),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const page = await browser.newPage();
  // The page notes when each key arrived (page scripts are strings: tsx's helpers do not exist there).
  await page.addInitScript(`
    window.bench = { lastKey: 0, painted: 0, keys: [] };
    document.addEventListener('input', () => { bench.lastKey = performance.now(); bench.keys.push(bench.lastKey); }, true);
  `);

  const requests: number[] = [];
  const latency: number[] = [];
  const gaps: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    await fetch(`${base}/_trove/requests`, { method: 'DELETE' });
    await page.goto(`${base}/pages/search-box.html`); // fresh page: empty client cache
    const input = page.locator('trove-search-box input[role="combobox"]');
    await input.click();
    await input.pressSequentially(QUERY, { delay: KEY_DELAY });
    // Painted: the list for the whole query is in the DOM (not loading, options shown), then a frame passed.
    await page.evaluate(waitForPaint(QUERY));
    const bench = (await page.evaluate('window.bench')) as { lastKey: number; painted: number; keys: number[] };
    latency.push(bench.painted - bench.lastKey);
    gaps.push(...bench.keys.slice(1).map((t, i) => t - bench.keys[i]));
    const all = (await (await fetch(`${base}/_trove/requests`)).json()) as { path: string }[];
    requests.push(all.filter((r) => /\/autocomplete\/[^/]*$/.test(r.path)).length);
  }
  await browser.close();
  server.close();
  await service.close();

  const f = (n: number) => n.toFixed(1);
  console.log(`search box: "${QUERY}" (20 chars) typed at ${KEY_DELAY} ms per key, ${RUNS} runs, Chromium, local service`);
  console.log(`  autocomplete requests per query: median ${median(requests)}, max ${Math.max(...requests)} (goal ≤ 3)`);
  console.log(`  actual gap between keys: median ${f(median(gaps))} ms, p90 ${f(pct(gaps, 0.9))} ms`);
  console.log(
    `  last key → suggestions painted: median ${f(median(latency))} ms, p90 ${f(pct(latency, 0.9))} ms, min ${f(Math.min(...latency))} ms (includes the 100 ms debounce)`,
  );
}

await main();
