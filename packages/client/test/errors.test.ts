import { describe, expect, it } from 'vitest';
import { ApiError, isApiError } from '../src/ApiError.ts';
import { isNetworkError, NetworkError } from '../src/NetworkError.ts';
import { isResponseError, ResponseError } from '../src/ResponseError.ts';
import { isTimeoutError, TimeoutError } from '../src/TimeoutError.ts';
import { isTroveError, TroveError } from '../src/TroveError.ts';
import { emptyResults, envelope, makeClient, pendingFetch, recordingFetch, TOKEN } from './recordingFetch.ts';

const PATH = '/api/v2/projects/demo/collections/blog/search/default';

async function failure(respond: Parameters<typeof recordingFetch>[0], options = {}): Promise<unknown> {
  const { client } = makeClient(options, recordingFetch(respond));
  return client.search({ q: 'a' }).then(
    () => expect.unreachable('should reject'),
    (error: unknown) => error,
  );
}

function expectNamesRequestWithoutToken(error: unknown) {
  const message = (error as Error).message;
  expect(message).toContain(`GET ${PATH}`);
  expect(message).not.toContain(TOKEN);
  expect(message).not.toContain('token=');
}

describe('error mapping', () => {
  it('turns an HTTP 500 into an ApiError with status, code and payload', async () => {
    const error = await failure(() => envelope({ message: 'index offline' }, 500, 500));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(TroveError);
    expect(error).toMatchObject({
      name: 'ApiError',
      status: 500,
      code: 500,
      payload: { message: 'index offline' },
      method: 'GET',
      path: PATH,
    });
    expect((error as Error).message).toContain('index offline');
    expectNamesRequestWithoutToken(error);
  });

  it('turns an envelope code other than 200 inside an HTTP 200 into an ApiError', async () => {
    const error = await failure(() => envelope('Unknown handler', 404, 200));
    expect(error).toMatchObject({ name: 'ApiError', status: 200, code: 404, payload: 'Unknown handler' });
    expect((error as Error).message).toMatch(/200 \(code 404\) "Unknown handler"/);
  });

  it('keeps the raw text as payload when an HTTP error has no JSON body', async () => {
    const error = await failure(() => new Response('<h1>Bad gateway</h1>', { status: 502 }));
    expect(error).toMatchObject({ name: 'ApiError', status: 502, code: 502, payload: '<h1>Bad gateway</h1>' });
    expectNamesRequestWithoutToken(error);
  });

  it('never puts the token in a message, even when the service quotes it', async () => {
    const error = await failure(() => envelope(`invalid token ${TOKEN}`, 401, 401));
    expect(error).toMatchObject({ status: 401 });
    expect((error as Error).message).toContain('invalid token ***');
    expectNamesRequestWithoutToken(error);
  });

  it('turns a failed fetch into a NetworkError that keeps the cause', async () => {
    const cause = new TypeError('fetch failed');
    const error = await failure(() => Promise.reject(cause));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ name: 'NetworkError', cause });
    expectNamesRequestWithoutToken(error);
  });

  it('turns a request slower than the timeout into a TimeoutError', async () => {
    const { fetch } = pendingFetch();
    const { client } = makeClient({ timeout: 20 }, fetch);
    const error = await client.search({ q: 'a' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ name: 'TimeoutError', timeout: 20 });
    expect((error as Error).cause).toBeUndefined();
    expectNamesRequestWithoutToken(error);
    // the request itself was aborted
    expect(fetch.calls[0].request.signal.aborted).toBe(true);
  });

  it('turns a body that is not JSON into a ResponseError', async () => {
    const error = await failure(() => new Response('{"time": 1, "code": 2', { status: 200 }));
    expect(error).toBeInstanceOf(ResponseError);
    expect((error as Error).message).toContain('not JSON');
    expectNamesRequestWithoutToken(error);
  });

  it('turns JSON without an envelope into a ResponseError', async () => {
    const error = await failure(() => Response.json({ results: [] }));
    expect(error).toMatchObject({ name: 'ResponseError', payload: { results: [] } });
  });

  it.each([
    ['a null response', null, /response is not an object/],
    ['a string response', 'Indexed', /response is not an object/],
    ['no found_documents', { results: [] }, /found_documents is not a number/],
    ['a string found_documents', { found_documents: '3', results: [] }, /found_documents is not a number/],
    ['results that is not an array', { found_documents: 1, results: {} }, /results is not an array/],
  ])('turns %s into a ResponseError', async (_, response, message) => {
    const error = await failure(() => envelope(response));
    expect(error).toBeInstanceOf(ResponseError);
    expect((error as Error).message).toMatch(message);
    expectNamesRequestWithoutToken(error);
  });

  it('does not cache failed requests', async () => {
    let n = 0;
    const f = recordingFetch(() => (n++ === 0 ? envelope(null, 500, 500) : envelope(emptyResults)));
    const { client } = makeClient({}, f);
    await expect(client.search({ q: 'a' })).rejects.toBeInstanceOf(ApiError);
    await expect(client.search({ q: 'a' })).resolves.toMatchObject({ found_documents: 0 });
    await expect(client.search({ q: 'a' })).resolves.toMatchObject({ found_documents: 0 });
    expect(f.calls).toHaveLength(2);
  });

  it('maps index failures too, naming the POST', async () => {
    const { client } = makeClient(
      {},
      recordingFetch(() => envelope('Body too large', 413, 413)),
    );
    const error = await client.index([{ id: 1 }]).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'ApiError', status: 413 });
    expect((error as Error).message).toContain('POST /api/v2/projects/demo/collections/blog/documents');
  });
});

describe('abort', () => {
  it('rejects with the platform AbortError when aborted in flight', async () => {
    const { fetch } = pendingFetch();
    const { client } = makeClient({ cache: false }, fetch);
    const controller = new AbortController();
    const promise = client.search({ q: 'a' }, { signal: controller.signal });
    await new Promise((r) => setTimeout(r, 0));
    controller.abort();
    const error = await promise.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DOMException);
    expect(error).toMatchObject({ name: 'AbortError' });
    expect(fetch.calls[0].request.signal.aborted).toBe(true);
  });

  it('rejects with AbortError and makes no request when already aborted (cached client too)', async () => {
    for (const cache of [false, undefined] as const) {
      const { client, fetch } = makeClient({ cache });
      const error = await client.search({ q: 'a' }, { signal: AbortSignal.abort() }).catch((e: unknown) => e);
      expect(error).toMatchObject({ name: 'AbortError' });
      expect(fetch.calls).toHaveLength(0);
    }
  });
});

describe('error guards', () => {
  it('match instances and, across bundle copies, plain errors by name', () => {
    const info = { method: 'GET', path: '/p' };
    expect(isApiError(new ApiError(500, 500, null, '', info))).toBe(true);
    expect(isNetworkError(new NetworkError(info))).toBe(true);
    expect(isTimeoutError(new TimeoutError(10, info))).toBe(true);
    expect(isResponseError(new ResponseError('x', null, info))).toBe(true);
    for (const name of ['ApiError', 'NetworkError', 'TimeoutError', 'ResponseError']) {
      const foreign = Object.assign(new Error('x'), { name });
      expect(isTroveError(foreign)).toBe(true);
    }
    expect(isApiError(Object.assign(new Error('x'), { name: 'ApiError' }))).toBe(true);
    expect(isNetworkError({ name: 'NetworkError' })).toBe(true);
  });

  it('do not match other errors or non-errors', () => {
    expect(isApiError(new Error('x'))).toBe(false);
    expect(isTroveError(new DOMException('x', 'AbortError'))).toBe(false);
    expect(isNetworkError(null)).toBe(false);
    expect(isResponseError(undefined)).toBe(false);
    expect(isTimeoutError('TimeoutError')).toBe(false);
  });
});
