import ky, { isHTTPError, isTimeoutError } from 'ky';

/** How indexing requests are retried. The delays follow ky: 0.3 s, 0.6 s, 1.2 s, 2.4 s… capped, or `Retry-After`. */
export interface RetryPolicy {
  /** Retries after the first attempt. Default 4. */
  limit: number;
  /** Milliseconds before the retry after `attempt` failures (attempt starts at 1). Default ky's `0.3 s × 2^(attempt−1)`. */
  delay?: (attempt: number) => number;
  /** Upper bound of one delay, in milliseconds. Default 10 000. */
  backoffLimit: number;
  /** Longest `Retry-After` (ms) to honour; a longer one ends the retries. Default 60 000. */
  maxRetryAfter: number;
  /** Milliseconds one attempt may take. Default 60 000. */
  attemptTimeout: number;
}

const defaultRetryPolicy: RetryPolicy = { limit: 4, backoffLimit: 10_000, maxRetryAfter: 60_000, attemptTimeout: 60_000 };

/**
 * A `fetch` that retries through ky: `429` (honouring `Retry-After`), `408`, `500`, `502`, `503`,
 * `504`, a timed-out attempt and a network error, with exponential backoff. Indexing is a POST,
 * which ky does not retry by default; it is safe here because indexing is an upsert by id
 * (docs/http-api.md), so sending a batch twice changes nothing. When the retries run out, the last
 * response is returned as is (its status tells the caller what failed) and the last network error
 * is thrown as is (a timed-out last attempt as a plain `Error` saying so). An abort by the caller is never retried. `baseFetch` is the real `fetch` (tests
 * pass a fake one).
 */
export function createRetryingFetch(baseFetch: typeof fetch, policy: Partial<RetryPolicy> = {}): typeof fetch {
  const p = { ...defaultRetryPolicy, ...policy };
  const retrying = ky.create({
    fetch: baseFetch,
    timeout: p.attemptTimeout,
    throwHttpErrors: true,
    retry: {
      limit: p.limit,
      methods: ['get', 'post', 'put', 'head', 'delete', 'options'],
      statusCodes: [408, 429, 500, 502, 503, 504],
      afterStatusCodes: [429, 503],
      maxRetryAfter: p.maxRetryAfter,
      backoffLimit: p.backoffLimit,
      retryOnTimeout: true,
      ...(p.delay ? { delay: p.delay } : {}),
      shouldRetry: ({ error }) => (error.name === 'AbortError' ? false : undefined),
    },
  });
  return async (input, init) => {
    try {
      return await retrying(input instanceof URL ? input.href : input, init as Parameters<typeof retrying>[1]);
    } catch (error) {
      if (isHTTPError(error)) return error.response;
      // ky's TimeoutError names the full URL (token included): report the time only.
      if (isTimeoutError(error)) throw new Error(`no answer within ${p.attemptTimeout / 1000} s, ${p.limit + 1} attempts`);
      throw error;
    }
  };
}
