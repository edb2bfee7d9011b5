import type { Endpoint } from './endpoints.ts';
import type { ApiVersion } from './types.ts';

export type { Endpoint };

/** Where a version's endpoints are: the path up to the collection, its `/` included. */
export const root = (version: ApiVersion, project: string, collection: string): string =>
  `/api/${version}/${version === 'v2' ? 'projects/' : ''}${project}/collections/${collection}/`;

/** A query parameter; `undefined`, `''` and non-finite numbers are left out, arrays repeat the key. */
export type Param = readonly [name: string, value: string | number | undefined | readonly string[]];

function segment(value: string): string {
  // `.` and `..` cannot be escaped (URL parsers resolve `%2e` too), and an empty segment changes the route.
  if (value === '' || value === '.' || value === '..') throw new TypeError(`Invalid path segment "${value}"`);
  return encodeURIComponent(value);
}

/**
 * The API path of an endpoint, from its pattern in src/api/endpoints.ts: search falls back to
 * its default handler `default`; autocomplete and recommend without a handler use the
 * handler-less forms `autocomplete/` and `recommend/` (trailing slash), feedback `…/feedback/hits`.
 * Every segment is URL-encoded.
 */
export function buildPath(version: ApiVersion, project: string, collection: string, endpoint: Endpoint, handler?: string): string {
  return (root(version, segment(project), segment(collection)) + endpoint)
    .replace(/{(\w*)}/, (_, fallback: string) => (handler ? segment(handler) : fallback))
    .replace('//', '/');
}

/** A query string (without `?`) in the given parameter order, so equal requests give equal URLs. */
export function buildQuery(params: readonly Param[]): string {
  const out: string[] = [];
  for (const [name, value] of params) {
    for (const v of Array.isArray(value) ? value : [value]) {
      if (v === undefined || v === null || v === '' || (typeof v === 'number' && !Number.isFinite(v))) continue;
      out.push(`${name}=${encodeURIComponent(v)}`);
    }
  }
  return out.join('&');
}
