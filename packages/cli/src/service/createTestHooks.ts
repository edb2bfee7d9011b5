/**
 * Test hooks of the local service, a middleware of their own placed before the service (the
 * e2e server and the unit tests load it; `trove serve` and the demo do not):
 *
 *   GET    /_trove/requests   [{ time, method, path, query: [[k, v], ...], body }] of every API
 *                             request (not OPTIONS), newest last, at most 5,000; DELETE clears it
 *   POST   /_trove/fail       { path: <an endpoint's kind (src/api/endpoints.ts): 'search', 'index'…>|'*',
 *                               status?: 500, times?: 1, delayMs?: 0 } — the next `times` API
 *                             requests of that kind wait `delayMs`, then fail with `status`
 *                             (an error envelope; status 0 = the connection is dropped). With
 *                             `delayMs` and no `status` they are only delayed. DELETE clears.
 *
 * An injected failure comes after the service's own 404 and 405 (those requests pass through
 * untouched) and before its token check.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ENDPOINTS } from 'trove-search-client';
import { DEFAULT_MAX_BODY_BYTES, type Middleware, type Next, type Service } from './createService.ts';
import { matchRequest } from './endpoints/matchRoute.ts';
import { parseJsonBody } from './endpoints/parseJsonBody.ts';
import { readBody } from './http/readBody.ts';
import { sendJson } from './http/sendJson.ts';
import { ServiceError } from './ServiceError.ts';
import { setCors } from './http/setCors.ts';

export interface RequestLogEntry {
  time: string;
  method: string;
  path: string;
  query: [string, string][];
  body: string | null;
}

interface FailRule {
  path: string;
  status?: number;
  times: number;
  delayMs: number;
}

export interface TestHooks {
  middleware: Middleware;
  /** Forgets the log and the pending failures. */
  reset(): void;
}

const MAX_LOGGED_REQUESTS = 5000;
const MAX_LOGGED_BODY = 64 * 1024;
/** The kinds of the endpoints (src/api/endpoints.ts), and `*` for any. */
const FAIL_KINDS = [...new Set(Object.values(ENDPOINTS).map((row) => row.kind as string)), '*'];
const HOOK_METHODS: Record<string, string[]> = {
  '/_trove/requests': ['GET', 'DELETE'],
  '/_trove/fail': ['POST', 'DELETE'],
};

/** `maxBodyBytes`: the service's body limit (the hooks read the body first, with the same limit). */
export function createTestHooks(options: { maxBodyBytes?: number } = {}): TestHooks {
  const maxBody = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  let requests: RequestLogEntry[] = [];
  let failRules: FailRule[] = [];

  function parseRule(body: string): FailRule | string {
    const rule = parseJsonBody(body, 'expected { path, status, times, delayMs }') as Record<string, unknown> | null;
    const path = rule?.path ?? '*';
    const status = rule?.status ?? (rule?.delayMs ? undefined : 500);
    const times = rule?.times ?? 1;
    const delayMs = rule?.delayMs ?? 0;
    if (typeof path !== 'string' || !FAIL_KINDS.includes(path)) return `path must be one of ${FAIL_KINDS.join(', ')}`;
    if (
      status !== undefined &&
      (typeof status !== 'number' || !(status === 0 || (Number.isInteger(status) && status >= 400 && status <= 599)))
    ) {
      return 'status must be 0 (drop the connection) or an integer 400..599';
    }
    if (typeof times !== 'number' || !Number.isInteger(times) || times < 1) return 'times must be a positive integer';
    if (typeof delayMs !== 'number' || !(delayMs >= 0 && delayMs <= 60_000)) return 'delayMs must be a number of milliseconds 0..60000';
    return { path, status: status as number | undefined, times, delayMs };
  }

  async function handleHook(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const method = req.method ?? 'GET';
    const allowed = HOOK_METHODS[path]!;
    if (!allowed.includes(method)) {
      return sendJson(res, 405, { error: `Method ${method} not allowed on ${path}` }, { Allow: [...allowed, 'OPTIONS'].join(', ') });
    }
    if (method === 'DELETE') {
      if (path === '/_trove/requests') requests = [];
      else failRules = [];
      res.statusCode = 204;
      return void res.end();
    }
    if (path === '/_trove/requests') return sendJson(res, 200, requests);
    try {
      const rule = parseRule(await readBody(req, 64 * 1024));
      if (typeof rule === 'string') return sendJson(res, 400, { error: rule });
      failRules.push(rule);
      return sendJson(res, 200, { ok: true, pending: failRules });
    } catch (error) {
      return sendJson(res, error instanceof ServiceError ? error.status : 500, { error: (error as Error).message });
    }
  }

  /** Logs an API request, then applies a pending failure to it; resolves `true` when it answered. */
  async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
    const started = performance.now();
    const method = req.method ?? 'GET';
    const entry: RequestLogEntry = { time: new Date().toISOString(), method, path: url.pathname, query: [...url.searchParams], body: null };
    requests.push(entry);
    if (requests.length > MAX_LOGGED_REQUESTS) requests = requests.slice(-MAX_LOGGED_REQUESTS);
    if (method !== 'GET' && method !== 'HEAD') {
      try {
        const body = await readBody(req, maxBody);
        entry.body = body.length > MAX_LOGGED_BODY ? `${body.slice(0, MAX_LOGGED_BODY)}…` : body;
      } catch {
        return false; // the service answers 413 / 400 from the same read
      }
    }
    let kind: string | undefined;
    try {
      kind = matchRequest(url.pathname, method)?.match?.route.kind;
    } catch {
      return false;
    }
    if (kind === undefined) return false;
    const rule = failRules.find((r) => r.path === '*' || r.path === kind);
    if (!rule) return false;
    rule.times -= 1;
    if (rule.times <= 0) failRules = failRules.filter((r) => r !== rule);
    if (rule.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, rule.delayMs));
    if (rule.status === 0) {
      req.socket.destroy();
      return true;
    }
    if (rule.status === undefined) return false;
    setCors(req, res);
    const message = `Injected failure: ${rule.status} for ${kind} (POST /_trove/fail)`;
    sendJson(res, rule.status, { time: Math.round(performance.now() - started), code: rule.status, response: message });
    return true;
  }

  return {
    middleware(req, res, next?: Next) {
      const pass = () => (next ? next() : sendJson(res, 404, { error: `Not found: ${req.url}` }));
      let url: URL;
      try {
        url = new URL(req.url ?? '/', 'http://service.local');
      } catch {
        return pass();
      }
      const path = url.pathname.replace(/\/+$/, '');
      if (Object.hasOwn(HOOK_METHODS, path)) {
        setCors(req, res);
        if (req.method === 'OPTIONS') {
          res.statusCode = 204;
          return void res.end();
        }
        return void handleHook(req, res, path);
      }
      const isApi = url.pathname === '/api' || url.pathname.startsWith('/api/');
      if (!isApi || req.method === 'OPTIONS') return pass();
      handleApi(req, res, url).then(
        (answered) => {
          if (!answered) pass();
        },
        (error: unknown) => (next ? next(error) : sendJson(res, 500, { error: String(error) })),
      );
    },
    reset() {
      requests = [];
      failRules = [];
    },
  };
}

/** The service behind its test hooks: one middleware, as the e2e server and the unit tests mount it. */
export function withTestHooks(service: Service, options: { maxBodyBytes?: number } = {}): Service & { hooks: TestHooks } {
  const hooks = createTestHooks(options);
  return {
    hooks,
    middleware: (req, res, next) => hooks.middleware(req, res, () => service.middleware(req, res, next)),
    seed: (count) => service.seed(count),
    starting: (reason) => service.starting(reason),
    async close() {
      hooks.reset();
      await service.close();
    },
  };
}
