/**
 * The local service under attack (issue 23), at 50,000 generated posts, over loopback:
 *
 *     npx tsx bench/serviceAttack.ts [posts=50000]      (also part of `npm run bench -- --service`)
 *
 * Prints three figures:
 * 1. the worst single request: each hostile request of the issue (and the costliest ones the
 *    query budget still lets through) sent alone, after a warm-up pass, three times, its slowest
 *    time kept (client-side time over loopback: parsing, the engine, the answer);
 * 2. an ordinary query's latency while ten hostile ones are in flight (20 rounds, median and max);
 * 3. memory under 150 held unauthenticated uploads: 150 connections from another process, each
 *    announcing 5,000,000 bytes with a wrong token and sending 2 MB of it, then holding the
 *    connection open; the growth of the service's RSS and heap + buffers (after a GC).
 * `benchServiceAttack()` returns the same numbers for bench/run.ts.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createService } from '../packages/cli/src/service/createService.ts';

export interface ServiceAttackResult {
  posts: number;
  /** Every hostile request: its status, its slowest time of three, and the CPU time of that run. */
  requests: { name: string; status: number; ms: number; cpuMs: number }[];
  worst: { name: string; ms: number; cpuMs: number };
  ordinaryUnderAttack: { p50Ms: number; maxMs: number; aloneMs: number };
  uploads: { connections: number; answered: number; rssMB: number; heapAndBuffersMB: number };
}

function collectGarbage(): void {
  try {
    setFlagsFromString('--expose_gc');
    (runInNewContext('gc') as () => void)();
  } catch {
    // no GC available: the figures include garbage
  }
}

const MB = 1024 * 1024;
const round = (n: number) => Math.round(n * 10) / 10;
const words = (n: number, word: (i: number) => string) => Array.from({ length: n }, (_, i) => word(i)).join('+');

/** Common words of the generated posts, each with a typo (fuzzy matching at its costliest). */
const COMMON = 'which every compared first early second small about saved found light water music world guide notes story years'.split(' ');
const typo = (w: string) => `${w.slice(0, -2)}${w.at(-1)}${w.at(-2)}`;

/** The attackers: another process, so their buffers are not counted as the service's. */
const ATTACKER = `
const net = require('node:net');
const [port, count] = process.argv.slice(1).map(Number);
const chunk = Buffer.alloc(2 * 1024 * 1024, 0x61);
let answered = 0;
for (let i = 0; i < count; i++) {
  const s = net.connect(port, '127.0.0.1', () => {
    s.write('POST /api/v2/projects/demo/collections/blog/documents?token=nope HTTP/1.1\\r\\nHost: 127.0.0.1\\r\\nContent-Type: application/json\\r\\nContent-Length: 5000000\\r\\n\\r\\n');
    s.write(chunk, () => process.send({ sent: 1 }));
  });
  let seen = false;
  s.on('data', () => { if (!seen) { seen = true; process.send({ answered: 1 }); } });
  s.on('error', () => {});
}
setInterval(() => {}, 1000);
`;

export async function benchServiceAttack(posts = 50_000): Promise<ServiceAttackResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'trove-bench-attack-'));
  const service = await createService({ token: 'bench', dataDir });
  const server = createServer((req, res) => service.middleware(req, res));
  try {
    await service.seed(posts);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    const base = `http://127.0.0.1:${port}/api/v2/projects/demo/collections/blog`;
    const search = (query: string) => `${base}/search/default?token=bench&${query}`;

    const hostile: Record<string, string> = {
      'search, 5,000 terms (q=up+up+…)': search(`q=${words(5000, () => 'up')}`),
      'search, a 15,500-letter word': search(`q=${'a'.repeat(15_500)}`),
      'search, "compared" × 1,700': search(`q=${words(1700, () => 'compared')}`),
      'search, 32 common words with typos': search(
        `q=${words(32, (i) => typo(COMMON[i % COMMON.length]!) + (i >= COMMON.length ? 's' : ''))}`,
      ),
      'search, 32 misspelt words (spelling)': search(`q=${words(32, (i) => `qzx${typo(COMMON[i % COMMON.length]!)}${i}`)}`),
      'search, 32 filters': search(`q=a&${Array.from({ length: 32 }, (_, i) => `filter=year:%22${2000 + (i % 26)}%22`).join('&')}`),
      'search, 33 filters (400)': search(`q=a&${Array.from({ length: 33 }, () => 'filter=tag:%22x%22').join('&')}`),
      'search, two letters, limit=100': search('q=co&limit=100'),
      'search, everything, limit=100': search('limit=100&skip=49000'),
      'recommend, unknown id, 5,000-word title': `${base}/recommend/?token=bench&id=nope&title=${words(5000, () => 'up')}`,
      'recommend, unknown id, 12 common words': `${base}/recommend/?token=bench&id=nope&title=${words(12, (i) => COMMON[i]!)}`,
      'autocomplete, 5,000 terms': `${base}/autocomplete/?token=bench&q=${words(5000, () => 'up')}`,
      'autocomplete, a 15,000-letter word': `${base}/autocomplete/?token=bench&q=${'b'.repeat(15_000)}`,
      'autocomplete, two letters': `${base}/autocomplete/?token=bench&q=co&limit=100`,
    };
    // Wall time, and the CPU time this process spent meanwhile (the machine may be shared: the CPU
    // time is what the request cost, client side included; the wall time what a reader waited).
    const time = async (url: string) => {
      const cpu = process.cpuUsage();
      const t = performance.now();
      const res = await fetch(url);
      await res.arrayBuffer();
      const used = process.cpuUsage(cpu);
      return { status: res.status, ms: performance.now() - t, cpuMs: (used.user + used.system) / 1000 };
    };
    // One pass to warm the JIT up (an attacker repeats; the first call of each code path is slower
    // once per process), then three passes: the slowest of the three is kept.
    for (const url of Object.values(hostile)) await time(url);
    const requests: ServiceAttackResult['requests'] = [];
    for (const [name, url] of Object.entries(hostile)) {
      const runs = [await time(url), await time(url), await time(url)];
      const slowest = runs.reduce((w, r) => (r.ms > w.ms ? r : w));
      requests.push({ name, status: slowest.status, ms: round(slowest.ms), cpuMs: round(slowest.cpuMs) });
    }
    // The worst by CPU time: on a shared machine the wall time also counts waiting for a core.
    const worst = requests.reduce((w, r) => (r.cpuMs > w.cpuMs ? r : w));

    // An ordinary query while ten of the costliest admissible queries are in flight.
    const ordinaryUrl = search('q=garden+notes');
    const costly = [hostile['search, 32 common words with typos']!, hostile['recommend, unknown id, 12 common words']!];
    const aloneMs = (await time(ordinaryUrl)).ms;
    const underAttack: number[] = [];
    for (let round = 0; round < 20; round++) {
      const flight = Array.from({ length: 10 }, (_, i) => time(costly[i % costly.length]!));
      await new Promise((resolve) => setTimeout(resolve, 2));
      underAttack.push((await time(ordinaryUrl)).ms);
      await Promise.all(flight);
    }
    underAttack.sort((a, b) => a - b);

    // 150 held unauthenticated uploads.
    collectGarbage();
    const before = process.memoryUsage();
    const connections = 150;
    const attacker = spawn(process.execPath, ['-e', ATTACKER, String(port), String(connections)], {
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    let sent = 0;
    let answered = 0;
    attacker.on('message', (m: { sent?: number; answered?: number }) => {
      sent += m.sent ?? 0;
      answered += m.answered ?? 0;
    });
    const deadline = Date.now() + 30_000;
    while ((sent < connections || answered < connections) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    await new Promise((resolve) => setTimeout(resolve, 500));
    collectGarbage();
    const after = process.memoryUsage();
    attacker.kill();
    const uploads = {
      connections,
      answered,
      rssMB: round((after.rss - before.rss) / MB),
      heapAndBuffersMB: round((after.heapUsed + after.arrayBuffers - before.heapUsed - before.arrayBuffers) / MB),
    };
    return {
      posts,
      requests,
      worst: { name: worst.name, ms: worst.ms, cpuMs: worst.cpuMs },
      ordinaryUnderAttack: { p50Ms: round(underAttack[10]!), maxMs: round(underAttack.at(-1)!), aloneMs: round(aloneMs) },
      uploads,
    };
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await service.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** What issue 23 asks for (no test asserts them: timings depend on the machine). */
export const ATTACK_TARGETS = { worstMs: 250 };

export function formatServiceAttack(r: ServiceAttackResult): string {
  return [
    `local service under attack, ${r.posts.toLocaleString('en')} generated posts (read token = anyone)`,
    `  ${'request'.padEnd(42)} ${'code'.padEnd(4)} slowest of 3 (CPU)`,
    ...r.requests.map((q) => `  ${q.name.padEnd(42)} ${String(q.status).padEnd(4)} ${q.ms} ms (${q.cpuMs} ms)`),
    '',
    `  worst single request                       CPU ${r.worst.cpuMs} ms, wall ${r.worst.ms} ms (${r.worst.name}) — CPU must stay ≤ ${ATTACK_TARGETS.worstMs} ms: ${r.worst.cpuMs <= ATTACK_TARGETS.worstMs ? 'met' : 'NOT met'}`,
    `  ordinary query alone                       ${r.ordinaryUnderAttack.aloneMs} ms`,
    `  ordinary query, ten hostile in flight      p50 ${r.ordinaryUnderAttack.p50Ms} ms   max ${r.ordinaryUnderAttack.maxMs} ms (20 rounds)`,
    `  ${r.uploads.connections} held unauthenticated uploads          answered ${r.uploads.answered}/${r.uploads.connections} at once; RSS +${r.uploads.rssMB} MB, heap + buffers +${r.uploads.heapAndBuffersMB} MB`,
  ].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(formatServiceAttack(await benchServiceAttack(Number(process.argv[2] ?? 50_000))));
}
