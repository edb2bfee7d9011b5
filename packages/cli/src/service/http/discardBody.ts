import type { IncomingMessage } from 'node:http';

/**
 * For a request answered without its body (refused from its headers): the rest of the body is
 * read and thrown away, so the client receives the answer rather than a reset connection, but at
 * most `maxBytes` of it and for at most `ms`; then the connection is dropped. Nothing is kept.
 */
export function discardBody(req: IncomingMessage, maxBytes: number, ms: number): void {
  if (req.complete || req.readableEnded) return;
  let seen = 0;
  const timer = setTimeout(() => req.socket.destroy(), ms);
  req.on('data', (chunk: Buffer) => {
    seen += chunk.length;
    if (seen > maxBytes) req.socket.destroy();
  });
  req.once('end', () => clearTimeout(timer));
  req.once('close', () => clearTimeout(timer));
  req.resume();
}
