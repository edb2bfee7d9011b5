/**
 * Benchmark of `trove index` on a large feed:
 *
 *     npx tsx bench/cliIndex.ts [megabytes=20]
 *
 * Writes a generated RSS 2.0 feed of about `megabytes` MB (WordPress-like items: HTML content
 * with images, a tracking pixel, categories, authors, RFC 822 dates) to a temporary file, then
 * runs `trove index <file> --dry-run` in a child process (through tsx, as `npx tsx
 * src/cli/main.ts` would) and prints the time the command took, the whole process's wall time
 * and its peak memory (maximum resident set size). The budget is 400 MB. `benchCliIndex()`
 * returns the same numbers for bench/run.ts.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export interface CliIndexBenchResult {
  feedMB: number;
  items: number;
  /** Time of the command itself: read, decode, parse, map, print. */
  commandMs: number;
  /** Wall time of the whole process, Node and tsx start-up included. */
  processMs: number;
  peakMB: number;
  exitCode: number;
  documents: number;
}

const words = 'tide harbour lantern gravel orchard kettle meadow copper ferry quarry willow beacon thistle marsh cinder ledger'.split(' ');
const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const days = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

function sentence(seed: number, length: number): string {
  const out: string[] = [];
  for (let i = 0; i < length; i++) out.push(words[(seed * 31 + i * 17 + ((seed >> 3) ^ i)) % words.length]!);
  return `${out.join(' ')}.`;
}

function item(n: number): string {
  const date = new Date(Date.UTC(2024, 0, 1) - n * 3_600_000);
  const pubDate = `${days[date.getUTCDay()]}, ${String(date.getUTCDate()).padStart(2, '0')} ${months[date.getUTCMonth()]} ${date.getUTCFullYear()} ${String(date.getUTCHours()).padStart(2, '0')}:00:00 +0000`;
  const paragraphs = Array.from(
    { length: 8 },
    (_, p) => `<p>${sentence(n + p, 40)} <a href="https://bench.example/p/${n}#${p}">more</a> &amp; &#8217;</p>`,
  );
  return `<item>
<title>Post ${n}: ${sentence(n, 6)} &#8211; &amp;eacute;</title>
<link>https://bench.example/${date.getUTCFullYear()}/post-${n}/</link>
<dc:creator><![CDATA[Author ${n % 37}]]></dc:creator>
<pubDate>${pubDate}</pubDate>
<category><![CDATA[Topic ${n % 11}]]></category><category><![CDATA[Tag ${n % 23}]]></category>
<guid isPermaLink="false">https://bench.example/?p=${n}</guid>
<description><![CDATA[${sentence(n, 25)}]]></description>
<content:encoded><![CDATA[<img src="https://pixel.wp.com/b.gif?post=${n}" width="1" height="1"><figure><img src="https://bench.example/img/${n}.jpg" alt=""></figure>${paragraphs.join('\n')}<div class="feedflare"><a href="http://feeds.feedburner.com/~ff/Bench?a=${n}"><img src="http://feeds.feedburner.com/~ff/Bench?d=${n}"></a></div>]]></content:encoded>
</item>
`;
}

/** An RSS feed of about `megabytes` MB, and its item count. */
export function generateFeed(megabytes: number): { xml: string; items: number } {
  const head = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/">
<channel><title>Bench</title><link>https://bench.example/</link><description>Generated</description>
`;
  const parts = [head];
  let size = head.length;
  let n = 0;
  while (size < megabytes * 1024 * 1024) {
    const next = item(++n);
    parts.push(next);
    size += Buffer.byteLength(next);
  }
  parts.push('</channel></rss>\n');
  return { xml: parts.join(''), items: n };
}

/** The child: runs the command in-process, counting what it prints, and reports as one JSON line. */
async function child(file: string): Promise<void> {
  const { runCli } = await import('../packages/cli/src/cli/runCli.ts');
  let stdoutBytes = 0;
  let stderr = '';
  const started = performance.now();
  const exitCode = await runCli(['index', file, '--dry-run'], {
    stdout: { write: (text: string) => (stdoutBytes += text.length) },
    stderr: { write: (text: string) => (stderr += text) },
    env: {},
  });
  const commandMs = performance.now() - started;
  const documents = Number(/Dry run: (\d+) documents?/.exec(stderr)?.[1] ?? 0);
  const peakMB = process.resourceUsage().maxRSS / 1024;
  process.stdout.write(`${JSON.stringify({ commandMs, peakMB, exitCode, documents, stdoutBytes })}\n`);
}

export function benchCliIndex(megabytes = 20): CliIndexBenchResult {
  const dir = mkdtempSync(join(tmpdir(), 'trove-bench-cli-'));
  try {
    const { xml, items } = generateFeed(megabytes);
    const file = join(dir, 'feed.xml');
    writeFileSync(file, xml);
    const started = performance.now();
    const run = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--child', file], {
      encoding: 'utf8',
      maxBuffer: 1024 * 1024,
    });
    const processMs = performance.now() - started;
    if (run.status !== 0) throw new Error(`the child failed (${run.status}): ${run.stderr}`);
    const report = JSON.parse(run.stdout.trim().split('\n').at(-1)!) as Omit<CliIndexBenchResult, 'feedMB' | 'items' | 'processMs'>;
    return { feedMB: statSync(file).size / 1024 / 1024, items, processMs, ...report };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function printCliIndex(result: CliIndexBenchResult): void {
  console.log(`trove index --dry-run on a ${result.feedMB.toFixed(1)} MB RSS feed (${result.items} items):`);
  console.log(`  command ${(result.commandMs / 1000).toFixed(2)} s, whole process ${(result.processMs / 1000).toFixed(2)} s`);
  console.log(`  peak memory ${result.peakMB.toFixed(0)} MB (budget 400 MB)${result.peakMB > 400 ? '  OVER BUDGET' : ''}`);
  console.log(`  ${result.documents} documents, exit status ${result.exitCode}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (process.argv[2] === '--child') {
    await child(process.argv[3]!);
  } else {
    printCliIndex(benchCliIndex(Number(process.argv[2] ?? 20)));
  }
}
