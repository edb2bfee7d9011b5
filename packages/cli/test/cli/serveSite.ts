/**
 * Test helper: a small static server on loopback for a built site, as a web host serves one:
 * `index.html` for a folder, 404 (the site's own 404.html when it has one) for what is not there,
 * a strong ETag and Last-Modified on every file with 304 to a matching conditional request, and
 * the folder it serves changeable (`setRoot`, to serve the site rebuilt after an edit). Counts the
 * requests and bytes it answers, and `extra` answers addresses of its own (robots.txt, faults).
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.xml': 'application/xml',
  '.json': 'application/json',
  '.css': 'text/css',
  '.js': 'text/javascript',
  '.txt': 'text/plain',
};

export interface ServedSite {
  base: string;
  setRoot(root: string): void;
  /** Requests answered, by path, since the last `reset()`. */
  requests: string[];
  /** Body bytes sent since the last `reset()`. */
  bytes: number;
  reset(): void;
  stop(): Promise<void>;
}

export async function serveSite(
  root: string,
  extra?: (request: IncomingMessage, response: ServerResponse) => boolean,
): Promise<ServedSite> {
  let current = root;
  const site: Partial<ServedSite> & { requests: string[]; bytes: number } = { requests: [], bytes: 0 };
  const send = (response: ServerResponse, status: number, body: Buffer, headers: Record<string, string>) => {
    site.bytes += body.length;
    response.writeHead(status, { 'content-length': String(body.length), ...headers });
    response.end(body);
  };
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    site.requests.push(url.pathname + url.search);
    if (extra?.(request, response)) return;
    let path = normalize(join(current, decodeURIComponent(url.pathname)));
    if (!path.startsWith(current)) return send(response, 403, Buffer.from('forbidden'), {});
    try {
      if (statSync(path).isDirectory()) {
        if (!url.pathname.endsWith('/')) {
          response.writeHead(301, { location: `${url.pathname}/` });
          response.end();
          return;
        }
        path = join(path, 'index.html');
      }
      const body = readFileSync(path);
      const etag = `"${createHash('sha1').update(body).digest('hex').slice(0, 16)}"`;
      const modified = statSync(path).mtime.toUTCString();
      const headers = { etag, 'last-modified': modified, 'content-type': types[extname(path)] ?? 'application/octet-stream' };
      if (request.headers['if-none-match'] === etag) {
        response.writeHead(304, { etag, 'last-modified': modified });
        response.end();
        return;
      }
      send(response, 200, body, headers);
    } catch {
      let body = Buffer.from('<!doctype html><title>Not found</title><h1>Not found</h1>');
      try {
        body = readFileSync(join(current, '404.html'));
      } catch {
        // the default page
      }
      send(response, 404, body, { 'content-type': 'text/html; charset=utf-8' });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  site.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  site.setRoot = (next: string) => {
    current = next;
  };
  site.reset = () => {
    site.requests = [];
    site.bytes = 0;
  };
  site.stop = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return site as ServedSite;
}
