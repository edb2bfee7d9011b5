import { describe, expect, it } from 'vitest';
import { createRetryingFetch } from '../../src/cli/createRetryingFetch.ts';
import { fakeFetch, networkError, ok, status } from './fakeFetch.ts';

const post = (f: typeof fetch, signal?: AbortSignal) =>
  f('http://svc.test/documents', { method: 'POST', body: '[{"id":1}]', headers: { 'content-type': 'application/json' }, signal });

describe('createRetryingFetch', () => {
  it('retries a POST after network errors and 5xx answers, sending the same body each time', async () => {
    const net = fakeFetch([networkError(), status(502), ok()]);
    const response = await post(createRetryingFetch(net.fetch, { delay: () => 0 }));
    expect(response.status).toBe(200);
    expect(net.requests.map((r) => r.body)).toEqual([[{ id: 1 }], [{ id: 1 }], [{ id: 1 }]]);
  });

  it('hands back the last error answer when the retries run out', async () => {
    const net = fakeFetch([], status(503));
    const response = await post(createRetryingFetch(net.fetch, { delay: () => 0, limit: 2 }));
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ code: 503 });
    expect(net.requests).toHaveLength(3);
  });

  it('does not retry a client error', async () => {
    const net = fakeFetch([status(400), ok()]);
    expect((await post(createRetryingFetch(net.fetch, { delay: () => 0 }))).status).toBe(400);
    expect(net.requests).toHaveLength(1);
  });

  it('waits as long as Retry-After says on a 429', async () => {
    const net = fakeFetch([status(429, { 'retry-after': '0.05' }), ok()]);
    const started = Date.now();
    expect((await post(createRetryingFetch(net.fetch, { delay: () => 0 }))).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
  });

  it('gives an attempt that hangs up after attemptTimeout, retries it, and then says how long it waited', async () => {
    let calls = 0;
    const hanging = ((_input: RequestInfo | URL, init?: RequestInit) => {
      calls++;
      const signal = init?.signal ?? (_input instanceof Request ? _input.signal : undefined);
      return new Promise<Response>((_resolve, reject) => signal?.addEventListener('abort', () => reject(signal.reason)));
    }) as typeof fetch;
    await expect(post(createRetryingFetch(hanging, { delay: () => 0, limit: 1, attemptTimeout: 20 }))).rejects.toThrow(
      'no answer within 0.02 s, 2 attempts',
    );
    expect(calls).toBe(2);
  });

  it('never retries when the caller aborts', async () => {
    const net = fakeFetch([], networkError());
    const controller = new AbortController();
    controller.abort();
    await expect(post(createRetryingFetch(net.fetch, { delay: () => 0 }), controller.signal)).rejects.toMatchObject({ name: 'AbortError' });
    expect(net.requests.length).toBeLessThanOrEqual(1);
  });
});
