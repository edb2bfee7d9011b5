import { fetchEnvelope } from './client/fetchEnvelope.ts';
import type { Method } from './endpoints.ts';
import { defaultApiVersion, isApiVersion } from './apiVersion.ts';
import { filter } from './filter.ts';
import { filterFields } from './filterFields.ts';
import { getSessionId } from './getSessionId.ts';
import { buildPath, buildQuery, type Endpoint, type Param } from './paths.ts';
import { responseCache } from './client/responseCache.ts';
import { sendFeedback } from './client/sendFeedback.ts';
import { sessionCache } from './client/sessionCache.ts';
import { toIndexId } from './toIndexId.ts';
import { toV1Document } from './toV1Document.ts';
import type {
  ApiVersion,
  ClientOptions,
  IndexOptions,
  PeekedAnswer,
  RecommendParams,
  RequestOptions,
  SearchParams,
  SearchResponse,
  SearchResult,
  Suggestion,
  TroveClient,
  UserContext,
} from './types.ts';
import { validateSearchResponse } from './client/validateSearchResponse.ts';

const MINUTE = 60_000;

/**
 * Set by the build of the standalone script's chunks (vite.config.ts): their clients only read,
 * and nothing on a page can reach them to call `index()`, so its code is left out there.
 */
declare const __TROVE_READ_ONLY__: boolean | undefined;
const readOnly = typeof __TROVE_READ_ONLY__ === 'boolean' && __TROVE_READ_ONLY__;

/**
 * A client of the hosted search service (docs/http-api.md), v2 by default. Reads are GET requests cached by
 * full URL (bounded LRU, 2 min in v2 / 10 min in v1, as the service caches) with identical
 * requests in flight shared; with `cache.session`, search and recommendation answers are also
 * kept for the browser session (`sessionCache`) and `peek` shows them synchronously after the
 * page is loaded again; parameters the version lacks are never sent; feedback is
 * fire-and-forget. Throws a `TypeError` when a required option is missing.
 */
export function createClient(options: ClientOptions): TroveClient {
  const { baseUrl, project, collection, token, userId, sessionId } = options;
  const missing = (['baseUrl', 'project', 'collection', 'token'] as const).filter(
    (key) => typeof options[key] !== 'string' || !options[key],
  );
  if (missing.length) throw new TypeError(`createClient: missing ${missing.join(', ')}`);
  const apiVersion: ApiVersion = options.apiVersion ?? defaultApiVersion;
  if (!isApiVersion(apiVersion)) throw new TypeError(`createClient: apiVersion must be "v1" or "v2"`);
  const v2 = apiVersion === 'v2';
  const base = baseUrl.replace(/\/+$/, '');
  const timeout = options.timeout ?? 10_000;
  const { max = 100, ttlMs = (v2 ? 2 : 10) * MINUTE, session: sessionSetting = false } = options.cache || {};
  const cache = options.cache === false ? undefined : responseCache(max);
  const session = cache && sessionSetting ? sessionCache(typeof sessionSetting === 'object' ? sessionSetting : undefined) : undefined;

  const path = (endpoint: Endpoint, handler?: string) => buildPath(apiVersion, project, collection, endpoint, handler);
  const url = (apiPath: string, params: Param[]) => `${base}${apiPath}?${buildQuery([...params, ['token', token]])}`;
  const context = (p: UserContext): Param[] => [
    ['session_id', p.session_id ?? sessionId ?? getSessionId()],
    ['user_id', p.user_id ?? userId],
    ['user_ip', p.user_ip],
    ['user_country', p.user_country],
  ];
  /** `params` only when the version has them (v2), so v1 never sends them. */
  const v2Only = (params: Param[]): Param[] => (v2 ? params : []);

  interface Read {
    endpoint: Endpoint;
    params: Param[];
    kind: 'results' | 'suggestions';
    /** Kept in the session tier too (search and recommend; not the keystrokes of autocomplete). */
    keep: boolean;
  }

  const searchRead = (p: SearchParams): Read => ({
    endpoint: 'search/{default}',
    params: [['q', p.q], ['filter', p.filter], ['skip', p.skip], ['limit', p.limit], ...v2Only([['sort', p.sort]]), ...context(p)],
    kind: 'results',
    keep: true,
  });
  const recommendRead = (p: RecommendParams): Read => ({
    endpoint: 'recommend/{}',
    params: [
      ['id', p.id],
      ...v2Only([['filter', p.filter]]),
      ['title', p.title],
      ['url', p.url],
      ['limit', p.limit],
      ...v2Only([['sort', p.sort]]),
      ...context(p),
    ],
    kind: 'results',
    keep: true,
  });

  function locate(r: Read, handler: string | undefined) {
    const apiPath = path(r.endpoint, handler);
    // The session key is the request without the token: the stored copy names no secret.
    const key = `${base}${apiPath}?${buildQuery(r.params)}`;
    return { apiPath, href: url(apiPath, r.params), key, info: { method: 'GET', path: apiPath } };
  }

  /** The session copy for `key`, validated like a fresh answer; a copy that fails validation is removed. */
  function sessionCopy<R>(key: string, r: Read, info: { method: string; path: string }) {
    const copy = session?.read(key);
    if (!copy) return undefined;
    try {
      const response = validateSearchResponse(copy.payload, r.kind as 'results', info) as SearchResponse<unknown> as SearchResponse<R>;
      return { response, storedAt: copy.storedAt, stale: Date.now() - copy.storedAt >= ttlMs };
    } catch {
      session?.remove(key);
      return undefined;
    }
  }

  async function read<R>(r: Read, o: RequestOptions = {}): Promise<SearchResponse<R>> {
    const where = locate(r, o.handler);
    const { href, apiPath, key, info } = where;
    const keep = r.keep && session ? session : undefined;
    const run = (signal?: AbortSignal) =>
      fetchEnvelope({ method: 'GET', url: href, path: apiPath, token, fetch: options.fetch, timeout, signal }).then((payload) => {
        const response = validateSearchResponse(payload, r.kind as 'results', info) as SearchResponse<unknown> as SearchResponse<R>;
        keep?.write(key, payload);
        return response;
      });
    if (!cache) return run(o.signal);
    // A fresh session copy (the page was loaded again) answers like the memory tier, until its own expiry.
    if (keep) held<R>(r, where);
    return cache.load(href, ttlMs, o.signal, run);
  }

  /** The answer held for `r`: from memory while fresh, else the session copy (a fresh one goes back into memory). */
  function held<R>(r: Read, { href, key, info }: ReturnType<typeof locate>): PeekedAnswer<R> | undefined {
    const fresh = cache?.peek<SearchResponse<R>>(href);
    if (fresh) return { response: fresh, stale: false };
    const copy = r.keep ? sessionCopy<R>(key, r, info) : undefined;
    if (!copy) return undefined;
    if (!copy.stale) cache?.set(href, copy.response, copy.storedAt + ttlMs);
    return { response: copy.response, stale: copy.stale };
  }

  const peek = <R>(r: Read, handler: string | undefined) => (cache ? held<R>(r, locate(r, handler)) : undefined);

  /** A write to the documents path (index, delete); the read caches are forgotten after it. */
  async function write(method: Method, json: unknown[], o: IndexOptions): Promise<void> {
    const apiPath = path('documents');
    await fetchEnvelope({
      method,
      url: url(apiPath, []),
      path: apiPath,
      token,
      fetch: options.fetch,
      timeout: o.timeout ?? timeout,
      signal: o.signal,
      json,
    });
    cache?.clear();
    session?.clear();
  }

  /** Never throws or rejects, whatever the input. */
  async function feedback(endpoint: Endpoint, handler: string | undefined, params: () => Param[]): Promise<boolean> {
    if (!v2) return false; // docs/http-api.md: no feedback endpoints in v1
    try {
      return await sendFeedback(url(path(endpoint, handler), []), new URLSearchParams(buildQuery(params())), options.fetch, timeout);
    } catch {
      return false;
    }
  }

  return {
    options: { baseUrl, project, collection, token, apiVersion, userId, sessionId },
    capabilities: { sort: v2, filter: v2, feedback: v2 },
    facetFilter: (facet, value) => filter(filterFields[facet][apiVersion], value),
    search: (p, o) => read<SearchResult>(searchRead(p), o),
    autocomplete: (p, o) =>
      read<Suggestion>(
        {
          endpoint: 'autocomplete/{}',
          params: [
            ['q', p.q],
            ...v2Only([
              ['filter', p.filter],
              ['limit', p.limit],
              ['sort', p.sort],
            ]),
            ...context(p),
          ],
          kind: 'suggestions',
          keep: false,
        },
        o,
      ),
    async recommend(p, o) {
      if (p?.id == null || p.id === '') throw new TypeError('recommend: id is required');
      return read<SearchResult>(recommendRead(p), o);
    },
    peek: {
      search: (p, o) => peek<SearchResult>(searchRead(p ?? {}), o?.handler),
      recommend: (p, o) => (p?.id == null || p.id === '' ? undefined : peek<SearchResult>(recommendRead(p), o?.handler)),
    },
    index: readOnly
      ? (undefined as never)
      : async (documents, o = {}) => {
          if (!Array.isArray(documents)) throw new TypeError('index: documents must be an array');
          await write(
            'POST',
            documents.map((d) => (typeof d !== 'object' || d === null ? d : v2 ? { ...d, id: toIndexId(d.id) } : toV1Document(d))),
            o,
          );
        },
    delete: readOnly
      ? (undefined as never)
      : async (ids, o = {}) => {
          if (!Array.isArray(ids)) throw new TypeError('delete: ids must be an array');
          await write('DELETE', ids.map(toIndexId), o);
        },
    feedback: {
      autocomplete: (f, o) =>
        feedback('autocomplete/{}/feedback/hits', o?.handler, () => [
          ['query', f.query],
          ['item_id', f.item_id],
          ['item_order', f.item_order],
          ['url', f.url],
          ...context(f),
        ]),
      recommendation: (f, o) =>
        feedback('recommend/{}/feedback/hits', o?.handler, () => [
          ['source_id', f.source_id],
          ['source_title', f.source_title],
          ['source_url', f.source_url],
          ['target_id', f.target_id],
          ['target_title', f.target_title],
          ['target_url', f.target_url],
          ['item_order', f.item_order],
          ...context(f),
        ]),
    },
    clearCache() {
      cache?.clear();
      session?.clear();
    },
  };
}
