import { buildPath } from '../../api/paths.ts';
import type { ApiVersion } from '../../api/types.ts';
import { redactToken } from '../../api/redactToken.ts';

export interface DeleteTarget {
  baseUrl: string;
  project: string;
  collection: string;
  token: string;
  apiVersion: ApiVersion;
}

export type DeleteOutcome =
  | { kind: 'deleted'; count: number }
  /** The service has no delete (404 or 405 to the request): the caller lists the stale posts. */
  | { kind: 'unsupported'; status: number }
  | { kind: 'failed'; reason: string };

/** Ids per request, as indexing batches them. */
const BATCH = 500;

/**
 * Removes documents by id through `trove serve`'s own extension of the API (docs/http-api.md):
 * `DELETE …/collections/{collection}/documents?token=…`, a JSON array of numeric ids as the body.
 * `fetch` is the CLI's retrying fetch. A service that answers 404 or 405 has no delete
 * (`unsupported`); any other failure is `failed` with its reason, the token blanked out.
 */
export async function deleteDocuments(fetch_: typeof fetch, target: DeleteTarget, ids: number[]): Promise<DeleteOutcome> {
  const url = `${target.baseUrl.replace(/\/+$/, '')}${buildPath(target.apiVersion, target.project, target.collection, 'documents')}?token=${encodeURIComponent(target.token)}`;
  let deleted = 0;
  for (let start = 0; start < ids.length; start += BATCH) {
    const batch = ids.slice(start, start + BATCH);
    let response: Response;
    try {
      response = await fetch_(url, {
        method: 'DELETE',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(batch),
      });
    } catch (error) {
      return { kind: 'failed', reason: redactToken(error instanceof Error ? error.message : String(error), target.token) };
    }
    if (response.status === 404 || response.status === 405) {
      // 404 from a service without the route; a missing collection answers 404 to indexing too, but then nothing was indexed.
      void response.body?.cancel().catch(() => undefined);
      return { kind: 'unsupported', status: response.status };
    }
    if (!response.ok) {
      const text = await response.text().catch(() => '');
      let message = `HTTP ${response.status}`;
      try {
        const body = JSON.parse(text) as { message?: unknown; response?: unknown };
        const said = typeof body.message === 'string' ? body.message : body.response;
        if (typeof said === 'string') message += `: ${said}`;
      } catch {
        // not an envelope
      }
      return { kind: 'failed', reason: redactToken(message, target.token) };
    }
    void response.body?.cancel().catch(() => undefined);
    deleted += batch.length;
  }
  return { kind: 'deleted', count: deleted };
}
