/**
 * The one server of `npm run bench`, in-process on loopback: the local service (fresh temporary
 * data dir, seeded with the sample corpus) with a fixed delay before each API answer, and static
 * files served compressed (brotli when the browser accepts it, else gzip), as a CDN would:
 *
 *   /api/…, /_trove/…   the local service (API answers wait `delayMs` first)
 *   /dist/…             the built Trove (`dist` option)
 *   /bench/…            bench/pages/ (the measured pages)
 *   /ac/…               the autocomplete-js page's bundle and theme (`acDir` option)
 *
 * Port: `port` (0 = any free port).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, resolve, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { createService } from '../packages/cli/src/service/createService.ts';
import { withTestHooks } from '../packages/cli/src/service/createTestHooks.ts';

export interface BenchServer {
  origin: string;
  close(): Promise<void>;
}

export interface BenchServerOptions {
  dist: string;
  acDir?: string;
  /** Milliseconds every API request waits before the service answers it. */
  delayMs: number;
  port?: number;
}

const types: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

const pagesDir = new URL('./pages/', import.meta.url).pathname;

/** The file under `dir` for a URL path below `prefix`, or undefined (never outside `dir`). */
function fileFor(dir: string, prefix: string, pathname: string): string | undefined {
  if (!pathname.startsWith(prefix)) return undefined;
  const relative = decodeURIComponent(pathname.slice(prefix.length));
  const root = resolve(dir);
  const file = resolve(root, relative || 'index.html');
  if (!file.startsWith(root + sep) || !existsSync(file) || !statSync(file).isFile()) return undefined;
  return file;
}

export async function startBenchServer(options: BenchServerOptions): Promise<BenchServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'trove-bench-data-'));
  // With the test hooks: the speed bench counts the requests each side sends (/_trove/requests).
  const service = withTestHooks(await createService({ token: 'dev-token', dataDir }));
  await service.seed();
  const compressed = new Map<string, Buffer>();
  const mounts: [string, string][] = [
    ['/dist/', options.dist],
    ['/bench/', pagesDir],
  ];
  if (options.acDir) mounts.push(['/ac/', options.acDir]);

  const serveFile = (req: IncomingMessage, res: ServerResponse, file: string) => {
    const accepts = String(req.headers['accept-encoding'] ?? '');
    const encoding = /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : 'identity';
    const key = `${encoding}:${file}:${statSync(file).mtimeMs}`;
    let body = compressed.get(key);
    if (!body) {
      const raw = readFileSync(file);
      body =
        encoding === 'br'
          ? brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
          : encoding === 'gzip'
            ? gzipSync(raw, { level: 9 })
            : raw;
      compressed.set(key, body);
    }
    res.statusCode = 200;
    res.setHeader('Content-Type', types[extname(file)] ?? 'application/octet-stream');
    if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
    res.setHeader('Content-Length', body.length);
    res.setHeader('Cache-Control', 'no-cache');
    res.end(req.method === 'HEAD' ? undefined : body);
  };

  const server = createServer((req, res) => {
    const pathname = (req.url ?? '/').split(/[?#]/)[0]!;
    const notFound = () => {
      res.statusCode = 404;
      res.end('not found');
    };
    if (pathname.startsWith('/api/')) {
      const timer = setTimeout(() => service.middleware(req, res, notFound), options.delayMs);
      res.once('close', () => clearTimeout(timer));
      return;
    }
    if (pathname.startsWith('/_trove/')) return service.middleware(req, res, notFound);
    for (const [prefix, dir] of mounts) {
      const file = fileFor(dir, prefix, pathname);
      if (file && (req.method === 'GET' || req.method === 'HEAD')) return serveFile(req, res, file);
    }
    notFound();
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(options.port ?? 0, '127.0.0.1', done);
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    async close() {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
      await service.close().catch(() => {});
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
