/**
 * A recording `fetch` for the autocomplete tests: the only fake (the network). Each request is
 * kept with its URL, method, body and a `respond()` to answer it when the test chooses to; an
 * aborted request rejects with an AbortError as the platform's fetch does.
 */
import { envelope } from '../../../client/test/recordingFetch.ts';

export interface FakeRequest {
  url: URL;
  method: string;
  body: string;
  aborted: boolean;
  respond(results: unknown[] | { status: number; body?: unknown }): void;
}

export interface FakeFetch {
  fetch: typeof fetch;
  requests: FakeRequest[];
  /** GET requests to an autocomplete endpoint. */
  reads(): FakeRequest[];
  /** POST feedback requests, their form bodies parsed. */
  feedback(): { path: string; params: URLSearchParams }[];
}

export function fakeFetch(
  options: {
    autoRespond?: (url: URL) => unknown[] | undefined /** A server that answers even aborted requests. */;
    ignoreAbort?: boolean;
  } = {},
): FakeFetch {
  const requests: FakeRequest[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const method = request.method;
    const body = method === 'POST' ? await request.text() : '';
    return new Promise<Response>((resolve, reject) => {
      const entry: FakeRequest = {
        url,
        method,
        body,
        aborted: false,
        respond(answer) {
          if (Array.isArray(answer)) resolve(envelope({ found_documents: answer.length, results: answer, facets: null, spelling: null }));
          else
            resolve(
              new Response(JSON.stringify(answer.body ?? { time: 1, code: answer.status, response: 'failed' }), { status: answer.status }),
            );
        },
      };
      requests.push(entry);
      const signal = request.signal;
      signal?.addEventListener('abort', () => {
        entry.aborted = true;
        if (!options.ignoreAbort) reject(signal.reason ?? new DOMException('aborted', 'AbortError'));
      });
      if (method === 'POST') entry.respond([]);
      else {
        const auto = options.autoRespond?.(url);
        if (auto) entry.respond(auto);
      }
    });
  }) as typeof fetch;
  return {
    fetch: fetchImpl,
    requests,
    reads: () => requests.filter((r) => r.method === 'GET'),
    feedback: () => requests.filter((r) => r.method === 'POST').map((r) => ({ path: r.url.pathname, params: new URLSearchParams(r.body) })),
  };
}

/** A navigational suggestion as the service sends it. */
export const nav = (id: string, phrase = `Post ${id}`) => ({
  suggestion_type: 'navigational',
  phrase,
  id,
  url: `/posts/${id}/post-${id}`,
  date: '2024-03-01T10:00:00.000+0000',
  category: ['News'],
});

/** A filter suggestion as the service sends it. */
export const chip = (field: string, value: string, url?: string) => ({
  suggestion_type: 'filter',
  phrase: value,
  filters: [`${field}:"${value}"`],
  ...(url ? { url } : {}),
});
