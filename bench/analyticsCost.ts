/**
 * What recording search analytics costs (`npm run bench -- --service`, beside the service rows):
 *
 *     npx tsx bench/analyticsCost.ts [posts=50000] [queries=400] [rounds=5]
 *
 * Two services on the same generated posts, one recording analytics (the default) and one
 * without (`analytics: false`), answer the same reader-like searches (bench/service.ts's, each
 * with one of 200 session ids, as the widgets send them) one at a time over loopback HTTP, each
 * search asked of one then the other, so the machine's load falls on both alike. Throughput is the
 * median of the rounds; the cost is how much longer a search takes with recording on (the pairs'
 * differences, trimmed of their extreme tenths, over the searches' time without), which is the
 * throughput a process loses. Also the time of the recording call alone (in process).
 */
import { createServer } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createAnalytics } from '../packages/cli/src/service/analytics/createAnalytics.ts';
import { createFileAnalyticsStore } from '../packages/cli/src/service/analytics/createFileAnalyticsStore.ts';
import { createService, type Service } from '../packages/cli/src/service/createService.ts';
import { generatePosts } from '../packages/cli/src/service/sample/generatePosts.ts';
import { seededRandom } from '../packages/cli/src/service/sample/seededRandom.ts';
import { readerSearches } from './service.ts';
import { median } from './stats.ts';

export interface AnalyticsCostResult {
  posts: number;
  queries: number;
  rounds: number;
  /** Searches per second, median of the rounds. */
  onPerSecond: number;
  offPerSecond: number;
  /** Time a search takes longer with recording on, in percent of its time without (paired, trimmed; negative: within the noise). */
  costPercent: number;
  /** The same without trimming (the pauses of either process count in full: noisier on a busy machine). */
  costUntrimmedPercent: number;
  /** One recording call (`analytics.search`), microseconds. */
  recordMicros: number;
}

/** The most throughput recording may cost (issue 34). */
export const ANALYTICS_COST_TARGET_PERCENT = 5;

const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;

/** The mean without the lowest and highest tenth. */
function trimmedMean(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const cut = Math.floor(sorted.length / 10);
  const kept = sorted.slice(cut, sorted.length - cut);
  return kept.reduce((sum, v) => sum + v, 0) / kept.length;
}

export async function benchAnalyticsCost(posts = 50_000, queries = 400, rounds = 5): Promise<AnalyticsCostResult> {
  const folders: string[] = [];
  const started: { service: Service; close: () => Promise<void>; base: string }[] = [];
  try {
    for (const analytics of [undefined, false] as const) {
      const dataDir = mkdtempSync(join(tmpdir(), 'trove-bench-analytics-'));
      folders.push(dataDir);
      const service = await createService({ token: 'bench', dataDir, analytics });
      await service.seed(posts);
      const server = createServer((req, res) => service.middleware(req, res));
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v2/projects/demo/collections/blog`;
      const close = async () => {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
        await service.close();
      };
      started.push({ service, close, base });
    }
    const rnd = seededRandom(34);
    const searches = readerSearches(generatePosts(posts), queries, rnd).map((params, i) => {
      params.set('session_id', `bench-session-${i % 200}`);
      return `/search/default?${params}`;
    });
    const ask = async (url: string) => {
      const t = performance.now();
      const body = (await (await fetch(url)).json()) as { code: number };
      if (body.code !== 200) throw new Error(`${url} → ${JSON.stringify(body)}`);
      return performance.now() - t;
    };
    const [on, off] = started;
    for (const path of searches.slice(0, 50)) {
      await ask(on!.base + path); // warm-up
      await ask(off!.base + path);
    }
    const onRounds: number[] = [];
    const offRounds: number[] = [];
    /** For each search, how much longer it took with recording on than off (asked of both in turn). */
    const extra: number[] = [];
    const offTimes: number[] = [];
    for (let round = 0; round < rounds; round++) {
      let onMs = 0;
      let offMs = 0;
      for (const [i, path] of searches.entries()) {
        const first = (i + round) % 2 === 0;
        const a = await ask((first ? on : off)!.base + path);
        const b = await ask((first ? off : on)!.base + path);
        const [onTime, offTime] = first ? [a, b] : [b, a];
        onMs += onTime;
        offMs += offTime;
        extra.push(onTime - offTime);
        offTimes.push(offTime);
      }
      onRounds.push((searches.length / onMs) * 1000);
      offRounds.push((searches.length / offMs) * 1000);
    }

    // The recording call alone.
    const dir = mkdtempSync(join(tmpdir(), 'trove-bench-analytics-'));
    folders.push(dir);
    const analytics = createAnalytics(createFileAnalyticsStore(dir, 30), { flushMs: 60_000 });
    const hits = Array.from({ length: 10 }, (_, i) => ({ id: String(i), title: `Post ${i}`, url: `/posts/${i}` }));
    const where = { project: 'demo', collection: 'blog' };
    analytics.search(where, 'warm', 'warm', 0, 10, hits);
    await analytics.flush();
    const calls = 20_000;
    const t = performance.now();
    for (let i = 0; i < calls; i++) analytics.search(where, `session-${i % 200}`, `query ${i % 500}`, 0, 10, hits);
    const recordMicros = ((performance.now() - t) / calls) * 1000;
    await analytics.close();

    const onPerSecond = median(onRounds);
    const offPerSecond = median(offRounds);
    // The cost: the mean extra time of a search with recording on, over the mean time without,
    // both without their slowest and fastest tenth (a process descheduled by the machine's other
    // work adds milliseconds to one side of a pair, whichever it is).
    return {
      posts,
      queries,
      rounds,
      onPerSecond: Math.round(onPerSecond),
      offPerSecond: Math.round(offPerSecond),
      costPercent: Math.round((trimmedMean(extra) / trimmedMean(offTimes)) * 1000) / 10,
      costUntrimmedPercent: Math.round((mean(extra) / mean(offTimes)) * 1000) / 10,
      recordMicros: Math.round(recordMicros * 10) / 10,
    };
  } finally {
    for (const s of started) await s.close();
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  }
}

export function formatAnalyticsCost(r: AnalyticsCostResult): string {
  const ok = r.costPercent <= ANALYTICS_COST_TARGET_PERCENT;
  return [
    `search analytics, ${r.posts.toLocaleString('en')} posts: ${r.queries} searches a round asked of both services in turn, ${r.rounds} rounds (median)`,
    `  recording off   ${r.offPerSecond} searches/s`,
    `  recording on    ${r.onPerSecond} searches/s`,
    `  search time added, untrimmed      ${r.costUntrimmedPercent} %`,
    `  one recording call (in process)   ${r.recordMicros} µs`,
    '',
    '  | analytics recording    | now                  | must reach           |         |',
    '  |------------------------|----------------------|----------------------|---------|',
    `  | ${'search time added'.padEnd(22)} | ${`${r.costPercent} %`.padEnd(20)} | ${`≤ ${ANALYTICS_COST_TARGET_PERCENT} %`.padEnd(20)} | ${ok ? 'met' : 'NOT met'} |`,
  ].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [posts, queries, rounds] = [process.argv[2], process.argv[3], process.argv[4]].map((v, i) => Number(v ?? [50_000, 400, 5][i]));
  console.log(formatAnalyticsCost(await benchAnalyticsCost(posts, queries, rounds)));
}
