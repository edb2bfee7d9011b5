/**
 * The pages of e2e/server.ts for the Firefox and WebKit check (e2e/browsers/run.ts), behind a
 * small proxy of its own on another free loopback port, which
 * - logs every path the browser asks for under `/dist/` (what the loader fetched, and when);
 * - can hold back `/dist/chunks/` (code that arrives late, as e2e/holdBack.ts does in Playwright);
 * - can slow every answer to a Fast 3G connection's (`throttle`);
 * - answers everything with `Cache-Control: no-store`, so that each page load fetches its files
 *   again (a chunk from the previous check's page would otherwise not be asked for);
 * - sends the strict page e2e/pages/embed.html with its own policy (the page's meta tag) again as
 *   a header with `report-uri`: every violation, in any browser, is posted back here (`cspReports`),
 *   from the first byte on, with no script in the page.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../scripts/startPostgres.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The strict page and its policy, as its meta tag has it. */
const STRICT_PAGE = '/pages/embed.html';
const strictPolicy = () =>
  /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(readFileSync(join(root, 'e2e', STRICT_PAGE), 'utf8'))![1];
const REPORT_PATH = '/__csp-report';
/** Chrome DevTools' Fast 3G profile: latency in ms, download rate (1.44 Mbit/s) in bytes per ms. */
const FAST_3G = { latency: 562.5, bytesPerMs: 180 };

export interface Site {
  /** The proxy's origin: what the browsers open. */
  origin: string;
  /** The paths asked for under `/dist/` since the last `reset()`, in order. */
  dist: string[];
  /** The bodies of the CSP reports since the last `reset()`. */
  cspReports: string[];
  /** Holds every `/dist/chunks/` response until the returned function is called (or 20 s pass). */
  holdChunks(): () => void;
  /** Answers as Chrome DevTools' Fast 3G does (562.5 ms latency, about 180 KB/s down) until the returned function is called. */
  throttle(): () => void;
  reset(): void;
  close(): Promise<void>;
}

/** Every process the check started and that still runs: what an interrupted run kills on its way out. */
const running = new Set<ChildProcess>();

/** `spawn`, with the child remembered until it exits (`killStarted`). */
export function spawnTracked(...args: Parameters<typeof spawn>): ChildProcess {
  const child = spawn(...args);
  running.add(child);
  child.once('exit', () => running.delete(child));
  return child;
}

/** Kills every process the check started that still runs (an interrupted or hung run). */
export function killStarted(): void {
  for (const child of running) child.kill('SIGKILL');
}

/** Ends `child` (SIGTERM, then SIGKILL after `graceMs`); resolves once it has exited. */
export function stopProcess(child: ChildProcess, graceMs = 3000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Starts e2e/server.ts on a free port and waits for its own "e2e server on" line (not just any server on that port). */
async function startE2eServer(): Promise<{ port: number; child: ChildProcess }> {
  const port = await freePort();
  const child = spawnTracked(process.execPath, ['--import', 'tsx', 'e2e/server.ts'], {
    cwd: root,
    env: { ...process.env, TROVE_E2E_PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`e2e/server.ts did not start within 60 s:\n${output}`)), 60_000);
    const onData = (data: Buffer) => {
      output += data;
      if (output.includes(`e2e server on http://127.0.0.1:${port}`)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`e2e/server.ts exited (${signal ?? code}) before it listened:\n${output}`));
    });
  });
  try {
    await ready;
  } catch (error) {
    await stopProcess(child);
    throw error;
  }
  return { port, child };
}

export async function startSite(): Promise<Site> {
  const backend = await startE2eServer();
  const dist: string[] = [];
  const cspReports: string[] = [];
  let gate: Promise<void> | undefined;
  let throttled = false;

  const proxy: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (path === REPORT_PATH) {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        cspReports.push(body);
        res.writeHead(204).end();
      });
      return;
    }
    if (path.startsWith('/dist/')) dist.push(path);
    const waitFor = path.startsWith('/dist/chunks/') && gate ? gate : Promise.resolve();
    void waitFor.then(() => {
      const headers = { ...req.headers };
      // Always the whole file, never a 304 (the page must really fetch it).
      delete headers['if-modified-since'];
      delete headers['if-none-match'];
      const upstream = request({ host: '127.0.0.1', port: backend.port, method: req.method, path: req.url, headers }, (answer) => {
        const out = { ...answer.headers, 'cache-control': 'no-store' } as Record<string, string | string[] | undefined>;
        if (path === STRICT_PAGE) out['content-security-policy'] = `${strictPolicy()}; report-uri ${REPORT_PATH}`;
        if (!throttled) {
          res.writeHead(answer.statusCode ?? 502, out);
          answer.pipe(res);
          return;
        }
        // The whole body, sent after the latency and the time its bytes take at FAST_3G's rate.
        const body: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => body.push(chunk));
        answer.on('end', () => {
          const bytes = Buffer.concat(body);
          setTimeout(
            () => {
              res.writeHead(answer.statusCode ?? 502, out);
              res.end(bytes);
            },
            FAST_3G.latency + bytes.length / FAST_3G.bytesPerMs,
          );
        });
      });
      upstream.on('error', (error) => {
        if (!res.headersSent) res.writeHead(502);
        res.end(String(error));
      });
      req.pipe(upstream);
    });
  });
  await new Promise<void>((resolve, reject) => proxy.once('error', reject).listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as AddressInfo;

  return {
    origin: `http://127.0.0.1:${port}`,
    dist,
    cspReports,
    holdChunks() {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      // Never held for ever, whatever a failing check forgets.
      const timer = setTimeout(release, 20_000);
      gate = held;
      return () => {
        clearTimeout(timer);
        if (gate === held) gate = undefined;
        release();
      };
    },
    throttle() {
      throttled = true;
      return () => (throttled = false);
    },
    reset() {
      dist.length = 0;
      cspReports.length = 0;
      gate = undefined;
      throttled = false;
    },
    async close() {
      proxy.closeAllConnections();
      await new Promise((resolve) => proxy.close(resolve));
      await stopProcess(backend.child);
    },
  };
}
