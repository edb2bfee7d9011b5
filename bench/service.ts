/**
 * Benchmark of the local service (src/service) on generated posts (`npm run bench -- --service`):
 *
 *     npx tsx bench/service.ts [posts=50000] [queries=1000]
 *
 * Prints: generation time, index time (seed: validate + MiniSearch + facet maps + snapshot
 * on disk), heap after indexing (after a GC), upsert of 1,000 existing ids over HTTP, and
 * p50/p95 latency of `queries` search and `queries` autocomplete requests sent one at a time
 * over loopback HTTP (keep-alive) through the middleware. Queries are deterministic and shaped
 * like a reader's (words of real titles, some typos, filters, sorts, pages; typed prefixes).
 * `benchService()` returns the same numbers for bench/run.ts.
 */
import { createServer } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { AddressInfo } from 'node:net';
import type { Document } from '../packages/client/src/types.ts';
import { createService } from '../packages/cli/src/service/createService.ts';
import { generatePosts } from '../packages/cli/src/service/sample/generatePosts.ts';
import { seededRandom } from '../packages/cli/src/service/sample/seededRandom.ts';

export interface ServiceBenchResult {
  posts: number;
  generateMs: number;
  indexMs: number;
  heapMB: number;
  upsert1000Ms: number;
  search: { count: number; p50Ms: number; p95Ms: number; maxMs: number };
  autocomplete: { count: number; p50Ms: number; p95Ms: number; maxMs: number };
  recommend: { count: number; p50Ms: number; p95Ms: number; maxMs: number };
}

function collectGarbage(): void {
  try {
    setFlagsFromString('--expose_gc');
    (runInNewContext('gc') as () => void)();
  } catch {
    // no GC available: the heap figure includes garbage
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function summary(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    count: times.length,
    p50Ms: round(percentile(sorted, 50)),
    p95Ms: round(percentile(sorted, 95)),
    maxMs: round(sorted[sorted.length - 1]!),
  };
}

/**
 * Search parameters like a reader's: 1-3 consecutive words of some post's title (one in ten with
 * two letters swapped, one in ten empty = browse by filter), some filtered, sorted, paged.
 */
export function readerSearches(corpus: readonly Document[], queries: number, rnd: () => number): URLSearchParams[] {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
  const categories = ['Programming', 'Travel', 'Cooking', 'Photography', 'Gardening'];
  const out: URLSearchParams[] = [];
  for (let i = 0; i < queries; i++) {
    const params = new URLSearchParams({ token: 'bench' });
    const titleWords = pick(corpus).title!.split(/\s+/);
    const n = 1 + Math.floor(rnd() * 3);
    const start = Math.floor(rnd() * Math.max(1, titleWords.length - n + 1));
    let q = titleWords.slice(start, start + n).join(' ');
    const r = rnd();
    if (r < 0.1) q = '';
    else if (r < 0.2 && q.length > 4) {
      const at = 1 + Math.floor(rnd() * (q.length - 3));
      q = q.slice(0, at) + q[at + 1] + q[at] + q.slice(at + 2);
    }
    params.set('q', q);
    if (rnd() < 0.3 || q === '') params.append('filter', `category:"${pick(categories)}"`);
    if (rnd() < 0.15) params.append('filter', `year:"${2016 + Math.floor(rnd() * 10)}"`);
    if (rnd() < 0.2) params.set('sort', pick(['date desc', 'date asc', 'title asc']));
    if (rnd() < 0.3) params.set('skip', String(10 * Math.floor(rnd() * 5)));
    out.push(params);
  }
  return out;
}

export async function benchService(posts = 50_000, queries = 1_000): Promise<ServiceBenchResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'trove-bench-'));
  try {
    let started = performance.now();
    const corpus = generatePosts(posts);
    const generateMs = performance.now() - started;

    const service = await createService({ token: 'bench', dataDir });
    started = performance.now();
    await service.seed(posts); // generates again, then indexes
    const indexMs = performance.now() - started - generateMs;
    collectGarbage();
    const heapMB = process.memoryUsage().heapUsed / 1024 / 1024;

    const server = createServer((req, res) => service.middleware(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v2/projects/demo/collections/blog`;

    const rnd = seededRandom(42);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;

    // Upsert 1,000 existing ids (one batch, as a CMS re-index would send).
    const batch = corpus.slice(0, 1000).map((p) => ({ ...p, title: `${p.title} (updated)` }));
    started = performance.now();
    const upsert = await fetch(`${base}/documents?token=bench`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(batch),
    });
    if (!upsert.ok) throw new Error(`upsert failed: ${upsert.status} ${await upsert.text()}`);
    const upsert1000Ms = performance.now() - started;

    const searchUrls = readerSearches(corpus, queries, rnd).map((params) => `${base}/search/default?${params}`);
    // Autocomplete: a prefix (2-15 characters) of some post's title, as typed.
    const autocompleteUrls: string[] = [];
    for (let i = 0; i < queries; i++) {
      const title = pick(corpus).title!;
      const typed = title.slice(0, 2 + Math.floor(rnd() * Math.min(14, title.length - 1)));
      autocompleteUrls.push(`${base}/autocomplete/?${new URLSearchParams({ token: 'bench', q: typed })}`);
    }

    // Recommend: the related posts of some post, as the block at the end of a post asks.
    const recommendUrls: string[] = [];
    for (let i = 0; i < queries; i++) {
      recommendUrls.push(`${base}/recommend/?${new URLSearchParams({ token: 'bench', id: String(pick(corpus).id) })}`);
    }

    const time = async (urls: string[]) => {
      const times: number[] = [];
      for (const url of urls) {
        const t = performance.now();
        const res = await fetch(url);
        const body = (await res.json()) as { code: number };
        if (body.code !== 200) throw new Error(`${url} → ${JSON.stringify(body)}`);
        times.push(performance.now() - t);
      }
      return summary(times);
    };
    await time(searchUrls.slice(0, 20)); // warm-up
    const search = await time(searchUrls);
    const autocomplete = await time(autocompleteUrls);
    const recommend = await time(recommendUrls);

    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await service.close();
    return {
      posts,
      generateMs: Math.round(generateMs),
      indexMs: Math.round(indexMs),
      heapMB: Math.round(heapMB),
      upsert1000Ms: Math.round(upsert1000Ms),
      search,
      autocomplete,
      recommend,
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The figures issue 13 asks for at 50,000 posts (no test asserts them: timings depend on the machine). */
export const SERVICE_TARGETS = { searchP95Ms: 30, searchMaxMs: 150, autocompleteP95Ms: 10, recommendP95Ms: 30, indexMs: 8000, heapMB: 300 };

export function formatServiceBench(r: ServiceBenchResult): string {
  const t = SERVICE_TARGETS;
  const row = (label: string, value: string, target: string, ok: boolean) =>
    `  | ${label.padEnd(22)} | ${value.padEnd(20)} | ${target.padEnd(20)} | ${ok ? 'met' : 'NOT met'} |`;
  return [
    `local service, ${r.posts.toLocaleString('en')} generated posts`,
    `  generate posts           ${r.generateMs} ms`,
    `  index (seed, on disk)    ${r.indexMs} ms`,
    `  heap after indexing      ${r.heapMB} MB`,
    `  upsert 1,000 ids (HTTP)  ${r.upsert1000Ms} ms`,
    `  search        ${r.search.count} queries   p50 ${r.search.p50Ms} ms   p95 ${r.search.p95Ms} ms   max ${r.search.maxMs} ms`,
    `  autocomplete  ${r.autocomplete.count} queries   p50 ${r.autocomplete.p50Ms} ms   p95 ${r.autocomplete.p95Ms} ms   max ${r.autocomplete.maxMs} ms`,
    `  recommend     ${r.recommend.count} queries   p50 ${r.recommend.p50Ms} ms   p95 ${r.recommend.p95Ms} ms   max ${r.recommend.maxMs} ms`,
    '',
    `  | at ${r.posts.toLocaleString('en')} posts`.padEnd(26) + ' | now                  | must reach           |         |',
    '  |------------------------|----------------------|----------------------|---------|',
    row(
      'search p95 / max',
      `${r.search.p95Ms} ms / ${r.search.maxMs} ms`,
      `≤ ${t.searchP95Ms} ms / ≤ ${t.searchMaxMs} ms`,
      r.search.p95Ms <= t.searchP95Ms && r.search.maxMs <= t.searchMaxMs,
    ),
    row('autocomplete p95', `${r.autocomplete.p95Ms} ms`, `≤ ${t.autocompleteP95Ms} ms`, r.autocomplete.p95Ms <= t.autocompleteP95Ms),
    row('recommend p95', `${r.recommend.p95Ms} ms`, `≤ ${t.recommendP95Ms} ms`, r.recommend.p95Ms <= t.recommendP95Ms),
    row('index (seed, on disk)', `${(r.indexMs / 1000).toFixed(1)} s`, `≤ ${t.indexMs / 1000} s`, r.indexMs <= t.indexMs),
    row('heap after indexing', `${r.heapMB} MB`, `≤ ${t.heapMB} MB`, r.heapMB <= t.heapMB),
  ].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const posts = Number(process.argv[2] ?? 50_000);
  const queries = Number(process.argv[3] ?? 1_000);
  console.log(formatServiceBench(await benchService(posts, queries)));
}
