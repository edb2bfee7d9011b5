/**
 * The crawl rows of `npm run bench` (issue 31), figures, not timed tests:
 *
 *     npx tsx bench/cliCrawl.ts
 *
 *  1. a built folder of 2,000 posts (the Hugo test blog of test/sites/, its 120 posts repeated
 *     with their own slugs and words), indexed by `trove index <folder> --site-url …` into
 *     `trove serve` (a process of its own): the command's time and its peak memory (the targets:
 *     ≤ 10 s, ≤ 400 MB);
 *  2. a 150-post blog (the same Hugo blog with 150 posts) served over loopback by a static
 *     server, indexed by its address into `trove serve`: the time (target ≤ 5 s), the requests
 *     and bytes; then the second run on the unchanged blog (documents sent, bytes against the first).
 * Each run of the command is a child process (through tsx, as `npx tsx src/cli/main.ts` would).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { spawnServe } from '../scripts/spawnServe.ts';
import { type ServedSite, serveSite } from '../packages/cli/test/cli/serveSite.ts';
import { type BlogPost, blogPosts } from '../test/sites/blogPosts.ts';
import { buildSite, missingGenerator } from '../test/sites/buildSite.ts';

export interface CrawlRun {
  commandMs: number;
  /** CPU time of the child (user + system): less sensitive than wall time to a busy machine. */
  cpuMs: number;
  peakMB: number;
  exitCode: number;
  /** The summary's lines that say what was read and sent. */
  summary: string;
}

export interface CrawlBenchResult {
  folder?: { posts: number; run: CrawlRun };
  site?: { posts: number; first: CrawlRun; second: CrawlRun; firstBytes: number; secondBytes: number; requests: number };
  skipped?: string;
}

/** `count` posts: the test blog's 120, repeated with slugs, titles and words of their own. */
function manyPosts(count: number): BlogPost[] {
  const base = blogPosts();
  return Array.from({ length: count }, (_, i) => {
    const post = base[i % base.length]!;
    const round = Math.floor(i / base.length);
    if (round === 0) return post;
    const ownWord = `${post.ownWord}${round}`;
    return {
      ...post,
      index: i,
      slug: `${post.slug}-${round}`,
      title: `${post.title} (${round + 1})`,
      ownWord,
      paragraphs: [...post.paragraphs.slice(0, -1), `${post.paragraphs.at(-1)} Also ${ownWord}.`],
    };
  });
}

/** The child: `trove index …` in-process, reporting its time, peak memory and summary as one JSON line. */
async function child(args: string[]): Promise<void> {
  const { runCli } = await import('../packages/cli/src/cli/runCli.ts');
  // As the command does (src/cli/main.ts): its pages read in worker threads that load the entry.
  const { setWorkerEntry } = await import('../packages/cli/src/cli/sources/createPageReaderPool.ts');
  setWorkerEntry(new URL('../packages/cli/src/cli/sources/servePageReader.ts', import.meta.url).href);
  let stderr = '';
  const started = performance.now();
  const exitCode = await runCli(['index', ...args], {
    stdout: { write: () => true },
    stderr: { write: (text: string) => (stderr += text) },
    env: { ...process.env },
  });
  const commandMs = performance.now() - started;
  const summary = stderr
    .split('\n')
    .filter((line) => /^(Read |Indexed |Nothing to send|Dry run)/.test(line))
    .join(' / ');
  const cpu = process.cpuUsage();
  const cpuMs = (cpu.user + cpu.system) / 1000;
  process.stdout.write(`${JSON.stringify({ commandMs, cpuMs, peakMB: process.resourceUsage().maxRSS / 1024, exitCode, summary })}\n`);
}

function runChild(args: string[], env: Record<string, string>): Promise<CrawlRun> {
  return new Promise((resolve, reject) => {
    const run = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--child', ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let errors = '';
    run.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    run.stderr.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-2000)));
    run.on('close', (code) => {
      const line = out.trim().split('\n').at(-1);
      if (code !== 0 || !line) reject(new Error(`the child failed (${code}): ${errors}`));
      else resolve(JSON.parse(line) as CrawlRun);
    });
  });
}

export async function benchCliCrawl(): Promise<CrawlBenchResult> {
  const missing = missingGenerator('hugo');
  if (missing !== undefined) return { skipped: missing };
  const data = mkdtempSync(join(tmpdir(), 'trove-bench-crawl-'));
  const cache = mkdtempSync(join(tmpdir(), 'trove-bench-crawl-cache-'));
  const service = await spawnServe([], { TROVE_DATA: data, TROVE_TOKEN: 'bench-token' });
  let served: ServedSite | undefined;
  const target = (collection: string) => [
    '--base-url',
    service.base,
    '--project',
    'bench',
    '--collection',
    collection,
    '--token',
    'bench-token',
  ];
  const env = { XDG_CACHE_HOME: cache };
  try {
    const result: CrawlBenchResult = {};
    const folder = await buildSite('hugo', { siteUrl: 'https://bench.blog.example', posts: manyPosts(2000) });
    result.folder = {
      posts: 2000,
      run: await runChild([folder.dir, '--site-url', folder.siteUrl, ...target('folder'), '--batch', '500'], env),
    };

    served = await serveSite(tmpdir());
    const site = await buildSite('hugo', { siteUrl: served.base, posts: manyPosts(150) });
    served.setRoot(site.dir);
    const first = await runChild([`${served.base}/`, ...target('site')], env);
    const firstBytes = served.bytes;
    const requests = served.requests.length;
    served.reset();
    const second = await runChild([`${served.base}/`, ...target('site')], env);
    result.site = { posts: 150, first, second, firstBytes, secondBytes: served.bytes, requests };
    return result;
  } finally {
    await served?.stop();
    service.child.kill('SIGTERM');
    rmSync(data, { recursive: true, force: true });
    rmSync(cache, { recursive: true, force: true });
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const kB = (bytes: number) => `${Math.round(bytes / 1024)} kB`;

export function formatCliCrawl(result: CrawlBenchResult): string {
  if (result.skipped !== undefined) return `trove index on whole sites: not measured (${result.skipped})`;
  const lines = [
    `trove index on whole sites, into trove serve (targets: folder ≤ 10 s and ≤ 400 MB; blog over loopback ≤ 5 s; load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores):`,
  ];
  const { folder, site } = result;
  if (folder) {
    lines.push(
      `  built folder, ${folder.posts} posts (Hugo):   ${seconds(folder.run.commandMs)} (CPU ${seconds(folder.run.cpuMs)}), peak ${folder.run.peakMB.toFixed(0)} MB, exit ${folder.run.exitCode}` +
        `${folder.run.commandMs > 10_000 || folder.run.peakMB > 400 ? '  OVER TARGET' : ''}`,
    );
    lines.push(`    ${folder.run.summary}`);
  }
  if (site) {
    lines.push(
      `  ${site.posts}-post blog over loopback:      ${seconds(site.first.commandMs)} (CPU ${seconds(site.first.cpuMs)}), peak ${site.first.peakMB.toFixed(0)} MB, ${site.requests} requests, ${kB(site.firstBytes)}, exit ${site.first.exitCode}${site.first.commandMs > 5000 ? '  OVER TARGET' : ''}`,
    );
    lines.push(`    ${site.first.summary}`);
    lines.push(
      `  the same blog again, unchanged:         ${seconds(site.second.commandMs)}, ${kB(site.secondBytes)} (${((100 * site.secondBytes) / site.firstBytes).toFixed(1)}% of the first; target ≤ 10%)`,
    );
    lines.push(`    ${site.second.summary}`);
  }
  return lines.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (process.argv[2] === '--child') await child(process.argv.slice(3));
  else console.log(formatCliCrawl(await benchCliCrawl()));
}
