import ky from 'ky';
import { ApiError } from '../ApiError.ts';
import type { Method } from '../endpoints.ts';
import { NetworkError } from '../NetworkError.ts';
import { redactToken } from '../redactToken.ts';
import { ResponseError } from '../ResponseError.ts';
import { TimeoutError } from '../TimeoutError.ts';

export interface EnvelopeRequest {
  /** A method of one of the endpoints (src/api/endpoints.ts). */
  method: Method;
  /** Full URL, token included. */
  url: string;
  /** API path, named in error messages instead of the URL. */
  path: string;
  /** Redacted from any text of the service quoted in an error message. */
  token: string;
  fetch?: typeof fetch;
  /** Milliseconds; 0 or less = none. */
  timeout: number;
  signal?: AbortSignal;
  /** The body, sent as JSON. */
  json?: unknown;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null;

/** The service's own words about an error, short and with the token blanked out. */
function detail(payload: unknown, token: string): string {
  const text =
    typeof payload === 'string' ? payload : isObj(payload) ? [payload.message, payload.error].find((m) => typeof m === 'string') : '';
  return redactToken((text as string) || '', token).slice(0, 200);
}

/**
 * One request through ky (`retry: 0`: a search box fires a new request per keystroke anyway, and
 * POST/feedback must not be repeated), the envelope checked. Resolves to the envelope's `response`.
 * Rejects with `ApiError` (HTTP error status, or envelope `code` ≠ 200), `NetworkError` (no
 * answer), `TimeoutError`, `ResponseError` (not JSON / no envelope), or the abort reason as is.
 */
export async function fetchEnvelope(req: EnvelopeRequest): Promise<unknown> {
  const { method, path, signal, token } = req;
  const info = { method, path };
  let response: Response;
  let text: string;
  signal?.throwIfAborted();
  try {
    response = await ky(req.url, {
      method,
      json: req.json,
      signal,
      fetch: req.fetch,
      retry: 0,
      timeout: req.timeout > 0 ? Math.min(req.timeout, 2147483647) : false,
      throwHttpErrors: false,
    });
    text = await response.text();
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    const name = (error as Error | null)?.name;
    if (name === 'AbortError') throw error;
    // ky's own TimeoutError names the URL (token included): it is not kept as `cause`.
    if (name === 'TimeoutError') throw new TimeoutError(req.timeout, info);
    throw new NetworkError({ ...info, cause: error });
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  const envelope = isObj(body) && typeof body.code === 'number' ? body : undefined;
  if (!response.ok || (envelope && envelope.code !== 200)) {
    const payload = envelope ? envelope.response : (body ?? text);
    throw new ApiError(
      response.status,
      (envelope?.code as number) ?? response.status,
      payload,
      detail(payload, token) || detail(body, token),
      info,
    );
  }
  if (!envelope) throw new ResponseError(body === undefined ? 'not JSON' : 'no envelope with a numeric code', body ?? text, info);
  return envelope.response;
}
