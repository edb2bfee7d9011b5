/**
 * Writes, reads under writes, and restarts of `trove serve` at scale (`npm run bench -- --service`,
 * or `npx tsx bench/serviceScale.ts [posts=50000]`), with the data folder as the record and again
 * with PostgreSQL (a throwaway cluster, fsync on). The service runs as its own process (the
 * command from the sources), the load comes from this one:
 *
 * - one 10-document batch (posts edited: new titles, every other batch new bodies too) into the
 *   full collection: time over HTTP (median of 20) and bytes written
 *   to storage per batch (the service process's /proc/<pid>/io write_bytes, plus PostgreSQL's
 *   write-ahead log when it is the record);
 * - search throughput from 8 keep-alive clients, alone and while a writer (on a thread of its
 *   own) posts 10-document batches back to back, alternated 3 s each, four times (target: ≥ 80% kept);
 * - restart: from spawning the process to its listening (the whole collection loaded; median of
 *   3), and the process's resident memory after it. The process runs the built command
 *   (bin/trove.js, as installed) once `npm run build` has run, else the sources through tsx
 *   (slower to start).
 *
 * Each on two corpora: the generated posts (generatePosts.ts: templated sentences, searched by
 * words of their titles) and the skewed one (generateSkewedPosts.ts: ~120 words a post from 3,000
 * with a Zipf-like frequency, searched by one or two of the commonest words).
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { isBuilt, spawnServe } from '../scripts/spawnServe.ts';
import { startPostgres } from '../scripts/startPostgres.ts';
import type { Document } from '../packages/client/src/types.ts';
import { MiniSearchEngine } from '../packages/cli/src/service/engine/MiniSearchEngine.ts';
import { validateDocuments } from '../packages/cli/src/service/endpoints/validateDocuments.ts';
import { generatePosts } from '../packages/cli/src/service/sample/generatePosts.ts';
import { commonQueries, generateSkewedPosts } from '../packages/cli/src/service/sample/generateSkewedPosts.ts';
import { seededRandom } from '../packages/cli/src/service/sample/seededRandom.ts';
import { createRegistry } from '../packages/cli/src/service/store/createRegistry.ts';
import { createStore } from '../packages/cli/src/service/store/createStore.ts';

const TOKEN = 'bench';

/** A corpus the figures are measured on: its posts, and what readers search it for. */
export interface BenchCorpus {
  name: string;
  posts: Document[];
  queries: string[];
}

export function benchCorpora(posts: number): BenchCorpus[] {
  const generated = generatePosts(posts);
  // Words of real titles, one or two.
  const rnd = seededRandom(7);
  const titleQueries = Array.from({ length: 2000 }, () => {
    const words = generated[Math.floor(rnd() * generated.length)]!.title!.split(/\s+/);
    const n = 1 + Math.floor(rnd() * 2);
    const start = Math.floor(rnd() * Math.max(1, words.length - n + 1));
    return words.slice(start, start + n).join(' ');
  });
  return [
    { name: 'generated posts', posts: generated, queries: titleQueries },
    { name: 'skewed corpus', posts: generateSkewedPosts(posts), queries: commonQueries(2000) },
  ];
}

export interface ScaleResult {
  corpus: string;
  record: 'data folder' | 'PostgreSQL';
  posts: number;
  batchMs: number;
  batchP95Ms: number;
  batchBytes: number;
  searchesPerSecond: number;
  searchesPerSecondWriting: number;
  batchesWhileSearching: number;
  restartMs: number;
  /** Every restart measured (the median is `restartMs`). */
  restartsMs: number[];
  rssMB: number;
}

export const SCALE_TARGETS = { batchMs: 20, batchBytes: 1024 * 1024, keptShare: 0.8, restartMs: 2500 };

interface Child {
  process: ChildProcess;
  base: string;
  startedMs: number;
}

async function startServe(env: Record<string, string>): Promise<Child> {
  const started = performance.now();
  const { child, base } = await spawnServe([], { TROVE_TOKEN: TOKEN, ...env }, { built: true });
  return { process: child, base, startedMs: performance.now() - started };
}

async function stopServe(child: Child): Promise<void> {
  if (child.process.exitCode !== null) return;
  const exited = new Promise((r) => child.process.once('exit', r));
  child.process.kill('SIGTERM');
  await exited;
}

const procField = (pid: number, file: string, field: string) =>
  Number(new RegExp(`^${field}:\\s*(\\d+)`, 'm').exec(readFileSync(`/proc/${pid}/${file}`, 'utf8'))?.[1] ?? Number.NaN);

/** Search URLs shaped like a reader's (the corpus's queries, some filters on its categories, second pages). */
function searchUrls(base: string, corpus: BenchCorpus, count: number): string[] {
  const rnd = seededRandom(7);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
  const categories = [...new Set(corpus.posts.slice(0, 500).map((p) => p.category?.[0] ?? ''))].filter(Boolean).slice(0, 3);
  const urls: string[] = [];
  for (let i = 0; i < count; i++) {
    const params = new URLSearchParams({ token: TOKEN, q: corpus.queries[i % corpus.queries.length]! });
    if (rnd() < 0.3) params.append('filter', `category:"${pick(categories)}"`);
    if (rnd() < 0.2) params.set('skip', '10');
    urls.push(`${base}/api/v2/projects/demo/collections/blog/search/default?${params}`);
  }
  return urls;
}

async function throughput(urls: string[], seconds: number): Promise<number> {
  const until = performance.now() + seconds * 1000;
  let done = 0;
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (performance.now() < until) {
        const res = await fetch(urls[next++ % urls.length]!);
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`search failed: ${res.status}`);
        done++;
      }
    }),
  );
  return done / seconds;
}

/** Ten posts edited: a new title, and every other batch a body rewritten (another post's words). */
function batchOf(corpus: readonly Document[], n: number) {
  return Array.from({ length: 10 }, (_, i) => {
    const post = corpus[(n * 10 + i) % corpus.length]!;
    const content = n % 2 === 1 ? corpus[(n * 10 + i + 7) % corpus.length]!.content : post.content;
    return { ...post, title: `${post.title} (edit ${n})`, content };
  });
}

async function post(base: string, docs: unknown): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${base}/api/v2/projects/demo/collections/blog/documents?token=${TOKEN}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(docs),
  });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`indexing failed: ${res.status}`);
  return performance.now() - started;
}

/**
 * A client posting the given bodies back to back (round and round) on a thread of its own, so
 * that its work does not slow down the searching clients' event loop (on another machine, a
 * writer would not share it either): `stop()` resolves with the number of batches answered.
 */
function startWriter(url: string, bodies: string[]): { stop(): Promise<number> } {
  const stopFlag = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(
    `const { parentPort, workerData: { url, bodies, stopFlag } } = require('node:worker_threads');
    (async () => {
      let done = 0;
      for (let n = 0; Atomics.load(stopFlag, 0) === 0; n++) {
        const res = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: bodies[n % bodies.length] });
        await res.arrayBuffer();
        if (!res.ok) throw new Error('indexing failed: ' + res.status);
        done++;
      }
      parentPort.postMessage(done);
    })().catch((error) => parentPort.postMessage(String(error)));`,
    { eval: true, workerData: { url, bodies, stopFlag } },
  );
  const answered = new Promise<number>((resolve, reject) => {
    worker.once('message', (message: number | string) => (typeof message === 'number' ? resolve(message) : reject(new Error(message))));
    worker.once('error', reject);
  });
  return {
    async stop() {
      Atomics.store(stopFlag, 0, 1);
      try {
        return await answered;
      } finally {
        await worker.terminate();
      }
    },
  };
}

/**
 * `storageBytes`: bytes written so far by the record besides the service process (PostgreSQL: its
 * write-ahead log, every change goes through it first).
 */
async function measure(
  record: ScaleResult['record'],
  bench: BenchCorpus,
  env: Record<string, string>,
  storageBytes: () => Promise<number> = async () => 0,
): Promise<ScaleResult> {
  const corpus = bench.posts;
  let child = await startServe(env);
  try {
    const pid = child.process.pid!;
    // One 10-document batch into the full collection (after a few to warm up).
    for (let n = 0; n < 3; n++) await post(child.base, batchOf(corpus, n));
    const written = procField(pid, 'io', 'write_bytes') + (await storageBytes());
    const times: number[] = [];
    for (let n = 3; n < 23; n++) times.push(await post(child.base, batchOf(corpus, n)));
    const batchBytes = (procField(pid, 'io', 'write_bytes') + (await storageBytes()) - written) / times.length;
    times.sort((a, b) => a - b);

    const urls = searchUrls(child.base, bench, 2000);
    await throughput(urls, 1); // warm-up
    // Alone and with a writer, alternated (3 s each, four times), so a change in the machine's load
    // weighs on both alike.
    let alone = 0;
    let busy = 0;
    let batches = 0;
    const rounds = 4;
    for (let round = 0; round < rounds; round++) {
      alone += (await throughput(urls, 3)) / rounds;
      const writer = startWriter(
        `${child.base}/api/v2/projects/demo/collections/blog/documents?token=${TOKEN}`,
        Array.from({ length: 500 }, (_, i) => JSON.stringify(batchOf(corpus, 100 + round * 1000 + i))),
      );
      busy += (await throughput(urls, 3)) / rounds;
      batches += await writer.stop();
    }

    const restarts: number[] = [];
    for (let n = 0; n < 3; n++) {
      await stopServe(child);
      child = await startServe(env);
      restarts.push(child.startedMs);
    }
    const rssMB = procField(child.process.pid!, 'status', 'VmRSS') / 1024;
    return {
      corpus: bench.name,
      record,
      posts: corpus.length,
      batchMs: times[Math.floor(times.length / 2)]!,
      batchP95Ms: times[Math.floor(times.length * 0.95)]!,
      batchBytes,
      searchesPerSecond: alone,
      searchesPerSecondWriting: busy,
      batchesWhileSearching: batches,
      restartMs: [...restarts].sort((a, b) => a - b)[1]!,
      restartsMs: restarts,
      rssMB,
    };
  } finally {
    await stopServe(child);
  }
}

/** Indexes `posts` (one batch) into the record, in this process, then lets it go (its engine's index saved, as a service's at close). */
async function seed(posts: readonly Document[], options: { dataDir: string; databaseUrl?: string }): Promise<void> {
  const store = options.databaseUrl
    ? await (await import('../packages/cli/src/service/store/createPgStore.ts')).createPgStore(options.databaseUrl)
    : createStore(options.dataDir);
  const registry = await createRegistry(store, () => new MiniSearchEngine());
  await registry.index('demo', 'blog', validateDocuments(posts, 'v2'));
  await registry.close();
}

export async function benchServiceScale(posts = 50_000, withPostgres = true): Promise<ScaleResult[]> {
  const results: ScaleResult[] = [];
  const corpora = benchCorpora(posts);
  for (const corpus of corpora) {
    const dataDir = mkdtempSync(join(tmpdir(), 'trove-bench-scale-'));
    try {
      await seed(corpus.posts, { dataDir });
      results.push(await measure('data folder', corpus, { TROVE_DATA: dataDir }));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (!withPostgres) return results;
  const cluster = await startPostgres();
  try {
    for (const [n, corpus] of corpora.entries()) {
      const pgDataDir = mkdtempSync(join(tmpdir(), 'trove-bench-scale-'));
      try {
        const databaseUrl = await cluster.createDatabase(`trove_bench_${n}`);
        await seed(corpus.posts, { dataDir: pgDataDir, databaseUrl });
        // The database settled as it is in service, not busy with the load just done (autovacuum's
        // analyze of the new rows, the checkpoint of their write-ahead log) on the cores measured.
        const settle = new pg.Client({ connectionString: databaseUrl });
        await settle.connect();
        await settle.query('VACUUM ANALYZE');
        await settle.query('CHECKPOINT');
        await settle.end();
        const wal = new pg.Client({ connectionString: databaseUrl });
        await wal.connect();
        try {
          const walBytes = async () =>
            Number((await wal.query<{ n: string }>("SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0') AS n")).rows[0]!.n);
          results.push(await measure('PostgreSQL', corpus, { TROVE_DATA: pgDataDir, TROVE_DATABASE_URL: databaseUrl }, walBytes));
        } finally {
          await wal.end();
        }
      } finally {
        rmSync(pgDataDir, { recursive: true, force: true });
      }
    }
  } finally {
    await cluster.stop();
  }
  return results;
}

export function formatServiceScale(results: ScaleResult[]): string {
  const t = SCALE_TARGETS;
  const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
  const lines: string[] = [`(${cpus().length} cores, load average ${loadavg()[0]!.toFixed(1)}: timings scale with the load)`];
  for (const r of results) {
    const kept = r.searchesPerSecondWriting / r.searchesPerSecond;
    lines.push(
      `trove serve at ${r.posts.toLocaleString('en')} posts (${r.corpus}), ${r.record} as the record (own process; load from this one)`,
      `  10-document batch       ${r.batchMs.toFixed(1)} ms median, ${r.batchP95Ms.toFixed(1)} ms p95, ${(r.batchBytes / 1024).toFixed(1)} KiB written   target ≤ ${t.batchMs} ms, ≤ 1 MiB: ${met(r.batchMs <= t.batchMs && r.batchBytes <= t.batchBytes)}`,
      `  searches/s (8 clients)  ${Math.round(r.searchesPerSecond)} alone, ${Math.round(r.searchesPerSecondWriting)} while ${r.batchesWhileSearching} batches were written (${Math.round(kept * 100)}% kept)   target ≥ ${t.keptShare * 100}%: ${met(kept >= t.keptShare)}`,
      `  restart                 ${(r.restartMs / 1000).toFixed(2)} s from spawn to listening, median of ${r.restartsMs.map((ms) => (ms / 1000).toFixed(2)).join(', ')} (${isBuilt() ? 'bin/trove.js, built' : 'tsx from the sources'}), ${Math.round(r.rssMB)} MB resident   target ≤ ${t.restartMs / 1000} s: ${met(r.restartMs <= t.restartMs)}`,
    );
  }
  return lines.join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const posts = Number(process.argv[2] ?? 50_000);
  console.log(formatServiceScale(await benchServiceScale(posts, !process.argv.includes('--no-postgres'))));
}
