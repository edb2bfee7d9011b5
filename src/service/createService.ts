/**
 * The local search service: every endpoint of API.md (v1 and v2) on MiniSearch, as one
 * connect-style middleware (mountable in Vite, node:http or the e2e server).
 *
 * Decisions where API.md is silent (see also the files named):
 * - Envelope on every API answer, errors included: `{ time, code, response }`, `time` in whole
 *   milliseconds of processing, `code` = the HTTP status, `response` = a message naming the
 *   problem on errors. Errors change nothing.
 * - Order of checks: path (404) → method (405, with `Allow`) → body size (413) → token (401)
 *   → collection (404) → handler (404) → parameters/body (400).
 * - `token` is read from the query string only (API.md: "a query-string parameter").
 * - v1 and v2 share the stored documents: a collection indexed through either version is
 *   searchable through both. Parameters a version lacks (v1 `sort`; v1 autocomplete `filter`,
 *   `limit`; v1 recommend `filter`, `sort`) are ignored, like any unknown parameter.
 * - Paging: `skip` default 0, `limit` default 10 for search, 8 for autocomplete, 4 for
 *   recommend (or the handler's `limit`); both must be non-negative integers (else 400);
 *   `limit` above 100 is clamped to 100. `limit=0` answers counts and facets only.
 * - Never-indexed collection (or project) → 404. Indexing an empty array creates it.
 * - Search: see Collection.ts for query semantics, parseFilter.ts for filters, parseSort.ts for
 *   sorts. `found_documents` = every match; facets `categories`, `tags`, `authors`, `year`
 *   (+ `count` = found_documents) over every match. `spelling`: `null`, or — when a query has
 *   no hits and replacing unknown words by close indexed ones gives hits — that corrected
 *   query as a string (e.g. "pyhton" → "python").
 * - Autocomplete: empty `q` → no results. Otherwise up to `limit` records: first up to
 *   ceil(limit/3) (at most 3) `filter` records — categories, tags and authors whose name (or a
 *   later word of it) starts with the text — then `navigational` records (posts whose TITLE
 *   matches the text, same rules as search, best first); filter records fill unused slots. Filter fields: v2 `category`, `tags`, `author`;
 *   v1 `category_sa`, `tags_sa`, `authors_sa`. `found_documents` = matching posts; `facets` null.
 * - Recommend: `id` required (400 when missing or empty). Related = shared tags, categories,
 *   authors and title terms (Collection.related); never the source. An id that is not indexed
 *   is not an error: related by the `title` parameter if given, else no results (a page whose
 *   post is not indexed yet shows nothing rather than an error). Facets over every related doc.
 * - Feedback (v2 only): GET query, or POST body form-encoded (also `text/plain` from
 *   sendBeacon) or JSON; body wins over query. Required: autocomplete `query` and `item_order`;
 *   recommendation `source_id`, `target_id`, `item_order`; `item_order` a positive integer.
 *   Handlers: autocomplete `suggest` or a custom autocomplete handler; recommendation `default`
 *   (as API.md names it), `recommend` or a custom recommend handler.
 * - Indexing: see validateDocuments.ts. Body limit 5 MB (413). Upsert replaces the whole
 *   document. The snapshot is on disk (atomic) before the answer.
 *
 * Helper endpoints for the demo and e2e tests (no token, plain JSON, not enveloped):
 *   GET    /_trove/health     { ok: true, collections: [{ project, collection, documents }] }
 *   GET    /_trove/feedback   FeedbackEntry[] (oldest first);  DELETE clears it
 *   GET    /_trove/requests   [{ time, method, path, query: [[k, v], ...], body }] of every API
 *                             request (not OPTIONS), newest last, at most 5,000; DELETE clears it
 *   POST   /_trove/fail       { path: 'search'|'autocomplete'|'recommend'|'index'|'feedback'|'*',
 *                               status?: 500, times?: 1, delayMs?: 0 } — the next `times` API
 *                             requests of that kind wait `delayMs`, then fail with `status`
 *                             (an error envelope; status 0 = the connection is dropped). With
 *                             `delayMs` and no `status` they are only delayed. DELETE clears.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Collection } from './Collection.ts';
import { createStore, type FeedbackEntry } from './createStore.ts';
import { generatePosts } from './generatePosts.ts';
import { BUILT_IN_HANDLERS, loadHandlers } from './loadHandlers.ts';
import { matchRoute, type Route } from './matchRoute.ts';
import { filter } from '../api/filter.ts';
import { parseFilter, type ParsedFilter } from './parseFilter.ts';
import { parseIntParam } from './parseIntParam.ts';
import { parseSort } from './parseSort.ts';
import { readBody } from './readBody.ts';
import { ServiceError } from './ServiceError.ts';
import { toFilterSuggestion, toNavigationalSuggestion, toRecommendationRecord, toSearchRecord } from './toRecord.ts';
import type { ApiVersion, EndpointKind, HandlerSettings, StoredDocument } from './types.ts';
import { validateDocuments } from './validateDocuments.ts';

export interface ServiceOptions {
  /** The accepted access key. Default `dev-token`. */
  token?: string;
  /** Folder for indexed documents and feedback (created if missing). */
  dataDir: string;
  /** JSON file of custom handlers (see loadHandlers.ts). */
  handlersFile?: string;
  /** Largest accepted request body in bytes. Default 5 MB. */
  maxBodyBytes?: number;
}

export type Next = (error?: unknown) => void;

export interface Service {
  /** Answers `/api/...` and `/_trove/...`; anything else goes to `next()` (404 without one). */
  middleware(req: IncomingMessage, res: ServerResponse, next?: Next): void;
  /** Indexes `generatePosts(count)` (default 600) into project `demo`, collection `blog` (upsert). */
  seed(count?: number): Promise<void>;
  close(): Promise<void>;
}

export interface RequestLogEntry {
  time: string;
  method: string;
  path: string;
  query: [string, string][];
  body: string | null;
}

type ReadRoute = Extract<Route, { kind: 'search' | 'autocomplete' | 'recommend' }>;

interface FailRule {
  path: string;
  status?: number;
  times: number;
  delayMs: number;
}

const DEFAULT_LIMITS = { search: 10, autocomplete: 8, recommend: 4, max: 100 } as const;
const MAX_LOGGED_REQUESTS = 5000;
const MAX_LOGGED_BODY = 64 * 1024;
const FAIL_KINDS = ['search', 'autocomplete', 'recommend', 'index', 'feedback', '*'];
const HELPER_METHODS: Record<string, string[]> = {
  '/_trove/health': ['GET'],
  '/_trove/feedback': ['GET', 'DELETE'],
  '/_trove/requests': ['GET', 'DELETE'],
  '/_trove/fail': ['POST', 'DELETE'],
};

const FILTER_FIELD_NAMES: Record<ApiVersion, Record<'categories' | 'tags' | 'authors', string>> = {
  v2: { categories: 'category', tags: 'tags', authors: 'author' },
  v1: { categories: 'category_sa', tags: 'tags_sa', authors: 'authors_sa' },
};

function setCors(req: IncomingMessage, res: ServerResponse): void {
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Access-Control-Allow-Methods', 'GET, POST, DELETE, OPTIONS');
  res.setHeader('Access-Control-Allow-Headers', req.headers['access-control-request-headers'] ?? 'Content-Type');
  res.setHeader('Access-Control-Max-Age', '600');
}

function sendJson(res: ServerResponse, status: number, payload: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent || res.destroyed) return;
  const body = JSON.stringify(payload);
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.end(body);
}

function parseJsonBody(text: string, what: string): unknown {
  if (text.trim() === '') throw new ServiceError(400, `Empty body: ${what}`);
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ServiceError(400, `Body is not valid JSON (${(error as Error).message}): ${what}`);
  }
}

export async function createService(options: ServiceOptions): Promise<Service> {
  const token = options.token ?? 'dev-token';
  const maxBody = options.maxBodyBytes ?? 5 * 1024 * 1024;
  const handlers = loadHandlers(options.handlersFile);
  const store = createStore(options.dataDir);
  /** `${project}\u0000${collection}` → Collection */
  const collections = new Map<string, { project: string; collection: string; data: Collection }>();
  const key = (project: string, collection: string) => `${project}\u0000${collection}`;
  for (const saved of store.loadCollections()) {
    const data = new Collection();
    data.upsert(saved.documents);
    collections.set(key(saved.project, saved.collection), { project: saved.project, collection: saved.collection, data });
  }
  let requests: RequestLogEntry[] = [];
  let failRules: FailRule[] = [];

  function indexDocuments(project: string, collection: string, docs: StoredDocument[]): void {
    const existing = collections.get(key(project, collection));
    const merged = new Map(existing?.data.docs);
    for (const doc of docs) merged.set(doc.id, doc);
    // On disk first: if this throws, memory is untouched and the request fails.
    store.saveCollection(project, collection, merged.values());
    const entry = existing ?? { project, collection, data: new Collection() };
    entry.data.upsert(docs);
    collections.set(key(project, collection), entry);
  }

  function requireCollection(route: Route): Collection {
    const entry = collections.get(key(route.project, route.collection));
    if (entry) return entry.data;
    const projectKnown = [...collections.values()].some((c) => c.project === route.project);
    throw new ServiceError(
      404,
      projectKnown
        ? `Collection "${route.collection}" of project "${route.project}" has never been indexed`
        : `Project "${route.project}" not found (nothing has been indexed into it)`,
    );
  }

  function resolveHandler(kind: EndpointKind, name: string | null, alsoAccepted: string[] = []): HandlerSettings {
    const wanted = name ?? BUILT_IN_HANDLERS[kind];
    const custom = handlers[kind];
    if (Object.hasOwn(custom, wanted)) return custom[wanted]!;
    if (wanted === BUILT_IN_HANDLERS[kind] || alsoAccepted.includes(wanted)) return {};
    const known = [...new Set([BUILT_IN_HANDLERS[kind], ...alsoAccepted, ...Object.keys(custom)])];
    throw new ServiceError(404, `Unknown ${kind} handler "${wanted}": known ${kind} handlers are ${known.join(', ')}`);
  }

  function filtersOf(settings: HandlerSettings, params: URLSearchParams, version: ApiVersion, takesFilters: boolean): ParsedFilter[] {
    const fixed = (settings.filters ?? []).map((f) => parseFilter(f, 'v1'));
    const asked = takesFilters ? params.getAll('filter').map((f) => parseFilter(f, version)) : [];
    return [...fixed, ...asked];
  }

  function search(route: ReadRoute, params: URLSearchParams) {
    const data = requireCollection(route);
    const settings = resolveHandler('search', route.handler);
    const filters = filtersOf(settings, params, route.version, true);
    const sort = route.version === 'v2' ? parseSort(params.get('sort')) : undefined;
    const skip = parseIntParam('skip', params.get('skip'), 0);
    const limit = parseIntParam('limit', params.get('limit'), settings.limit ?? DEFAULT_LIMITS.search, DEFAULT_LIMITS.max);
    const q = params.get('q') ?? '';
    const ids = data.match(q, filters, sort, settings.boost?.title ?? 2);
    return {
      found_documents: ids.length,
      results: ids.slice(skip, skip + limit).map((id) => toSearchRecord(data.docs.get(id)!)),
      facets: data.facets(ids),
      spelling: ids.length === 0 && q.trim() !== '' ? data.spellingSuggestion(q) : null,
    };
  }

  function autocomplete(route: ReadRoute, params: URLSearchParams) {
    const data = requireCollection(route);
    const settings = resolveHandler('autocomplete', route.handler);
    const v2 = route.version === 'v2';
    const filters = filtersOf(settings, params, route.version, v2);
    const sort = v2 ? parseSort(params.get('sort')) : undefined;
    const fallback = settings.limit ?? DEFAULT_LIMITS.autocomplete;
    const limit = v2 ? parseIntParam('limit', params.get('limit'), fallback, DEFAULT_LIMITS.max) : fallback;
    const q = params.get('q') ?? '';
    if (q.trim() === '') return { found_documents: 0, results: [], facets: null, spelling: null };
    const ids = data.match(q, filters, sort, settings.boost?.title ?? 3, ['title']);
    const values = data.matchFacetValues(q, filters);
    const filterSlots = Math.min(values.length, Math.max(Math.min(3, Math.ceil(limit / 3)), limit - ids.length));
    const names = FILTER_FIELD_NAMES[route.version];
    return {
      found_documents: ids.length,
      results: [
        ...values.slice(0, filterSlots).map((v) => toFilterSuggestion(v.value, filter(names[v.field], v.value))),
        ...ids.slice(0, limit - filterSlots).map((id) => toNavigationalSuggestion(data.docs.get(id)!)),
      ],
      facets: null,
      spelling: null,
    };
  }

  function recommend(route: ReadRoute, params: URLSearchParams) {
    const data = requireCollection(route);
    const settings = resolveHandler('recommend', route.handler);
    const id = params.get('id');
    if (id === null || id.trim() === '') {
      throw new ServiceError(400, 'Missing id: recommend needs the id of the source document (id=...)');
    }
    const v2 = route.version === 'v2';
    const filters = filtersOf(settings, params, route.version, v2);
    const sort = v2 ? parseSort(params.get('sort')) : undefined;
    const limit = parseIntParam('limit', params.get('limit'), settings.limit ?? DEFAULT_LIMITS.recommend, DEFAULT_LIMITS.max);
    const ids = data.related(id, params.get('title') ?? undefined, filters, sort, settings.boost?.title ?? 2);
    return {
      found_documents: ids.length,
      results: ids.slice(0, limit).map((other) => toRecommendationRecord(data.docs.get(other)!)),
      facets: data.facets(ids),
      spelling: null,
    };
  }

  function feedback(route: Route & { kind: 'feedback' }, params: URLSearchParams, req: IncomingMessage, body: string | null) {
    requireCollection(route);
    if (route.target === 'autocomplete') resolveHandler('autocomplete', route.handler);
    else resolveHandler('recommend', route.handler, ['default']);
    const values: Record<string, string> = {};
    for (const [name, value] of params) if (name !== 'token') values[name] = value;
    if (body !== null && body.trim() !== '') {
      const type = String(req.headers['content-type'] ?? '').toLowerCase();
      if (type.includes('json')) {
        const parsed = parseJsonBody(body, 'feedback must be a JSON object or form-encoded');
        if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
          throw new ServiceError(400, 'Invalid feedback body: expected a JSON object of parameters');
        }
        for (const [name, value] of Object.entries(parsed)) {
          if (name === 'token' || value === null || value === undefined) continue;
          values[name] = typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
        }
      } else {
        for (const [name, value] of new URLSearchParams(body)) if (name !== 'token') values[name] = value;
      }
    }
    const required = route.target === 'autocomplete' ? ['query', 'item_order'] : ['source_id', 'target_id', 'item_order'];
    const missing = required.filter((name) => values[name] === undefined);
    if (missing.length > 0) {
      throw new ServiceError(400, `Missing ${missing.join(', ')}: ${route.target} feedback needs ${required.join(', ')}`);
    }
    if (!/^[1-9]\d*$/.test(values.item_order!)) {
      throw new ServiceError(400, `Invalid item_order ${JSON.stringify(values.item_order)}: must be a positive integer (1-based position)`);
    }
    const entry: FeedbackEntry = {
      time: new Date().toISOString(),
      kind: route.target,
      version: 'v2',
      handler: route.handler,
      project: route.project,
      collection: route.collection,
      params: values,
    };
    store.appendFeedback(entry);
    return null;
  }

  function index(route: Route & { kind: 'index' }, body: string | null) {
    const parsed = parseJsonBody(body ?? '', 'expected a JSON array of documents');
    const docs = validateDocuments(parsed, route.version);
    indexDocuments(route.project, route.collection, docs);
    return route.version === 'v1' ? 'Indexed' : null;
  }

  function allowedMethods(route: Route): string[] {
    if (route.kind === 'index') return ['POST'];
    if (route.kind === 'feedback') return ['GET', 'POST'];
    return ['GET'];
  }

  async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const started = performance.now();
    const method = req.method ?? 'GET';
    const send = (status: number, response: unknown, headers: Record<string, string> = {}) =>
      sendJson(res, status, { time: Math.round(performance.now() - started), code: status, response }, headers);
    const logEntry: RequestLogEntry = {
      time: new Date().toISOString(),
      method,
      path: url.pathname,
      query: [...url.searchParams],
      body: null,
    };
    requests.push(logEntry);
    if (requests.length > MAX_LOGGED_REQUESTS) requests = requests.slice(-MAX_LOGGED_REQUESTS);
    try {
      let body: string | null = null;
      if (method !== 'GET' && method !== 'HEAD') {
        body = await readBody(req, maxBody);
        logEntry.body = body.length > MAX_LOGGED_BODY ? `${body.slice(0, MAX_LOGGED_BODY)}…` : body;
      }
      const route = matchRoute(url.pathname);
      if (!route) throw new ServiceError(404, `Unknown path ${url.pathname}: see API.md for the endpoints`);
      const allowed = allowedMethods(route);
      if (!allowed.includes(method)) {
        throw new ServiceError(405, `Method ${method} not allowed on ${url.pathname}: use ${allowed.join(' or ')}`, {
          Allow: [...allowed, 'OPTIONS'].join(', '),
        });
      }
      const rule = failRules.find((r) => r.path === '*' || r.path === route.kind);
      if (rule) {
        rule.times -= 1;
        if (rule.times <= 0) failRules = failRules.filter((r) => r !== rule);
        if (rule.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, rule.delayMs));
        if (rule.status === 0) {
          req.socket.destroy();
          return;
        }
        if (rule.status !== undefined) {
          throw new ServiceError(rule.status, `Injected failure: ${rule.status} for ${route.kind} (POST /_trove/fail)`);
        }
      }
      const given = url.searchParams.get('token');
      if (given === null || given === '') throw new ServiceError(401, 'Missing token: pass token=<access key> in the query string');
      if (given !== token) throw new ServiceError(401, 'Invalid token: the token does not match an access key of this service');
      const params = url.searchParams;
      let response: unknown;
      switch (route.kind) {
        case 'index':
          response = index(route, body);
          break;
        case 'search':
          response = search(route, params);
          break;
        case 'autocomplete':
          response = autocomplete(route, params);
          break;
        case 'recommend':
          response = recommend(route, params);
          break;
        case 'feedback':
          response = feedback(route, params, req, body);
          break;
      }
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

  async function handleTrove(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const method = req.method ?? 'GET';
    const route = url.pathname.replace(/\/+$/, '');
    const allowed = HELPER_METHODS[route];
    if (!allowed) return sendJson(res, 404, { error: `Unknown helper path ${url.pathname}` });
    if (!allowed.includes(method)) {
      return sendJson(res, 405, { error: `Method ${method} not allowed on ${route}` }, { Allow: [...allowed, 'OPTIONS'].join(', ') });
    }
    try {
      if (route === '/_trove/health') {
        return sendJson(res, 200, {
          ok: true,
          collections: [...collections.values()].map((c) => ({ project: c.project, collection: c.collection, documents: c.data.size })),
        });
      }
      if (route === '/_trove/feedback') {
        if (method === 'DELETE') {
          store.clearFeedback();
          res.statusCode = 204;
          return void res.end();
        }
        return sendJson(res, 200, store.readFeedback());
      }
      if (route === '/_trove/requests') {
        if (method === 'DELETE') {
          requests = [];
          res.statusCode = 204;
          return void res.end();
        }
        return sendJson(res, 200, requests);
      }
      // /_trove/fail
      if (method === 'DELETE') {
        failRules = [];
        res.statusCode = 204;
        return void res.end();
      }
      const body = await readBody(req, 64 * 1024);
      const rule = parseJsonBody(body, 'expected { path, status, times, delayMs }') as Record<string, unknown>;
      const path = rule?.path ?? '*';
      const status = rule?.status ?? (rule?.delayMs ? undefined : 500);
      const times = rule?.times ?? 1;
      const delayMs = rule?.delayMs ?? 0;
      if (typeof path !== 'string' || !FAIL_KINDS.includes(path)) {
        return sendJson(res, 400, { error: `path must be one of ${FAIL_KINDS.join(', ')}` });
      }
      if (
        status !== undefined &&
        (typeof status !== 'number' || !(status === 0 || (Number.isInteger(status) && status >= 400 && status <= 599)))
      ) {
        return sendJson(res, 400, { error: 'status must be 0 (drop the connection) or an integer 400..599' });
      }
      if (typeof times !== 'number' || !Number.isInteger(times) || times < 1) {
        return sendJson(res, 400, { error: 'times must be a positive integer' });
      }
      if (typeof delayMs !== 'number' || !(delayMs >= 0 && delayMs <= 60_000)) {
        return sendJson(res, 400, { error: 'delayMs must be a number of milliseconds 0..60000' });
      }
      failRules.push({ path, status: status as number | undefined, times, delayMs });
      return sendJson(res, 200, { ok: true, pending: failRules });
    } catch (error) {
      const status = error instanceof ServiceError ? error.status : 500;
      return sendJson(res, status, { error: (error as Error).message });
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
      setCors(req, res);
      if (req.method === 'OPTIONS') {
        res.statusCode = 204;
        res.end();
        return;
      }
      const work = isApi ? handleApi(req, res, url) : handleTrove(req, res, url);
      work.catch((error: unknown) => {
        console.error('[trove service]', error);
        sendJson(res, 500, { time: 0, code: 500, response: `Internal error: ${(error as Error)?.message ?? String(error)}` });
      });
    },

    async seed(count = 600) {
      indexDocuments('demo', 'blog', validateDocuments(generatePosts(count), 'v2'));
    },

    async close() {
      store.close();
      failRules = [];
    },
  };
}
