/**
 * A `fetch` for the tests that records every request and answers from a script, so the command
 * is tested through the real client, ky and its retries, faking only the network.
 */
import { envelope } from '../../../client/test/recordingFetch.ts';

export interface Recorded {
  method: string;
  url: URL;
  body: unknown;
}

export type Answer = Response | Error | ((request: Recorded) => Response | Error);

export function ok(response: unknown = null): Response {
  return envelope(response);
}

export function status(code: number, headers: Record<string, string> = {}, message = 'failed'): Response {
  return envelope(message, code, code, headers);
}

/** A network failure as Node's fetch reports it. */
export function networkError(): Error {
  return new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED 127.0.0.1:9') });
}

/**
 * `answers` are used in order, one per request; when they run out, `fallback` answers (default:
 * `ok()` for POSTs, an error for anything else).
 */
export function fakeFetch(answers: Answer[] = [], fallback?: Answer) {
  const requests: Recorded[] = [];
  const queue = [...answers];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init);
    const text = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.text();
    const recorded: Recorded = { method: request.method, url: new URL(request.url), body: text === '' ? undefined : JSON.parse(text) };
    requests.push(recorded);
    let answer =
      queue.length > 0
        ? queue.shift()!
        : (fallback ?? (request.method === 'POST' ? ok() : new Error(`unexpected ${request.method} ${request.url}`)));
    if (typeof answer === 'function') answer = answer(recorded);
    if (answer instanceof Error) throw answer;
    return answer.clone();
  };
  return { fetch: fetch as typeof globalThis.fetch, requests };
}

/** Output streams that keep what was written. */
export function memoryIo(env: Record<string, string | undefined> = {}) {
  const out = {
    text: '',
    write(chunk: string) {
      out.text += chunk;
      return true;
    },
    isTTY: false,
  };
  const err = {
    text: '',
    write(chunk: string) {
      err.text += chunk;
      return true;
    },
    isTTY: false,
  };
  return { stdout: out, stderr: err, env };
}
