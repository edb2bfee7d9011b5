import type { ApiVersion } from './types.ts';

export type Endpoint = 'documents' | 'search' | 'autocomplete' | 'recommend' | 'autocomplete/feedback' | 'recommend/feedback';

/** A query parameter; `undefined`, `''` and non-finite numbers are left out, arrays repeat the key. */
export type Param = readonly [name: string, value: string | number | undefined | readonly string[]];

function segment(value: string): string {
  // `.` and `..` cannot be escaped (URL parsers resolve `%2e` too), and an empty segment changes the route.
  if (value === '' || value === '.' || value === '..') throw new TypeError(`Invalid path segment "${value}"`);
  return encodeURIComponent(value);
}

/**
 * The API path of an endpoint, exactly as docs/http-api.md writes it:
 * v2 `/api/v2/projects/{project}/collections/{collection}/…`, v1 `/api/v1/{project}/collections/{collection}/…`;
 * search falls back to the handler `default`; autocomplete and recommend without a handler use the
 * handler-less forms `autocomplete/` and `recommend/` (trailing slash), feedback `…/feedback/hits`.
 * Every segment is URL-encoded.
 */
export function buildPath(version: ApiVersion, project: string, collection: string, endpoint: Endpoint, handler?: string): string {
  const root = `/api/${version}/${version === 'v2' ? 'projects/' : ''}${segment(project)}/collections/${segment(collection)}/`;
  if (endpoint === 'documents') return root + endpoint;
  const h = handler ? segment(handler) : endpoint === 'search' ? 'default' : '';
  const [name, feedback] = endpoint.split('/');
  return feedback ? `${root}${name}/${h && `${h}/`}feedback/hits` : `${root}${name}/${h}`;
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
