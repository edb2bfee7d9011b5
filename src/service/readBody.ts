/**
 * Reads a request body as UTF-8 text, up to `limit` bytes. Over the limit the rest is read and
 * discarded (so the client receives the answer instead of a reset connection) and a 413
 * ServiceError is thrown; past 8× the limit the connection is dropped. A request is read once:
 * later calls (another middleware, the service) get the same answer.
 */
import type { IncomingMessage } from 'node:http';
import { ServiceError } from './ServiceError.ts';

const bodies = new WeakMap<IncomingMessage, Promise<string>>();

export function readBody(req: IncomingMessage, limit: number): Promise<string> {
  let body = bodies.get(req);
  if (!body) {
    body = read(req, limit);
    bodies.set(req, body);
  }
  return body;
}

function read(req: IncomingMessage, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit * 8) {
        req.destroy();
        return;
      }
      if (size > limit) tooLarge = true;
      else chunks.push(chunk);
    });
    req.on('end', () => {
      if (tooLarge) {
        reject(new ServiceError(413, `Request body too large: ${size} bytes, the limit is ${limit} bytes`));
      } else {
        resolve(Buffer.concat(chunks).toString('utf8'));
      }
    });
    req.on('error', (error) => reject(error));
    req.on('close', () => {
      if (!req.complete) reject(new ServiceError(400, 'Request body incomplete: the connection closed'));
    });
  });
}
