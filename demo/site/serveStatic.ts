import type { IncomingMessage, ServerResponse } from 'node:http';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';

/** A connect-style middleware. */
export type Middleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

const contentTypes: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.cjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.htm': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.ts': 'text/plain; charset=utf-8',
};

/** The content type for a file name (`application/octet-stream` when unknown). */
function contentTypeOf(file: string): string {
  return contentTypes[extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * Serves the files under `dir` at URLs starting with `prefix` (e.g. `/dist/`), GET and HEAD only.
 * A path that is malformed or would leave `dir` (`..`, encoded slashes, NUL) is never read; a file
 * that does not exist, a folder without `index.html`, or any other URL goes to `next()`.
 */
export function serveStatic(prefix: string, dir: string): Middleware {
  const base = prefix.endsWith('/') ? prefix : `${prefix}/`;
  const root = resolve(dir);
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const pathname = (req.url ?? '/').split(/[?#]/)[0]!;
    if (!pathname.startsWith(base)) return next();
    let relative: string;
    try {
      relative = decodeURIComponent(pathname.slice(base.length));
    } catch {
      return next();
    }
    if (relative.includes('\0') || relative.includes('\\') || relative.split('/').some((s) => s === '..')) return next();
    let file = resolve(root, `.${sep}${relative}`);
    if (file !== root && !file.startsWith(root + sep)) return next();
    void (async () => {
      let info = await stat(file).catch(() => undefined);
      if (info?.isDirectory()) {
        file = resolve(file, 'index.html');
        info = await stat(file).catch(() => undefined);
      }
      if (!info?.isFile()) return next();
      res.statusCode = 200;
      res.setHeader('Content-Type', contentTypeOf(file));
      res.setHeader('Content-Length', info.size);
      res.setHeader('Cache-Control', 'no-cache');
      res.setHeader('Last-Modified', info.mtime.toUTCString());
      res.setHeader('X-Content-Type-Options', 'nosniff');
      if (req.method === 'HEAD') return void res.end();
      const stream = createReadStream(file);
      stream.on('error', (error) => {
        if (!res.headersSent) next(error);
        else res.destroy(error);
      });
      stream.pipe(res);
    })().catch(next);
  };
}
