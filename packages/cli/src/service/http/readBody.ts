/**
 * Reads a request body as UTF-8 text, up to `limit` bytes. Over the limit nothing more is kept:
 * the rest is read and discarded (so the client receives the answer instead of a reset
 * connection) and a 413 ServiceError is thrown; past 8× the limit the connection is dropped. A
 * body that sends nothing for `idleMs`, or is not complete after `totalMs`, is a 408 (the caller
 * answers it and closes the connection). A client that goes away mid-body is a 400 marked
 * `aborted`. A request is read once: later calls (another middleware, the service) get the same
 * answer.
 */
import type { IncomingMessage } from 'node:http';
import { BodyAbortedError } from './BodyAbortedError.ts';
import { LIMITS } from '../limits.ts';
import { ServiceError } from '../ServiceError.ts';

export interface BodyLimits {
  bytes: number;
  idleMs?: number;
  totalMs?: number;
}

const bodies = new WeakMap<IncomingMessage, Promise<string>>();

export function readBody(req: IncomingMessage, limit: number | BodyLimits): Promise<string> {
  let body = bodies.get(req);
  if (!body) {
    body = read(req, typeof limit === 'number' ? { bytes: limit } : limit);
    bodies.set(req, body);
  }
  return body;
}

function read(
  req: IncomingMessage,
  { bytes: limit, idleMs = LIMITS.bodyIdleMs, totalMs = LIMITS.bodyTotalMs }: BodyLimits,
): Promise<string> {
  return new Promise((resolve, reject) => {
    let chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(idle);
      clearTimeout(total);
      outcome();
    };
    const tooSlow = (why: string) => () =>
      finish(() => {
        chunks = [];
        req.pause();
        reject(new ServiceError(408, `Request body too slow: ${why}`));
      });
    let idle = setTimeout(tooSlow(`nothing received for ${idleMs / 1000} s`), idleMs);
    const total = setTimeout(tooSlow(`not complete after ${totalMs / 1000} s`), totalMs);
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (settled) return;
      clearTimeout(idle);
      idle = setTimeout(tooSlow(`nothing received for ${idleMs / 1000} s`), idleMs);
      if (size > limit * 8) {
        req.destroy();
        return;
      }
      if (size > limit) {
        tooLarge = true;
        chunks = [];
      } else {
        chunks.push(chunk);
      }
    });
    req.on('end', () =>
      finish(() => {
        if (tooLarge) reject(new ServiceError(413, `Request body too large: ${size} bytes, the limit is ${limit} bytes`));
        else resolve(Buffer.concat(chunks).toString('utf8'));
      }),
    );
    req.on('error', () => finish(() => reject(new BodyAbortedError(size))));
    req.on('close', () => {
      if (!req.complete) finish(() => reject(new BodyAbortedError(size)));
    });
  });
}
