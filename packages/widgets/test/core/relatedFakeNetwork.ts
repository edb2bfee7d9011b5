/**
 * The network of the related-posts tests, faked at `fetch` only (passed to `createClient`, or
 * installed as the page's `fetch` for element tests). Not a test file itself.
 */
import type { SearchResult } from 'trove-search-client';
import { envelope as searchEnvelope } from '../../../client/test/recordingFetch.ts';

/** A request as the fake network saw it: query string and form body merged. */
export interface Seen {
  method: string;
  path: string;
  params: URLSearchParams;
  /** Set when the caller aborted this request. */
  aborted: boolean;
}

export function post(id: number, extra: Partial<SearchResult> = {}): SearchResult {
  return {
    id: String(id),
    title: `Post ${id}`,
    content: 'text',
    url: `/posts/${id}/post-${id}`,
    date: '2024-03-05T00:00:00.000+0000',
    tags: ['a', 'b'],
    ...extra,
  };
}

/** A search answer holding `results`, in the service's envelope (`code` ≠ 200 for an envelope-level error). */
export function envelope(results: unknown, code = 200): Response {
  return searchEnvelope({ found_documents: Array.isArray(results) ? results.length : 0, results, facets: null, spelling: null }, code);
}

/**
 * The network, faked at `fetch` only: every request is recorded; `answer` decides the reply
 * (it may return a promise that never settles — an abort then rejects it like a real fetch).
 */
export function fakeNetwork(answer: (seen: Seen) => Response | Promise<Response>) {
  const seen: Seen[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const params = new URLSearchParams(url.search);
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      for (const [k, v] of new URLSearchParams(await request.text())) params.append(k, v);
    }
    const entry: Seen = { method: request.method, path: url.pathname, params, aborted: false };
    seen.push(entry);
    if (/\/feedback\/hits$/.test(url.pathname)) {
      return searchEnvelope(null);
    }
    const signal = request.signal;
    return new Promise<Response>((resolve, reject) => {
      const abortError = () => new DOMException('The operation was aborted.', 'AbortError');
      if (signal.aborted) return reject(abortError());
      signal.addEventListener('abort', () => {
        entry.aborted = true;
        reject(abortError());
      });
      Promise.resolve(answer(entry)).then(resolve, reject);
    });
  };
  /** A stand-in for `navigator.sendBeacon` (how the elements send feedback in a browser). */
  const sendBeacon = (target: string | URL, body?: BodyInit | null): boolean => {
    const url = new URL(String(target));
    const params = new URLSearchParams(url.search);
    if (body instanceof URLSearchParams || typeof body === 'string') for (const [k, v] of new URLSearchParams(body)) params.append(k, v);
    seen.push({ method: 'POST', path: url.pathname, params, aborted: false });
    return true;
  };
  const recommends = () => seen.filter((s) => /\/recommend(\/[^/]+)?\/?$/.test(s.path));
  const feedback = () => seen.filter((s) => /\/feedback\/hits$/.test(s.path));
  return { fetch: fetch as typeof globalThis.fetch, sendBeacon, seen, recommends, feedback };
}
