/**
 * Every endpoint of docs/http-api.md, declared once: one row each, for the client (src/api/paths.ts,
 * createClient.ts) and for `trove serve` (src/service matches requests against the rows and
 * answers each with the function of its kind, src/service/endpoints/<kind>Endpoint.ts).
 *
 * A path is `root(version, project, collection)` (paths.ts) followed by the row's `path` pattern, in which
 * `{x}` is the handler's segment, `x` the handler the client names when the caller names none,
 * and `{}` a handler segment the client leaves out when the caller names none (the handler-less
 * form: `autocomplete/`, with its trailing slash). Every other segment is written as it is.
 *
 * The client writes a row's pattern where it calls the endpoint (`path('search/{default}')`),
 * checked against the rows by its type (`Endpoint`), as openapi-fetch checks a path against its
 * schema: so a browser chunk holds the patterns it uses and nothing of this file, whose runtime
 * part is for the service (the browser imports only its types).
 */
import type { ApiVersion } from './types.ts';

/** The groups of named handlers (the handlers file of `trove serve` declares custom ones per group). */
export type HandlerGroup = 'search' | 'autocomplete' | 'recommend';

export interface EndpointRow {
  /** What the endpoint does; two rows may share a kind (the two feedback endpoints) or a path (by method). */
  kind: string;
  path: string;
  /** The versions that have it. */
  versions: readonly ApiVersion[];
  methods: readonly string[];
  /** `read`: the token pages publish (or the write token); `write`: the write token (docs/http-api.md, "Tokens"). */
  token: 'read' | 'write';
  /**
   * The handlers its `{}` segment names: their group, the default handler when the path names
   * none (a `{x}` pattern declares it there instead), and other names it takes besides the group's.
   */
  handlers?: { group: HandlerGroup; default?: string; alsoAccepted?: readonly string[] };
  /** `limit` when neither the request nor the handler sets one, and the most a request may ask (more is clamped). */
  limit?: { default: number; max: number };
  /** The query parameters each version takes besides the user context; the others are ignored. */
  params?: Readonly<Record<ApiVersion, readonly string[]>>;
  /** A read that may be costly (it takes its turn after the light ones): by the words of `q`, or by a `title` at all. */
  heavy?: 'q' | 'title';
  /** Feedback: what it is about. */
  target?: 'autocomplete' | 'recommendation';
}

const both = ['v1', 'v2'] as const;
/** What the reads of records share: both versions, GET, the read token. */
const read = { versions: both, methods: ['GET'], token: 'read' } as const;
/** What the two feedback endpoints share (v2 only, GET or POST, the read token). */
const feedback = { kind: 'feedback', versions: ['v2'], methods: ['GET', 'POST'], token: 'read' } as const;

/** The rows, in the order the service tries them. */
export const ENDPOINTS = {
  index: { kind: 'index', path: 'documents', versions: both, methods: ['POST'], token: 'write' },
  // trove serve's own extension (docs/http-api.md): a JSON array of ids.
  delete: { kind: 'delete', path: 'documents', versions: both, methods: ['DELETE'], token: 'write' },
  search: {
    kind: 'search',
    ...read,
    path: 'search/{default}',
    handlers: { group: 'search' },
    limit: { default: 10, max: 100 },
    params: { v1: ['q', 'filter', 'skip', 'limit'], v2: ['q', 'filter', 'sort', 'skip', 'limit'] },
    heavy: 'q',
  },
  autocomplete: {
    kind: 'autocomplete',
    ...read,
    path: 'autocomplete/{}',
    handlers: { group: 'autocomplete', default: 'suggest' },
    limit: { default: 8, max: 100 },
    params: { v1: ['q'], v2: ['q', 'filter', 'sort', 'limit'] },
    heavy: 'q',
  },
  recommend: {
    kind: 'recommend',
    ...read,
    path: 'recommend/{}',
    handlers: { group: 'recommend', default: 'recommend' },
    limit: { default: 4, max: 100 },
    params: { v1: ['id', 'title', 'url', 'limit'], v2: ['id', 'filter', 'title', 'url', 'sort', 'limit'] },
    heavy: 'title',
  },
  autocompleteFeedback: {
    ...feedback,
    path: 'autocomplete/{}/feedback/hits',
    handlers: { group: 'autocomplete', default: 'suggest' },
    target: 'autocomplete',
  },
  recommendFeedback: {
    ...feedback,
    path: 'recommend/{}/feedback/hits',
    // docs/http-api.md names the recommendation feedback handler `default`.
    handlers: { group: 'recommend', default: 'recommend', alsoAccepted: ['default'] },
    target: 'recommendation',
  },
} as const satisfies Record<string, EndpointRow>;

export type EndpointName = keyof typeof ENDPOINTS;
export type Row = (typeof ENDPOINTS)[EndpointName];

/** An endpoint's path pattern, as the client writes it (checked against the rows' patterns). */
export type Endpoint = Row['path'];

/** The HTTP methods of the endpoints, the ones the client sends. */
export type Method = Row['methods'][number];

/** The handler a row's request gets when its path names none: the pattern's `{x}`, else the row's `handlers.default`. */
export function defaultHandler(row: EndpointRow): string | undefined {
  return /\{(\w+)\}/.exec(row.path)?.[1] ?? row.handlers?.default;
}
