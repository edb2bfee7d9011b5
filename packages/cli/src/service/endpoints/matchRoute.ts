/**
 * Maps an API path to its endpoint, by the rows of src/api/endpoints.ts (the patterns the client
 * builds its paths from):
 *
 *   v2  /api/v2/projects/{project}/collections/{collection}/<pattern>
 *   v1  /api/v1/{project}/collections/{collection}/<pattern>
 *
 * A `{x}` segment is the handler (required); a `{}` segment is the handler, or nothing (then the
 * route's `handler` is null). One trailing slash is allowed (`autocomplete/` is the documented
 * handler-less form). Segments are percent-decoded. Any other path matches nothing; broken
 * escapes are a 400.
 */
import { ENDPOINTS, type EndpointName, type Row } from 'trove-search-client';
import { root } from 'trove-search-client';
import { ServiceError } from '../ServiceError.ts';
import type { ApiVersion } from '../types.ts';

interface Where {
  version: ApiVersion;
  project: string;
  collection: string;
}

type RouteOf<R extends Row> = Where & { kind: R['kind'] } & (R['path'] extends `${string}{${string}`
    ? { handler: string | null }
    : unknown) &
  (R extends { target: infer T } ? { target: T } : unknown);

/** A request to the endpoint named `N`: what its path names. */
export type RouteFor<N extends EndpointName> = RouteOf<(typeof ENDPOINTS)[N]>;

/** A request's endpoint and what its path names. */
export type Route = { [N in EndpointName]: RouteFor<N> }[EndpointName];

/** The routes of the endpoints that read pages of records (the rows with a `limit`). */
export type ReadRoute = Extract<Route, { kind: Extract<Row, { limit: unknown }>['kind'] }>;

export interface Match {
  name: EndpointName;
  row: Row;
  route: Route;
}

const PATTERNS = (Object.entries(ENDPOINTS) as [EndpointName, Row][]).flatMap(([name, row]) =>
  row.versions.map((version) => ({
    name,
    row,
    version,
    segments: (root(version, '{project}', '{collection}') + row.path).split('/').slice(1),
  })),
);

/** The values of a pattern's placeholders in `segments`, or null when it does not match. */
function capture(pattern: string[], segments: string[]): Record<string, string | null> | null {
  const optional = pattern.indexOf('{}');
  const skip = optional >= 0 && segments.length === pattern.length - 1;
  if (segments.length !== pattern.length && !skip) return null;
  const values: Record<string, string | null> = {};
  let at = 0;
  for (const [index, part] of pattern.entries()) {
    if (index === optional && skip) {
      values.handler = null;
      continue;
    }
    const segment = segments[at++]!;
    if (!part.startsWith('{')) {
      if (part !== segment) return null;
    } else if (part === '{project}' || part === '{collection}') {
      values[part.slice(1, -1)] = segment;
    } else {
      values.handler = segment;
    }
  }
  return values;
}

/** Every endpoint whose path this is (several when they differ by method only), in the rows' order. */
export function matchEndpoints(pathname: string): Match[] {
  const raw = pathname.split('/').slice(1);
  if (raw.length > 1 && raw[raw.length - 1] === '') raw.pop();
  let segments: string[];
  try {
    segments = raw.map((s) => decodeURIComponent(s));
  } catch {
    throw new ServiceError(400, `Malformed path ${JSON.stringify(pathname)}: broken percent-encoding`);
  }
  if (segments.some((s) => s === '')) return [];
  const matches: Match[] = [];
  for (const { name, row, version, segments: pattern } of PATTERNS) {
    const values = capture(pattern, segments);
    if (!values) continue;
    const route: Record<string, unknown> = { version, project: values.project, collection: values.collection, kind: row.kind };
    if ('handler' in values) route.handler = values.handler;
    if ('target' in row) route.target = row.target;
    matches.push({ name, row, route: route as unknown as Route });
  }
  return matches;
}

/** The endpoint of a path (the first row when several share it), or null. */
export function matchRoute(pathname: string): Route | null {
  return matchEndpoints(pathname)[0]?.route ?? null;
}

/** The endpoint of a request's path and method: 404 for a path no row has, 405 for a method its rows lack. */
export function findEndpoint(pathname: string, method: string): Match {
  const found = matchRequest(pathname, method);
  if (!found)
    throw new ServiceError(404, `Unknown path ${pathname}: see docs/http-api.md in the trove-search-cli package for the endpoints`);
  if (!found.match) {
    throw new ServiceError(405, `Method ${method} not allowed on ${pathname}: use ${found.allowed.join(' or ')}`, {
      Allow: [...found.allowed, 'OPTIONS'].join(', '),
    });
  }
  return found.match;
}

/**
 * The endpoint a request is for: null when no endpoint has its path (404); else the methods its
 * path answers (besides OPTIONS) and the endpoint of its method, when one has it (405 otherwise).
 */
export function matchRequest(pathname: string, method: string): { allowed: string[]; match: Match | undefined } | null {
  const matches = matchEndpoints(pathname);
  if (matches.length === 0) return null;
  return {
    allowed: [...new Set(matches.flatMap((m) => m.row.methods))],
    match: matches.find((m) => (m.row.methods as readonly string[]).includes(method)),
  };
}
