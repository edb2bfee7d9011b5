/** Test helper: a `fetch` that records every request and answers with `respond` (default: an empty search answer). */
import { createClient } from '../src/createClient.ts';
import type { ClientOptions } from '../src/types.ts';

export interface Recorded {
  method: string;
  url: URL;
  /** Query parameters in order, repeated keys kept. */
  query: [string, string][];
  request: Request;
  body: Promise<string>;
}

export type RecordingFetch = typeof fetch & { calls: Recorded[] };

export const TOKEN = 'secret-token-123';

export const emptyResults = { found_documents: 0, results: [], facets: null, spelling: null };

/** The service's JSON envelope `{ time, code, response }` as a `Response`; the shared builder of the unit tests' fake answers. */
export function envelope(response: unknown, code = 200, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ time: 3, code, response }), { status, headers: { 'content-type': 'application/json', ...headers } });
}

export function recordingFetch(
  respond: (request: Request, index: number) => Response | Promise<Response> = () => envelope(emptyResults),
): RecordingFetch {
  const calls: Recorded[] = [];
  const f = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    calls.push({ method: request.method, url, query: [...url.searchParams], request, body: request.clone().text() });
    return respond(request, calls.length - 1);
  }) as RecordingFetch;
  f.calls = calls;
  return f;
}

/** A fetch that answers only when `release()` is called, and rejects with the signal's reason when aborted. */
export function pendingFetch() {
  const releases: (() => void)[] = [];
  const f = recordingFetch(
    (request) =>
      new Promise<Response>((resolve, reject) => {
        request.signal.addEventListener('abort', () => reject(request.signal.reason));
        releases.push(() => resolve(envelope({ ...emptyResults, found_documents: 7 })));
      }),
  );
  return { fetch: f, release: () => releases.splice(0).forEach((r) => r()) };
}

export function makeClient(options: Partial<ClientOptions> = {}, f: RecordingFetch = recordingFetch()) {
  const client = createClient({
    baseUrl: 'https://search.example.com',
    project: 'demo',
    collection: 'blog',
    token: TOKEN,
    sessionId: 'sess-1',
    fetch: f,
    ...options,
  });
  return { client, fetch: f };
}
