/**
 * The local search service: every endpoint of docs/http-api.md (v1 and v2), as one connect-style
 * middleware (mountable in Vite, node:http or the e2e server). This file is the HTTP layer —
 * routing, token scopes, envelopes, CORS, body limits; the collections and their persistence
 * are in createRegistry.ts, the endpoints in *Endpoint.ts, the engine behind the Engine seam
 * (MiniSearchEngine.ts). The request log and failure injection of the tests are a separate
 * middleware (createTestHooks.ts) that `trove serve` does not load.
 *
 * Decisions the hosted service leaves open (docs/http-api.md marks them "trove serve"; see also the files named):
 * - Envelope on every API answer, errors included: `{ time, code, response }`, `time` in whole
 *   milliseconds of processing, `code` = the HTTP status, `response` = a message naming the
 *   problem on errors. Errors change nothing.
 * - Who before what: everything that can be judged from the request line and the headers is
 *   judged before a byte of the body is read, so a stranger never gets a buffer. Order of checks:
 *   path (404) → method (405) → names (400) → origin (403) → token (401, 403) → `Content-Length`
 *   over the limit (413) → content type (415) → body (413 past the limit, 408 too slow, 400
 *   deep or malformed JSON) → collection (404) → handler (404) → parameters (400). A request
 *   refused before its body has the rest of it read and thrown away (discardBody.ts).
 * - Body limits: indexing `maxBodyBytes` (5 MB), feedback 16 KB; a body idle for 10 s or not
 *   complete after 60 s is a 408 and the connection is closed. The other limits: limits.ts.
 * - `token` is read from the query string only (docs/http-api.md: a query parameter), compared in
 *   constant time.
 * - Token scopes: reads (search, autocomplete, recommend, feedback) take the read token — the
 *   one pages publish — or the write token. Indexing takes the write token (`writeToken`); the
 *   read token gets 401. Without a write token, indexing takes the read token but only over a
 *   loopback connection addressed to a loopback name (403 otherwise; the name check stops a page
 *   that rebinds its own host name to 127.0.0.1), so a service on a public address cannot be
 *   written to with the published key.
 * - Origins: reads and feedback answer any origin (CORS `*`: pages embed the widgets anywhere).
 *   Indexing and the helpers refuse a request whose `Origin` is another site than its `Host`
 *   (403), with or without a write token, and indexing takes `application/json` only (415), so
 *   a form on another site cannot post to it.
 * - Names: project and collection names of more than 64 bytes (UTF-8) cannot be indexed (400);
 *   an internal error answers 500 without its details (they go to the log, control characters
 *   escaped), so no file system path reaches a client.
 * - Answers: a page whose records would pass 8 MB of JSON is cut short (fitResults.ts).
 * - Fairness: the engine's work for reads runs one request per turn, ordinary requests before
 *   costly ones (createWorkQueue.ts, isHeavyRequest.ts); the query budget is queryTerms.ts's;
 *   indexing batches are paced while reads are answered (createWritePacer.ts).
 * - v1 and v2 share the stored documents: a collection indexed through either version is
 *   searchable through both. Parameters a version lacks (v1 `sort`; v1 autocomplete `filter`,
 *   `limit`; v1 recommend `filter`, `sort`) are ignored, like any unknown parameter.
 * - Paging: `skip` default 0, `limit` default 10 for search, 8 for autocomplete, 4 for
 *   recommend (or the handler's `limit`); both must be non-negative integers (else 400);
 *   `limit` above 100 is clamped to 100. `limit=0` answers counts and facets only.
 * - Never-indexed collection (or project) → 404. Indexing an empty array creates it.
 * - Endpoint rules: searchEndpoint.ts, autocompleteEndpoint.ts, recommendEndpoint.ts,
 *   feedbackEndpoint.ts, indexEndpoint.ts; query semantics in Engine.ts, the query budget in
 *   queryTerms.ts.
 *
 * Helper endpoints (plain JSON, not enveloped, no CORS):
 *   GET    /_trove/health     { ok, collections: [{ project, collection, documents }] } (no token), and with
 *                             PostgreSQL as the record `log: { applied, head, behind }` (`?max_behind=N`:
 *                             503 with ok false when more than N batches behind)
 *   GET    /_trove/feedback   FeedbackEntry[] (oldest first, streamed);  DELETE clears it (for every
 *                             process, with PostgreSQL as the record). The write token (`token=`), or
 *                             without one a loopback connection (as indexing); never from another site's page.
 *   GET    /_trove/img/<n>.svg  the sample posts' cover images (`seed(count, imageBase)`; no token)
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { allowedMethods } from './allowedMethods.ts';
import { autocompleteEndpoint } from './autocompleteEndpoint.ts';
import { BodyAbortedError } from './BodyAbortedError.ts';
import { coverImage } from './coverImage.ts';
import { type CreateEngine, createRegistry } from './createRegistry.ts';
import { createStore } from './createStore.ts';
import { createWorkQueue } from './createWorkQueue.ts';
import { createWritePacer } from './createWritePacer.ts';
import { discardBody } from './discardBody.ts';
import type { EndpointContext, ReadRoute } from './EndpointContext.ts';
import { escapeControl } from './escapeControl.ts';
import { feedbackEndpoint } from './feedbackEndpoint.ts';
import { fitResults } from './fitResults.ts';
import { generatePosts } from './generatePosts.ts';
import { indexEndpoint } from './indexEndpoint.ts';
import { isForeignOrigin } from './isForeignOrigin.ts';
import { isHeavyRequest } from './isHeavyRequest.ts';
import { isLoopback } from './isLoopback.ts';
import { isLoopbackHost } from './isLoopbackHost.ts';
import { LIMITS } from './limits.ts';
import { loadHandlers } from './loadHandlers.ts';
import { matchRoute, type Route } from './matchRoute.ts';
import { MiniSearchEngine } from './MiniSearchEngine.ts';
import { readBody } from './readBody.ts';
import { recommendEndpoint } from './recommendEndpoint.ts';
import { searchEndpoint } from './searchEndpoint.ts';
import { sendJson } from './sendJson.ts';
import { ServiceError } from './ServiceError.ts';
import { setCors } from './setCors.ts';
import { tokensEqual } from './tokensEqual.ts';
import { validateDocuments } from './validateDocuments.ts';

export interface ServiceOptions {
  /** The read token (pages publish it). Default `dev-token`. */
  token?: string;
  /** The token that may index. Without one, indexing takes the read token over loopback only. */
  writeToken?: string;
  /** Folder for indexed documents and feedback (created if missing). */
  dataDir: string;
  /** JSON file of custom handlers (see loadHandlers.ts). */
  handlersFile?: string;
  /** Largest accepted indexing body in bytes. Default 5 MB. */
  maxBodyBytes?: number;
  /** A request body idle this long is a 408. Default 10 s. */
  bodyIdleMs?: number;
  /** A request body not complete after this long is a 408. Default 60 s. */
  bodyTotalMs?: number;
  /** The engine of each collection. Default: a new MiniSearchEngine. */
  createEngine?: CreateEngine;
  /** The batch log is folded into the snapshots past this many bytes (see createStore.ts). Default 4 MiB. */
  compactAfterBytes?: number;
  /** While reads are answered, indexing batches are this far apart (see createWritePacer.ts). Default 20 ms. */
  writeIntervalMs?: number;
  /**
   * `postgres://…`: PostgreSQL is the record instead of the data folder (batches, collections,
   * feedback), shared by every process on that database (see createPgStore.ts). Feedback goes
   * where the record is: `feedback.jsonl` in `dataDir` (createFileFeedbackLog.ts) or a table
   * (createPgFeedbackLog.ts).
   */
  databaseUrl?: string;
}

export type Next = (error?: unknown) => void;
export type Middleware = (req: IncomingMessage, res: ServerResponse, next?: Next) => void;

export interface Service {
  /** Answers `/api/...` and `/_trove/...`; anything else goes to `next()` (404 without one). */
  middleware: Middleware;
  /**
   * Indexes `generatePosts(count)` (default 600) into project `demo`, collection `blog` (upsert; no
   * token involved). `imageBase`: where their images are, default the demo site's `/demo-assets/img/`;
   * `trove serve` passes its own `<address>/_trove/img/`, so they show on a page of any origin.
   */
  seed(count?: number, imageBase?: string): Promise<void>;
  close(): Promise<void>;
}

export const DEFAULT_MAX_BODY_BYTES = LIMITS.indexBodyBytes;

const READ_ENDPOINTS: Record<ReadRoute['kind'], (ctx: EndpointContext, route: ReadRoute, params: URLSearchParams) => Promise<unknown>> = {
  search: searchEndpoint,
  autocomplete: autocompleteEndpoint,
  recommend: recommendEndpoint,
};

const HELPER_METHODS: Record<string, string[]> = {
  '/_trove/health': ['GET'],
  '/_trove/feedback': ['GET', 'DELETE'],
};

/** One line for the log: the message (or stack) with control characters escaped. */
function logLine(error: unknown): string {
  return escapeControl(String((error as Error)?.stack ?? error));
}

export async function createService(options: ServiceOptions): Promise<Service> {
  const token = options.token ?? 'dev-token';
  const writeToken = options.writeToken || undefined;
  const maxBody = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const timeouts = { idleMs: options.bodyIdleMs ?? LIMITS.bodyIdleMs, totalMs: options.bodyTotalMs ?? LIMITS.bodyTotalMs };
  const handlers = loadHandlers(options.handlersFile);
  /** Indexing batches are paced while reads are answered, by their number and by what they cost (createWritePacer.ts). */
  const writes = createWritePacer(options.writeIntervalMs);
  const registry = await createRegistry(
    options.databaseUrl
      ? // Loaded only in this mode: the zero-setup start does not load the PostgreSQL client.
        await (await import('./createPgStore.ts')).createPgStore(options.databaseUrl)
      : createStore(options.dataDir, { compactAfterBytes: options.compactAfterBytes }),
    options.createEngine ?? (() => new MiniSearchEngine()),
    { onApplied: (ms) => writes.spent(ms) },
  );
  const ctx: EndpointContext = {
    handlers,
    registry,
    feedback: registry.store.feedback,
  };

  /** Read requests take turns, ordinary ones first (createWorkQueue.ts). */
  const reads = createWorkQueue();

  /** Whether the loopback rule holds: a loopback connection, addressed to a loopback name. */
  function viaLoopback(req: IncomingMessage): boolean {
    const host = req.headers.host;
    return isLoopback(req.socket.localAddress) && (host === undefined || isLoopbackHost(host));
  }

  function checkToken(req: IncomingMessage, url: URL, indexing: boolean): void {
    const given = url.searchParams.get('token');
    if (given === null || given === '') throw new ServiceError(401, 'Missing token: pass token=<access key> in the query string');
    // Both comparisons always run: the time taken does not tell which token was close.
    const isRead = tokensEqual(given, token);
    const isWrite = tokensEqual(given, writeToken);
    if (!indexing) {
      if (!isRead && !isWrite) throw new ServiceError(401, 'Invalid token: the token does not match an access key of this service');
      return;
    }
    if (writeToken !== undefined) {
      if (isWrite) return;
      throw new ServiceError(
        401,
        isRead
          ? 'Read-only token: indexing needs the write token (TROVE_WRITE_TOKEN), not the token pages publish'
          : 'Invalid token: the token does not match the write token of this service',
      );
    }
    if (!isRead) throw new ServiceError(401, 'Invalid token: the token does not match an access key of this service');
    if (!viaLoopback(req)) {
      throw new ServiceError(403, 'Indexing refused: without a write token (TROVE_WRITE_TOKEN) the service indexes over loopback only');
    }
  }

  /** 400 for a project or collection name no file name can hold (indexing creates files named after them). */
  function checkNames(route: Route): void {
    for (const [what, name] of [
      ['Project', route.project],
      ['Collection', route.collection],
    ] as const) {
      if (Buffer.byteLength(name, 'utf8') > LIMITS.nameBytes) {
        throw new ServiceError(400, `${what} name too long: at most ${LIMITS.nameBytes} bytes (UTF-8)`);
      }
    }
  }

  /** The body of a POST, once its headers have passed: size from `Content-Length` first, then as it arrives. */
  async function body(req: IncomingMessage, route: Route): Promise<string> {
    const limit = route.kind === 'index' ? maxBody : Math.min(maxBody, LIMITS.feedbackBodyBytes);
    const declared = Number(req.headers['content-length']);
    if (declared > limit) throw new ServiceError(413, `Request body too large: ${declared} bytes, the limit is ${limit} bytes`);
    if (route.kind === 'index') {
      const type = String(req.headers['content-type'] ?? '')
        .split(';')[0]!
        .trim()
        .toLowerCase();
      if (type !== 'application/json') {
        throw new ServiceError(415, `Unsupported content type ${JSON.stringify(type)}: indexing takes Content-Type: application/json`);
      }
    }
    const text = await readBody(req, { bytes: limit, ...timeouts });
    // A middleware before the service (the test hooks) may have read it with a larger limit.
    const size = Buffer.byteLength(text, 'utf8');
    if (size > limit) throw new ServiceError(413, `Request body too large: ${size} bytes, the limit is ${limit} bytes`);
    return text;
  }

  /** After an answer sent without reading the whole body: drop the rest (timed out: drop the connection). */
  function afterRefusal(req: IncomingMessage, res: ServerResponse, status: number): void {
    if (req.complete || req.readableEnded) return;
    if (status === 408) {
      res.once('finish', () => req.socket.destroy());
      return;
    }
    discardBody(req, maxBody * 8, timeouts.totalMs);
  }

  async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const started = performance.now();
    const method = req.method ?? 'GET';
    const send = (status: number, response: unknown, headers: Record<string, string> = {}) =>
      sendJson(res, status, { time: Math.round(performance.now() - started), code: status, response }, headers);
    try {
      const route = matchRoute(url.pathname);
      if (!route)
        throw new ServiceError(404, `Unknown path ${url.pathname}: see docs/http-api.md in the trove-search package for the endpoints`);
      const allowed = allowedMethods(route);
      if (!allowed.includes(method)) {
        throw new ServiceError(405, `Method ${method} not allowed on ${url.pathname}: use ${allowed.join(' or ')}`, {
          Allow: [...allowed, 'OPTIONS'].join(', '),
        });
      }
      if (route.kind === 'index') {
        checkNames(route);
        if (isForeignOrigin(req)) {
          throw new ServiceError(403, 'Indexing refused: the request comes from a page of another site (its Origin is not this service)');
        }
      }
      checkToken(req, url, route.kind === 'index');
      if (route.kind === 'index') await writes.turn();
      else writes.read();
      const text = method === 'GET' || method === 'HEAD' ? null : await body(req, route);
      const params = url.searchParams;
      const response =
        route.kind === 'index'
          ? await indexEndpoint(ctx, route, text)
          : route.kind === 'feedback'
            ? await feedbackEndpoint(ctx, route, params, text, String(req.headers['content-type'] ?? ''))
            : fitResults(
                await reads.run(isHeavyRequest(route, params), () => READ_ENDPOINTS[route.kind](ctx, route, params)).finally(writes.read),
                LIMITS.responseBytes,
              );
      send(200, response);
    } catch (error) {
      if (error instanceof BodyAbortedError) {
        console.warn(
          `[trove service] upload aborted by the client: ${method} ${escapeControl(url.pathname)} after ${error.received} bytes`,
        );
        return;
      }
      if (error instanceof ServiceError) {
        afterRefusal(req, res, error.status);
        send(error.status, error.message, error.headers);
      } else {
        console.error('[trove service]', logLine(error));
        afterRefusal(req, res, 500);
        send(500, 'Internal error: the service could not answer; its log has the details');
      }
    }
  }

  /** The helpers that show or change what readers did: the write token, or the loopback rule without one; never another site. */
  function checkHelperAccess(req: IncomingMessage, url: URL): [status: number, error: string] | null {
    if (isForeignOrigin(req)) return [403, 'Refused: the request comes from a page of another site'];
    if (writeToken !== undefined) {
      const given = url.searchParams.get('token');
      return given !== null && tokensEqual(given, writeToken) ? null : [401, 'Refused: pass token=<the write token (TROVE_WRITE_TOKEN)>'];
    }
    return viaLoopback(req) ? null : [403, 'Refused: without a write token (TROVE_WRITE_TOKEN) this helper answers over loopback only'];
  }

  async function streamFeedback(res: ServerResponse): Promise<void> {
    res.statusCode = 200;
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.setHeader('Cache-Control', 'no-store');
    let first = true;
    res.write('[');
    try {
      for await (const entry of ctx.feedback.entries()) {
        if (res.destroyed) return;
        const more = res.write(`${first ? '' : ','}\n${JSON.stringify(entry)}`);
        first = false;
        if (!more) await new Promise((resolve) => res.once('drain', resolve));
      }
    } catch (error) {
      // The answer has begun (a lost database, an unreadable file): cut it, so it cannot pass for the whole log.
      res.destroy();
      throw error;
    }
    res.end(first ? ']' : '\n]');
  }

  async function handleHelper(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const method = req.method ?? 'GET';
    const image = /^\/_trove\/img\/(\d{1,4})\.svg$/.exec(url.pathname);
    if (image && (method === 'GET' || method === 'HEAD')) {
      const svg = coverImage(Number(image[1]));
      res.writeHead(200, {
        'Content-Type': 'image/svg+xml',
        'Content-Length': Buffer.byteLength(svg),
        'Cache-Control': 'public, max-age=86400',
      });
      return void res.end(method === 'HEAD' ? undefined : svg);
    }
    const route = url.pathname.replace(/\/+$/, '');
    const allowed = HELPER_METHODS[route];
    if (!allowed) return sendJson(res, 404, { error: `Unknown helper path ${url.pathname}` });
    if (!allowed.includes(method)) {
      return sendJson(res, 405, { error: `Method ${method} not allowed on ${route}` }, { Allow: [...allowed, 'OPTIONS'].join(', ') });
    }
    if (route === '/_trove/health') {
      // With a shared record: how far this process has applied it; `max_behind=N` answers 503 past N batches behind.
      const progress = await ctx.registry.store.progress?.();
      const behind = progress ? progress.head - progress.applied : 0;
      const maxBehind = url.searchParams.get('max_behind');
      const ok = maxBehind === null || !/^\d+$/.test(maxBehind) || behind <= Number(maxBehind);
      const collections = await ctx.registry.list();
      return sendJson(res, ok ? 200 : 503, progress ? { ok, collections, log: { ...progress, behind } } : { ok, collections });
    }
    const refused = checkHelperAccess(req, url);
    if (refused) return sendJson(res, refused[0], { error: refused[1] });
    if (method === 'DELETE') {
      await ctx.feedback.clear();
      res.statusCode = 204;
      return void res.end();
    }
    return streamFeedback(res);
  }

  return {
    middleware(req, res, next) {
      let url: URL;
      try {
        url = new URL(req.url ?? '/', 'http://service.local');
      } catch {
        return next ? next() : sendJson(res, 400, { error: 'Malformed URL' });
      }
      const path = url.pathname;
      const isApi = path === '/api' || path.startsWith('/api/');
      const isHelper = path === '/_trove' || path.startsWith('/_trove/');
      if (!isApi && !isHelper) {
        if (next) return next();
        return sendJson(res, 404, { error: `Not found: ${path}` });
      }
      // The helpers send no CORS headers: a page of another site can neither read nor delete through them.
      if (isApi) setCors(req, res);
      if (req.method === 'OPTIONS') {
        res.statusCode = 204;
        res.end();
        return;
      }
      const work = isApi ? handleApi(req, res, url) : handleHelper(req, res, url);
      work.catch((error: unknown) => {
        console.error('[trove service]', logLine(error));
        sendJson(res, 500, { time: 0, code: 500, response: 'Internal error: the service could not answer; its log has the details' });
      });
    },

    async seed(count = 600, imageBase?: string) {
      await ctx.registry.index('demo', 'blog', validateDocuments(generatePosts(count, 1, imageBase), 'v2'));
    },

    async close() {
      // The store closes its feedback log with it.
      await ctx.registry.close();
    },
  };
}
