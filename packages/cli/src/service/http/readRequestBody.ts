import type { IncomingMessage, ServerResponse } from 'node:http';
import type { EndpointRow } from 'trove-search-client';
import { LIMITS } from '../limits.ts';
import { ServiceError } from '../ServiceError.ts';
import { discardBody } from './discardBody.ts';
import { readBody } from './readBody.ts';

export interface RequestBodyLimits {
  /** The largest write body (`maxBodyBytes` of createService). */
  maxBody: number;
  idleMs: number;
  totalMs: number;
}

/**
 * The body of a POST (or DELETE), once its headers have passed: size from `Content-Length` first,
 * then as it arrives. Writes (the rows of the write token) take `maxBody` bytes of
 * `application/json` only (415); the others (feedback) 16 KB of anything.
 */
export async function readRequestBody(req: IncomingMessage, row: EndpointRow, limits: RequestBodyLimits): Promise<string> {
  const writing = row.token === 'write';
  const limit = writing ? limits.maxBody : Math.min(limits.maxBody, LIMITS.feedbackBodyBytes);
  const declared = Number(req.headers['content-length']);
  if (declared > limit) throw new ServiceError(413, `Request body too large: ${declared} bytes, the limit is ${limit} bytes`);
  if (writing) {
    const type = String(req.headers['content-type'] ?? '')
      .split(';')[0]!
      .trim()
      .toLowerCase();
    if (type !== 'application/json') {
      throw new ServiceError(415, `Unsupported content type ${JSON.stringify(type)}: indexing takes Content-Type: application/json`);
    }
  }
  const text = await readBody(req, { bytes: limit, idleMs: limits.idleMs, totalMs: limits.totalMs });
  // A middleware before the service (the test hooks) may have read it with a larger limit.
  const size = Buffer.byteLength(text, 'utf8');
  if (size > limit) throw new ServiceError(413, `Request body too large: ${size} bytes, the limit is ${limit} bytes`);
  return text;
}

/** After an answer sent without reading the whole body: drop the rest (timed out: drop the connection). */
export function afterRefusal(req: IncomingMessage, res: ServerResponse, status: number, limits: RequestBodyLimits): void {
  if (req.complete || req.readableEnded) return;
  if (status === 408) {
    res.once('finish', () => req.socket.destroy());
    return;
  }
  discardBody(req, limits.maxBody * 8, limits.totalMs);
}
