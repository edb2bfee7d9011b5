import robotsParser from 'robots-parser';
import { createRetryingFetch, type RetryPolicy } from '../createRetryingFetch.ts';
import { decodeInput } from '../decodeInput.ts';
import { unpack } from '../readInput.ts';

/** The name robots.txt rules are matched against (`User-agent: trove-index`). */
export const robotsAgent = 'trove-index';

/** The `User-Agent` of every request: our name, our version and where to read about us. */
export function userAgentFor(version: string | undefined): string {
  return `${robotsAgent}/${version ?? 'unknown'} (+https://github.com/trove-search/trove)`;
}

/** The bounds of one run, each stated in the summary when it is reached. */
export interface SiteFetcherBounds {
  /** Requests in flight per host. Default 4. */
  concurrency: number;
  /** Milliseconds one response may take, its body included (a byte-a-second drip ends here). Default 30 000. */
  timeout: number;
  /** Bytes of one response (unpacked). Default 10 MiB. */
  maxBytes: number;
  /** Pages read per run (robots.txt and a conditional request's 304 not counted). Default 10 000. */
  maxPages: number;
  /** Redirects followed for one address. Default 5. */
  maxRedirects: number;
  /** Longest `Crawl-delay` honoured, in seconds; a longer one is capped and said so. Default 10. */
  maxCrawlDelay: number;
}

export const defaultBounds: SiteFetcherBounds = {
  concurrency: 4,
  timeout: 30_000,
  maxBytes: 10 * 1024 * 1024,
  maxPages: 10_000,
  maxRedirects: 5,
  maxCrawlDelay: 10,
};

export interface SiteFetcherOptions {
  fetch: typeof fetch;
  /** The site: redirects are followed within it (its host, with or without `www.`), nothing else is fetched. */
  site: string;
  version?: string;
  bounds?: Partial<SiteFetcherBounds>;
  retry?: Partial<RetryPolicy>;
  signal?: AbortSignal;
}

/** What a previous run remembered of an address, for a conditional request. */
export interface Validators {
  etag?: string;
  lastModified?: string;
}

/** The validators an answer gives (its `ETag` and `Last-Modified`), to remember for the next run's conditional request. */
export function validatorsOf(headers: Headers): Validators {
  const etag = headers.get('etag');
  const lastModified = headers.get('last-modified');
  return { ...(etag ? { etag } : {}), ...(lastModified ? { lastModified } : {}) };
}

export type Fetched =
  | { kind: 'ok'; url: string; status: number; headers: Headers; bytes: Uint8Array; text: string }
  | { kind: 'not modified'; url: string; headers: Headers }
  /** 404 or 410: the page is gone. */
  | { kind: 'gone'; url: string; status: number }
  | { kind: 'skipped'; url: string; reason: 'robots' | 'other site' | 'page bound' }
  | { kind: 'error'; url: string; message: string };

export interface GetOptions extends Validators {
  accept?: string;
  /** Counted against `maxPages` (default true; robots.txt is not). */
  counts?: boolean;
}

export interface FetcherStats {
  /** Requests sent (retries and redirects included). */
  requests: number;
  /** Bytes received: bodies as sent plus the headers. */
  bytes: number;
  /** Pages read (answers counted against `maxPages`). */
  pages: number;
  /** Bounds reached, each said once, for the summary. */
  limits: string[];
  /** Whether a page was left for the page bound (then the site was not read to its end). */
  pageBoundReached: boolean;
}

export interface SiteFetcher {
  get(url: string, options?: GetOptions): Promise<Fetched>;
  /** Whether robots.txt lets us read the address (reads robots.txt of its host once). */
  allowed(url: string): Promise<boolean>;
  /** The `Sitemap:` lines of the site's robots.txt. */
  robotsSitemaps(): Promise<string[]>;
  /** Whether an address is on the site (its host, with or without `www.`). */
  onSite(url: string): boolean;
  /** A bound reached, recorded for the summary (also used by the sources for theirs). */
  limit(message: string): void;
  stats: FetcherStats;
}

/** A host as the site is told by: lower-cased, without `www.`. */
export const hostKey = (host: string) => host.toLowerCase().replace(/^www\./, '');

const mb = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

function headerBytes(headers: Headers): number {
  let n = 20;
  headers.forEach((value, name) => {
    n += name.length + value.length + 4;
  });
  return n;
}

/** A queue per host: at most `limit` tasks at once, and with a crawl delay one at a time, that far apart. */
function createHostQueue(limit: number) {
  let running = 0;
  let delayMs = 0;
  let nextStart = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    running--;
    waiting.shift()?.();
  };
  return {
    setDelay(ms: number) {
      delayMs = ms;
    },
    async run<T>(task: () => Promise<T>): Promise<T> {
      const max = delayMs > 0 ? 1 : limit;
      if (running >= max) await new Promise<void>((resolve) => waiting.push(resolve));
      running++;
      try {
        if (delayMs > 0) {
          const wait = nextStart - Date.now();
          if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
          nextStart = Date.now() + delayMs;
        }
        return await task();
      } finally {
        release();
      }
    },
  };
}

/**
 * The polite fetcher of `trove index <site>`: robots.txt obeyed (its rules for `trove-index`, else
 * for `*`, and its `Crawl-delay`), a `User-Agent` naming us, at most `concurrency` requests in
 * flight per host, 429/503 retried after `Retry-After` and 5xx/network errors with backoff (through
 * `createRetryingFetch`), redirects followed within the site only and at most `maxRedirects` deep
 * (a loop is an error), a deadline per response that covers its body (a drip is cut off), a size
 * bound per response (a page of gigabytes is cut off and reported, never held) and a page bound
 * per run. Every outcome is a value (`Fetched`), never a throw, except the caller's abort.
 */
export function createSiteFetcher(options: SiteFetcherOptions): SiteFetcher {
  const bounds = { ...defaultBounds, ...options.bounds };
  const site = new URL(options.site);
  const userAgent = userAgentFor(options.version);
  const retrying = createRetryingFetch(options.fetch, {
    limit: 3,
    attemptTimeout: bounds.timeout,
    maxRetryAfter: 30_000,
    ...options.retry,
  });
  const stats: FetcherStats = { requests: 0, bytes: 0, pages: 0, limits: [], pageBoundReached: false };
  const queues = new Map<string, ReturnType<typeof createHostQueue>>();
  const robots = new Map<string, Promise<ReturnType<typeof robotsParser> | undefined>>();

  const limit = (message: string) => {
    if (!stats.limits.includes(message)) stats.limits.push(message);
  };
  const onSite = (url: string) => {
    try {
      const parsed = new URL(url);
      return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && hostKey(parsed.host) === hostKey(site.host);
    } catch {
      return false;
    }
  };
  const queueOf = (host: string) => {
    let queue = queues.get(host);
    if (queue === undefined) {
      queue = createHostQueue(bounds.concurrency);
      queues.set(host, queue);
    }
    return queue;
  };

  /** One request, no redirect followed: the response with its body read within the deadline and the size bound. */
  async function request(url: string, headers: Record<string, string>): Promise<Fetched | { kind: 'redirect'; location: string }> {
    const host = new URL(url).host;
    return queueOf(host).run(async () => {
      stats.requests++;
      let response: Response;
      try {
        response = await retrying(url, { headers, redirect: 'manual', signal: options.signal });
      } catch (error) {
        if (options.signal?.aborted) throw error;
        const cause = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
        return { kind: 'error', url, message: cause };
      }
      stats.bytes += headerBytes(response.headers);
      const { status } = response;
      if (!response.ok) {
        // Only a 2xx answer's body is read.
        void response.body?.cancel().catch(() => undefined);
        if (status === 304) return { kind: 'not modified', url, headers: response.headers };
        if (status >= 300 && status < 400) {
          const location = response.headers.get('location');
          if (location === null) return { kind: 'error', url, message: `HTTP ${status} without a Location` };
          return { kind: 'redirect', location: new URL(location, url).href };
        }
        if (status === 404 || status === 410) return { kind: 'gone', url, status };
        return { kind: 'error', url, message: `HTTP ${status}` };
      }
      const read = await readBody(response, bounds, options.signal);
      stats.bytes += read.received;
      if ('message' in read) {
        if (read.limit) limit(read.limit);
        return { kind: 'error', url, message: read.message };
      }
      let bytes: Uint8Array;
      try {
        bytes = unpack(read.bytes, url, bounds.maxBytes);
      } catch (error) {
        return { kind: 'error', url, message: (error as Error).message };
      }
      const text = decodeInput(bytes, response.headers.get('content-type') ?? undefined).text;
      return { kind: 'ok', url, status, headers: response.headers, bytes, text };
    });
  }

  async function robotsOf(url: string) {
    const origin = new URL(url).origin;
    let parsed = robots.get(origin);
    if (parsed === undefined) {
      parsed = (async () => {
        const answer = await request(`${origin}/robots.txt`, { 'user-agent': userAgent, accept: 'text/plain' });
        if (answer.kind !== 'ok') return undefined; // none, or unreadable: everything allowed
        const rules = robotsParser(`${origin}/robots.txt`, answer.text);
        const delay = rules.getCrawlDelay(robotsAgent);
        if (delay !== undefined && delay > 0) {
          const seconds = Math.min(delay, bounds.maxCrawlDelay);
          if (delay > bounds.maxCrawlDelay) limit(`robots.txt asks for ${delay} s between requests; ${seconds} s were kept`);
          queueOf(new URL(url).host).setDelay(seconds * 1000);
        }
        return rules;
      })();
      robots.set(origin, parsed);
    }
    return parsed;
  }

  async function allowed(url: string): Promise<boolean> {
    const rules = await robotsOf(url);
    return rules?.isAllowed(url, robotsAgent) ?? true;
  }

  async function get(url: string, getOptions: GetOptions = {}): Promise<Fetched> {
    options.signal?.throwIfAborted();
    if (!onSite(url)) return { kind: 'skipped', url, reason: 'other site' };
    if (!(await allowed(url))) return { kind: 'skipped', url, reason: 'robots' };
    if (getOptions.counts !== false) {
      if (stats.pages >= bounds.maxPages) {
        stats.pageBoundReached = true;
        limit(`the page bound of ${bounds.maxPages} pages per run was reached (raise it with --max-pages)`);
        return { kind: 'skipped', url, reason: 'page bound' };
      }
      stats.pages++;
    }
    const headers: Record<string, string> = { 'user-agent': userAgent, accept: getOptions.accept ?? '*/*' };
    if (getOptions.etag) headers['if-none-match'] = getOptions.etag;
    if (getOptions.lastModified) headers['if-modified-since'] = getOptions.lastModified;
    const chain = [url];
    let current = url;
    for (;;) {
      const answer = await request(current, headers);
      if (answer.kind !== 'redirect') return answer.kind === 'ok' || answer.kind === 'not modified' ? { ...answer, url: current } : answer;
      const next = answer.location;
      if (chain.includes(next)) return { kind: 'error', url, message: `redirect loop (${[...chain, next].join(' → ')})` };
      if (chain.length > bounds.maxRedirects) return { kind: 'error', url, message: `more than ${bounds.maxRedirects} redirects` };
      if (!onSite(next)) return { kind: 'skipped', url, reason: 'other site' };
      if (!(await allowed(next))) return { kind: 'skipped', url, reason: 'robots' };
      chain.push(next);
      current = next;
    }
  }

  return {
    get,
    allowed,
    async robotsSitemaps() {
      return (await robotsOf(site.href))?.getSitemaps() ?? [];
    },
    onSite,
    limit,
    stats,
  };
}

/**
 * The body of a response, read chunk by chunk: cut off past `maxBytes` (a declared
 * `Content-Length` over the bound is refused before reading) and when the deadline passes.
 */
async function readBody(
  response: Response,
  bounds: SiteFetcherBounds,
  signal: AbortSignal | undefined,
): Promise<{ bytes: Uint8Array; received: number } | { message: string; received: number; limit?: string }> {
  const tooBig = {
    message: `larger than ${mb(bounds.maxBytes)}; not read`,
    limit: `pages larger than ${mb(bounds.maxBytes)} were not read`,
  };
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > bounds.maxBytes) {
    void response.body?.cancel().catch(() => undefined);
    return { ...tooBig, received: 0 };
  }
  if (response.body === null) return { bytes: new Uint8Array(), received: 0 };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    void reader.cancel().catch(() => undefined);
  }, bounds.timeout);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (timedOut) break;
      if (done) break;
      received += value.length;
      if (received > bounds.maxBytes) {
        void reader.cancel().catch(() => undefined);
        return { ...tooBig, received };
      }
      chunks.push(value);
    }
  } catch (error) {
    if (signal?.aborted) throw error;
    if (!timedOut) return { message: `the answer was cut off (${(error as Error).message})`, received };
  } finally {
    clearTimeout(timer);
  }
  if (timedOut) {
    return {
      message: `no complete answer within ${bounds.timeout / 1000} s (${received} bytes came)`,
      received,
      limit: `pages slower than ${bounds.timeout / 1000} s were cut off`,
    };
  }
  return { bytes: Buffer.concat(chunks), received };
}
