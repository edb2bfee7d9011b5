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
  AutocompleteFeedback,
  AutocompleteParams,
  ClientOptions,
  Document,
  FacetName,
  FeedbackOptions,
  IndexOptions,
  PeekedAnswer,
  RecommendationFeedback,
  RecommendParams,
  RequestOptions,
  SearchParams,
  SearchResponse,
  SearchResult,
  Suggestion,
  UserContext,
} from './types.ts';
import { validateSearchResponse } from './client/validateSearchResponse.ts';

/** What an API version offers (docs/http-api.md "Versioning"). */
export interface ClientCapabilities {
  /** `sort` on search, autocomplete and recommend (v2). */
  sort: boolean;
  /** `filter`, `limit` on autocomplete and `filter` on recommend (v2). */
  filter: boolean;
  /** Click feedback endpoints (v2). */
  feedback: boolean;
}

/**
 * Reads resolve to validated copies of the service's `response` (malformed records dropped or
 * normalised, unsafe URLs blanked; see validateSearchResponse.ts). A cached answer is the same
 * object for every caller: treat answers as read-only.
 */
export interface TroveClient {
  readonly options: Readonly<Required<Pick<ClientOptions, 'baseUrl' | 'project' | 'collection' | 'token' | 'apiVersion'>>> &
    Readonly<Pick<ClientOptions, 'userId' | 'sessionId'>>;
  /** What this API version offers, so code above `api/` never tests the version itself. */
  readonly capabilities: Readonly<ClientCapabilities>;
  /** The filter that narrows to one bucket of a facet group, in this version's field name (`filterFields`). */
  facetFilter(facet: FacetName, value: string | number): string;
  search(params: SearchParams, options?: RequestOptions): Promise<SearchResponse<SearchResult>>;
  autocomplete(params: AutocompleteParams, options?: RequestOptions): Promise<SearchResponse<Suggestion>>;
  recommend(params: RecommendParams, options?: RequestOptions): Promise<SearchResponse<SearchResult>>;
  /** POST the documents (v2 schema in; mapped to v1 field names for v1). Resolves on `code` 200. */
  index(documents: Document[], options?: IndexOptions): Promise<void>;
  /**
   * DELETE the documents of these ids (trove serve's own extension, docs/http-api.md; the hosted
   * service has no delete). Ids as `index()` sends them (`documentId`); unknown ids are no error.
   */
  delete(ids: (string | number)[], options?: IndexOptions): Promise<void>;
  feedback: {
    /** Fire-and-forget; never rejects. Resolves `true` when handed to the network, `false` when not sent (v1, failure). */
    autocomplete(feedback: AutocompleteFeedback, options?: FeedbackOptions): Promise<boolean>;
    recommendation(feedback: RecommendationFeedback, options?: FeedbackOptions): Promise<boolean>;
  };
  /**
   * The answer already held for a read, without any request: from memory while fresh, else the
   * session copy (`cache.session`; `stale` once older than the cache duration). `undefined` when
   * there is none. Synchronous, so a view can show it in its first render.
   */
  readonly peek: {
    search(params: SearchParams, options?: Pick<RequestOptions, 'handler'>): PeekedAnswer<SearchResult> | undefined;
    recommend(params: RecommendParams, options?: Pick<RequestOptions, 'handler'>): PeekedAnswer<SearchResult> | undefined;
  };
  /** Forget the cached answers, session copies included (also done after every successful `index()`). */
  clearCache(): void;
}

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
  /** The parameters `names` of `p`, as they are called there. */
  const fields = <P>(p: P, names: (keyof P & string)[]): Param[] => names.map((name) => [name, p[name] as Param[1]]);
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

  /** A write method (index, delete): its argument checked and mapped, then sent to the documents path; the read caches are forgotten after it. */
  const writer =
    <T>(method: Method, what: string, map: (items: T[]) => unknown[]) =>
    async (items: T[], o: IndexOptions = {}): Promise<void> => {
      if (!Array.isArray(items)) throw new TypeError(`${what} must be an array`);
      const apiPath = path('documents');
      await fetchEnvelope({
        method,
        url: url(apiPath, []),
        path: apiPath,
        token,
        fetch: options.fetch,
        timeout: o.timeout ?? timeout,
        signal: o.signal,
        json: map(items),
      });
      cache?.clear();
      session?.clear();
    };

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
    // The read-only build (the script's chunks) has no write methods.
    index: readOnly
      ? (undefined as never)
      : writer<Document>('POST', 'index: documents', (documents) =>
          documents.map((d) => (typeof d !== 'object' || d === null ? d : v2 ? { ...d, id: toIndexId(d.id) } : toV1Document(d))),
        ),
    delete: readOnly ? (undefined as never) : writer<string | number>('DELETE', 'delete: ids', (ids) => ids.map(toIndexId)),
    feedback: {
      autocomplete: (f, o) =>
        feedback('autocomplete/{}/feedback/hits', o?.handler, () => [
          ...fields(f, ['query', 'item_id', 'item_order', 'url']),
          ...context(f),
        ]),
      recommendation: (f, o) =>
        feedback('recommend/{}/feedback/hits', o?.handler, () => [
          ...fields(f, ['source_id', 'source_title', 'source_url', 'target_id', 'target_title', 'target_url', 'item_order']),
          ...context(f),
        ]),
    },
    clearCache() {
      cache?.clear();
      session?.clear();
    },
  };
}
