/**
 * Maps an API path to its endpoint (docs/http-api.md):
 *
 *   v2  /api/v2/projects/{project}/collections/{collection}/<rest>
 *   v1  /api/v1/{project}/collections/{collection}/<rest>
 *
 *   <rest>: documents                          index (POST)
 *           search/{handler}                   search (GET; the handler is required)
 *           autocomplete[/{handler}]           autocomplete (GET; default handler `suggest`)
 *           recommend[/{handler}]              recommend (GET; default handler `recommend`)
 *           autocomplete[/{handler}]/feedback/hits   v2 only (GET or POST)
 *           recommend[/{handler}]/feedback/hits      v2 only (GET or POST)
 *
 * One trailing slash is allowed (`autocomplete/` is the documented handler-less form). Segments
 * are percent-decoded. Returns `null` for any other path; throws 400 for broken escapes.
 */
import { ServiceError } from './ServiceError.ts';
import type { ApiVersion } from './types.ts';

interface Where {
  version: ApiVersion;
  project: string;
  collection: string;
}

export type Route =
  | (Where & { kind: 'index' })
  | (Where & { kind: 'search' | 'autocomplete' | 'recommend'; handler: string | null })
  | (Where & { kind: 'feedback'; target: 'autocomplete' | 'recommendation'; handler: string | null });

export function matchRoute(pathname: string): Route | null {
  const raw = pathname.split('/').slice(1);
  if (raw.length > 1 && raw[raw.length - 1] === '') raw.pop();
  let segments: string[];
  try {
    segments = raw.map((s) => decodeURIComponent(s));
  } catch {
    throw new ServiceError(400, `Malformed path ${JSON.stringify(pathname)}: broken percent-encoding`);
  }
  if (segments.some((s) => s === '')) return null;
  if (segments[0] !== 'api') return null;
  let where: Where;
  let rest: string[];
  if (segments[1] === 'v2' && segments[2] === 'projects' && segments[4] === 'collections' && segments.length >= 7) {
    where = { version: 'v2', project: segments[3]!, collection: segments[5]! };
    rest = segments.slice(6);
  } else if (segments[1] === 'v1' && segments[3] === 'collections' && segments.length >= 6) {
    where = { version: 'v1', project: segments[2]!, collection: segments[4]! };
    rest = segments.slice(5);
  } else {
    return null;
  }
  const [first, ...tail] = rest;
  if (first === 'documents' && tail.length === 0) return { ...where, kind: 'index' };
  if (first === 'search' && tail.length === 1) return { ...where, kind: 'search', handler: tail[0]! };
  if (first === 'autocomplete' || first === 'recommend') {
    if (tail.length <= 1) return { ...where, kind: first, handler: tail[0] ?? null };
    const isFeedback = tail.length <= 3 && tail[tail.length - 2] === 'feedback' && tail[tail.length - 1] === 'hits';
    if (isFeedback && where.version === 'v2') {
      return {
        ...where,
        kind: 'feedback',
        target: first === 'autocomplete' ? 'autocomplete' : 'recommendation',
        handler: tail.length === 3 ? tail[0]! : null,
      };
    }
  }
  return null;
}
