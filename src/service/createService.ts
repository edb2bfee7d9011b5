/**
 * The local search service: every endpoint of API.md (v1 and v2), as one connect-style
 * middleware (mountable in Vite, node:http or the e2e server). This file is the HTTP layer —
 * routing, token scopes, envelopes, CORS, body limits; the collections and their persistence
 * are in createRegistry.ts, the endpoints in *Endpoint.ts, the engine behind the Engine seam
 * (MiniSearchEngine.ts). The request log and failure injection of the tests are a separate
 * middleware (createTestHooks.ts) that `trove serve` does not load.
 *
 * Decisions where API.md is silent (see also the files named):
 * - Envelope on every API answer, errors included: `{ time, code, response }`, `time` in whole
 *   milliseconds of processing, `code` = the HTTP status, `response` = a message naming the
 *   problem on errors. Errors change nothing.
 * - Order of checks: path (404) → method (405, with `Allow`) → body size (413) → token (401,
 *   403) → collection (404) → handler (404) → parameters/body (400).
 * - `token` is read from the query string only (API.md: "a query-string parameter").
 * - Token scopes: reads (search, autocomplete, recommend, feedback) take the read token — the
 *   one pages publish — or the write token. Indexing takes the write token (`writeToken`); the
 *   read token gets 401. Without a write token, indexing takes the read token but only over a
 *   loopback connection (403 otherwise), so a service on a public address cannot be written to
 *   with the published key.
 * - v1 and v2 share the stored documents: a collection indexed through either version is
 *   searchable through both. Parameters a version lacks (v1 `sort`; v1 autocomplete `filter`,
 *   `limit`; v1 recommend `filter`, `sort`) are ignored, like any unknown parameter.
 * - Paging: `skip` default 0, `limit` default 10 for search, 8 for autocomplete, 4 for
 *   recommend (or the handler's `limit`); both must be non-negative integers (else 400);
 *   `limit` above 100 is clamped to 100. `limit=0` answers counts and facets only.
 * - Never-indexed collection (or project) → 404. Indexing an empty array creates it.
 * - Endpoint rules: searchEndpoint.ts, autocompleteEndpoint.ts, recommendEndpoint.ts,
 *   feedbackEndpoint.ts, indexEndpoint.ts; query semantics in Engine.ts.
 *
 * Helper endpoints (no token, plain JSON, not enveloped):
 *   GET    /_trove/health     { ok, collections: [{ project, collection, documents }] }, and with PostgreSQL
 *                              as the record `log: { applied, head, behind }` (`?max_behind=N`: 503 with
 *                              ok false when more than N batches behind)
 *   GET    /_trove/feedback   FeedbackEntry[] (oldest first);  DELETE clears it
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { allowedMethods } from './allowedMethods.ts';
import { autocompleteEndpoint } from './autocompleteEndpoint.ts';
import type { EndpointContext, ReadRoute } from './EndpointContext.ts';
import { type CreateEngine, createRegistry } from './createRegistry.ts';
import { createStore } from './createStore.ts';
import { feedbackEndpoint } from './feedbackEndpoint.ts';
import { generatePosts } from './generatePosts.ts';
import { indexEndpoint } from './indexEndpoint.ts';
import { isLoopback } from './isLoopback.ts';
import { loadHandlers } from './loadHandlers.ts';
import { matchRoute } from './matchRoute.ts';
import { MiniSearchEngine } from './MiniSearchEngine.ts';
import { readBody } from './readBody.ts';
import { recommendEndpoint } from './recommendEndpoint.ts';
import { searchEndpoint } from './searchEndpoint.ts';
import { sendJson } from './sendJson.ts';
import { ServiceError } from './ServiceError.ts';
import { setCors } from './setCors.ts';
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
  /** Largest accepted request body in bytes. Default 5 MB. */
  maxBodyBytes?: number;
  /** The engine of each collection. Default: a new MiniSearchEngine. */
  createEngine?: CreateEngine;
  /** The batch log is folded into the snapshots past this many bytes (see createStore.ts). Default 4 MiB. */
  compactAfterBytes?: number;
  /**
   * `postgres://…`: PostgreSQL is the record instead of the data folder (batches, collections,
   * feedback), shared by every process on that database (see createPgStore.ts).
   */
  databaseUrl?: string;
}

export type Next = (error?: unknown) => void;
export type Middleware = (req: IncomingMessage, res: ServerResponse, next?: Next) => void;

export interface Service {
  /** Answers `/api/...` and `/_trove/...`; anything else goes to `next()` (404 without one). */
  middleware: Middleware;
  /** Indexes `generatePosts(count)` (default 600) into project `demo`, collection `blog` (upsert; no token involved). */
  seed(count?: number): Promise<void>;
  close(): Promise<void>;
}

export const DEFAULT_MAX_BODY_BYTES = 5 * 1024 * 1024;

const READ_ENDPOINTS: Record<ReadRoute['kind'], (ctx: EndpointContext, route: ReadRoute, params: URLSearchParams) => Promise<unknown>> = {
  search: searchEndpoint,
  autocomplete: autocompleteEndpoint,
  recommend: recommendEndpoint,
};

const HELPER_METHODS: Record<string, string[]> = {
  '/_trove/health': ['GET'],
  '/_trove/feedback': ['GET', 'DELETE'],
};

export async function createService(options: ServiceOptions): Promise<Service> {
  const token = options.token ?? 'dev-token';
  const writeToken = options.writeToken || undefined;
  const maxBody = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const ctx: EndpointContext = {
    handlers: loadHandlers(options.handlersFile),
    registry: await createRegistry(
      options.databaseUrl
        ? // Loaded only in this mode: the zero-setup start does not load the PostgreSQL client.
          await (await import('./createPgStore.ts')).createPgStore(options.databaseUrl)
        : createStore(options.dataDir, { compactAfterBytes: options.compactAfterBytes }),
      options.createEngine ?? (() => new MiniSearchEngine()),
    ),
  };

  function checkToken(req: IncomingMessage, url: URL, indexing: boolean): void {
    const given = url.searchParams.get('token');
    if (given === null || given === '') throw new ServiceError(401, 'Missing token: pass token=<access key> in the query string');
    if (!indexing) {
      if (given !== token && given !== writeToken) {
        throw new ServiceError(401, 'Invalid token: the token does not match an access key of this service');
      }
      return;
    }
    if (writeToken !== undefined) {
      if (given === writeToken) return;
      throw new ServiceError(
        401,
        given === token
          ? 'Read-only token: indexing needs the write token (TROVE_WRITE_TOKEN), not the token pages publish'
          : 'Invalid token: the token does not match the write token of this service',
      );
    }
    if (given !== token) throw new ServiceError(401, 'Invalid token: the token does not match an access key of this service');
    if (!isLoopback(req.socket.localAddress)) {
      throw new ServiceError(403, 'Indexing refused: without a write token (TROVE_WRITE_TOKEN) the service indexes over loopback only');
    }
  }

  async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const started = performance.now();
    const method = req.method ?? 'GET';
    const send = (status: number, response: unknown, headers: Record<string, string> = {}) =>
      sendJson(res, status, { time: Math.round(performance.now() - started), code: status, response }, headers);
    try {
      // The body is read (or drained, over the limit) before any answer, so the client gets the
      // answer rather than a reset connection; its size is judged after the path and the method.
      const read: { body: string | null } | { error: unknown } =
        method === 'GET' || method === 'HEAD'
          ? { body: null }
          : await readBody(req, maxBody).then(
              (body) => ({ body }),
              (error: unknown) => ({ error }),
            );
      const route = matchRoute(url.pathname);
      if (!route) throw new ServiceError(404, `Unknown path ${url.pathname}: see API.md for the endpoints`);
      const allowed = allowedMethods(route);
      if (!allowed.includes(method)) {
        throw new ServiceError(405, `Method ${method} not allowed on ${url.pathname}: use ${allowed.join(' or ')}`, {
          Allow: [...allowed, 'OPTIONS'].join(', '),
        });
      }
      if ('error' in read) throw read.error;
      const { body } = read;
      checkToken(req, url, route.kind === 'index');
      const params = url.searchParams;
      const response =
        route.kind === 'index'
          ? await indexEndpoint(ctx, route, body)
          : route.kind === 'feedback'
            ? await feedbackEndpoint(ctx, route, params, body, String(req.headers['content-type'] ?? ''))
            : await READ_ENDPOINTS[route.kind](ctx, route, params);
      send(200, response);
    } catch (error) {
      if (error instanceof ServiceError) {
        send(error.status, error.message, error.headers);
      } else {
        console.error('[trove service]', error);
        send(500, `Internal error: ${(error as Error)?.message ?? String(error)}`);
      }
    }
  }

  async function handleHelper(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const method = req.method ?? 'GET';
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
    if (method === 'DELETE') {
      await ctx.registry.store.clearFeedback();
      res.statusCode = 204;
      return void res.end();
    }
    return sendJson(res, 200, await ctx.registry.store.readFeedback());
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
      setCors(req, res);
      if (req.method === 'OPTIONS') {
        res.statusCode = 204;
        res.end();
        return;
      }
      const work = isApi ? handleApi(req, res, url) : handleHelper(req, res, url);
      work.catch((error: unknown) => {
        console.error('[trove service]', error);
        sendJson(res, 500, { time: 0, code: 500, response: `Internal error: ${(error as Error)?.message ?? String(error)}` });
      });
    },

    async seed(count = 600) {
      await ctx.registry.index('demo', 'blog', validateDocuments(generatePosts(count), 'v2'));
    },

    async close() {
      await ctx.registry.close();
    },
  };
}
