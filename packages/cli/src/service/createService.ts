/**
 * The local search service: every endpoint of docs/http-api.md (v1 and v2), as one connect-style
 * middleware (mountable in Vite, node:http or the e2e server). This file is the pipeline: it finds
 * a request's row in the table of endpoints (src/api/endpoints.ts, endpoints/matchRoute.ts), runs
 * the checks below in their order (the rules are in http/: token scopes createAccess.ts, bodies
 * readRequestBody.ts, origins, CORS, turns) and calls the row's function (endpoints/<kind>Endpoint.ts,
 * one file per endpoint, loadEndpointFunctions.ts); the collections and their record are in store/ (createRegistry.ts), the
 * engine behind the Engine seam in engine/ (MiniSearchEngine.ts); src/service/README.md maps the
 * folders. The request log and failure injection of the tests are a separate middleware
 * (createTestHooks.ts) that `trove serve` does not load.
 *
 * Decisions the hosted service leaves open (docs/http-api.md marks them "trove serve"; see also the files named):
 * - Envelope on every API answer, errors included: `{ time, code, response }`, `time` in whole
 *   milliseconds of processing, `code` = the HTTP status, `response` = a message naming the
 *   problem on errors. Errors change nothing.
 * - Who before what: everything that can be judged from the request line and the headers is
 *   judged before a byte of the body is read, so a stranger never gets a buffer. Order of checks:
 *   path (404) → method (405) → names (400) → origin (403) → token (401, 403) → start-up (503 on
 *   reads until what the process indexes at start is applied: Service.starting) → `Content-Length`
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
 *                             503 with ok false when more than N batches behind); 503 with ok false and
 *                             `starting: <reason>` while start-up work is applied (Service.starting)
 *   GET    /_trove/feedback   FeedbackEntry[] (oldest first, streamed);  DELETE clears it (for every
 *                             process, with PostgreSQL as the record). The write token (`token=`), or
 *                             without one a loopback connection (as indexing); never from another site's page.
 *   GET    /_trove/img/<n>.svg  the sample posts' cover images (`seed(count, imageBase)`; no token)
 *   GET    /_trove/analytics  what readers search for, as a page; `.json` and `.csv` its exports
 *                             (analytics/answerAnalytics.ts); access as /_trove/feedback
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type AnalyticsOptions, createAnalytics } from './analytics/createAnalytics.ts';
import type { EndpointContext, EndpointRequest } from './endpoints/EndpointContext.ts';
import { loadEndpointFunctions } from './endpoints/loadEndpointFunctions.ts';
import { loadHandlers } from './endpoints/loadHandlers.ts';
import { findEndpoint } from './endpoints/matchRoute.ts';
import { validateDocuments } from './endpoints/validateDocuments.ts';
import { MiniSearchEngine } from './engine/MiniSearchEngine.ts';
import { escapeControl } from './escapeControl.ts';
import { BodyAbortedError } from './http/BodyAbortedError.ts';
import { checkNames } from './http/checkNames.ts';
import { createAccess } from './http/createAccess.ts';
import { createWorkQueue } from './http/createWorkQueue.ts';
import { createWritePacer } from './http/createWritePacer.ts';
import { fitResults } from './http/fitResults.ts';
import { handleHelper } from './http/handleHelper.ts';
import { isForeignOrigin } from './http/isForeignOrigin.ts';
import { isHeavyRequest } from './http/isHeavyRequest.ts';
import { afterRefusal, readRequestBody } from './http/readRequestBody.ts';
import { sendJson } from './http/sendJson.ts';
import { setCors } from './http/setCors.ts';
import { LIMITS } from './limits.ts';
import { generatePosts } from './sample/generatePosts.ts';
import { ServiceError } from './ServiceError.ts';
import { type CreateEngine, createRegistry } from './store/createRegistry.ts';
import { forcedLanguage, type LanguageSetting } from './engine/languageSetting.ts';
import { createStore } from './store/createStore.ts';

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
  /** The language forced on collections (`TROVE_LANGUAGE`, languageSetting.ts); the default engine detects each document's otherwise. */
  languages?: LanguageSetting;
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
  /**
   * Search analytics (analytics/createAnalytics.ts), kept where the record is and shown at
   * `/_trove/analytics`; `false`: nothing is counted (the page answers 404).
   */
  analytics?: AnalyticsOptions | false;
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
  /**
   * Start-up work the readers must not see half done (`trove serve --seed` listens, then indexes):
   * until every returned `ready` is called, reads (search, autocomplete, recommend) answer 503 with
   * `Retry-After` and health answers 503 `{ ok: false, starting: reason }`. What the record holds
   * at start (the data folder's snapshots and log, PostgreSQL's snapshot) is applied before
   * createService resolves, so before anything listens.
   */
  starting(reason: string): () => void;
  close(): Promise<void>;
}

export const DEFAULT_MAX_BODY_BYTES = LIMITS.indexBodyBytes;

/** One line for the log: the message (or stack) with control characters escaped. */
function logLine(error: unknown): string {
  return escapeControl(String((error as Error)?.stack ?? error));
}

export async function createService(options: ServiceOptions): Promise<Service> {
  const access = createAccess(options.token ?? 'dev-token', options.writeToken || undefined);
  const limits = {
    maxBody: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
    idleMs: options.bodyIdleMs ?? LIMITS.bodyIdleMs,
    totalMs: options.bodyTotalMs ?? LIMITS.bodyTotalMs,
  };
  const handlers = loadHandlers(options.handlersFile);
  const functions = await loadEndpointFunctions();
  /** Indexing batches are paced while reads are answered, by their number and by what they cost (createWritePacer.ts). */
  const writes = createWritePacer(options.writeIntervalMs);
  const registry = await createRegistry(
    options.databaseUrl
      ? // Loaded only in this mode: the zero-setup start does not load the PostgreSQL client.
        await (await import('./store/createPgStore.ts')).createPgStore(options.databaseUrl)
      : createStore(options.dataDir, { compactAfterBytes: options.compactAfterBytes }),
    options.createEngine ??
      ((project, collection) => new MiniSearchEngine({ language: forcedLanguage(options.languages, project, collection) })),
    { onApplied: (ms) => writes.spent(ms) },
  );
  const ctx: EndpointContext = {
    handlers,
    registry,
    feedback: registry.store.feedback,
    analytics: options.analytics === false ? undefined : createAnalytics(registry.store.analytics, options.analytics),
  };

  /** Start-up work in progress (see Service.starting): its reasons, oldest first. */
  const startup = new Set<{ reason: string }>();
  const startingReason = () => startup.values().next().value?.reason;

  /** Read requests take turns, ordinary ones first (createWorkQueue.ts). */
  const reads = createWorkQueue();

  /** An API request: its row (src/api/endpoints.ts), then the checks in the order of this file's header, then its function. */
  async function answer(req: IncomingMessage, url: URL, method: string): Promise<unknown> {
    const { row, route } = findEndpoint(url.pathname, method);
    const writing = row.token === 'write';
    if (writing) {
      checkNames(route);
      if (isForeignOrigin(req)) {
        throw new ServiceError(403, 'Indexing refused: the request comes from a page of another site (its Origin is not this service)');
      }
    }
    access.checkToken(req, url, row.token);
    const notReady = 'heavy' in row ? startingReason() : undefined;
    if (notReady !== undefined) {
      throw new ServiceError(503, `Starting: ${notReady}; nothing is answered until it is done, try again in a second`, {
        'Retry-After': '1',
      });
    }
    if (writing) await writes.turn();
    else writes.read();
    const body = method === 'GET' || method === 'HEAD' ? null : await readRequestBody(req, row, limits);
    const contentType = String(req.headers['content-type'] ?? '');
    const request: EndpointRequest = { row, route, params: url.searchParams, body, contentType };
    const run = () => functions.get(row.kind)!(ctx, request);
    if (!('heavy' in row)) return run();
    // Reads of records take turns in the read queue and are cut to the answer limit.
    return fitResults(await reads.run(isHeavyRequest(route, url.searchParams), run).finally(writes.read), LIMITS.responseBytes);
  }

  async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const started = performance.now();
    const method = req.method ?? 'GET';
    const send = (status: number, response: unknown, headers: Record<string, string> = {}) =>
      sendJson(res, status, { time: Math.round(performance.now() - started), code: status, response }, headers);
    try {
      send(200, await answer(req, url, method));
    } catch (error) {
      if (error instanceof BodyAbortedError) {
        console.warn(
          `[trove service] upload aborted by the client: ${method} ${escapeControl(url.pathname)} after ${error.received} bytes`,
        );
        return;
      }
      if (error instanceof ServiceError) {
        afterRefusal(req, res, error.status, limits);
        send(error.status, error.message, error.headers);
      } else {
        console.error('[trove service]', logLine(error));
        afterRefusal(req, res, 500, limits);
        send(500, 'Internal error: the service could not answer; its log has the details');
      }
    }
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
      const work = isApi ? handleApi(req, res, url) : handleHelper(ctx, access, req, res, url, startingReason());
      work.catch((error: unknown) => {
        console.error('[trove service]', logLine(error));
        sendJson(res, 500, { time: 0, code: 500, response: 'Internal error: the service could not answer; its log has the details' });
      });
    },

    async seed(count = 600, imageBase?: string) {
      await ctx.registry.index('demo', 'blog', validateDocuments(generatePosts(count, 1, imageBase), 'v2'));
    },

    starting(reason) {
      const work = { reason };
      startup.add(work);
      return () => void startup.delete(work);
    },

    async close() {
      // The store closes its feedback log with it; the analytics write their last counts first.
      await ctx.analytics?.close();
      await ctx.registry.close();
    },
  };
}
