import { isApiError } from 'trove-search-client';
import { redactToken } from 'trove-search-client';
import type { TroveClient } from 'trove-search-client';

export type DeleteOutcome =
  | { kind: 'deleted'; count: number }
  /** The service has no delete (404 or 405 to the request): the caller lists the stale posts. */
  | { kind: 'unsupported'; status: number }
  | { kind: 'failed'; reason: string };

/** Ids per request, as indexing batches them. */
const BATCH = 500;

/**
 * Removes documents by id through `trove serve`'s own extension of the API (docs/http-api.md),
 * `client.delete()`, in batches. A service that answers 404 or 405 has no delete (`unsupported`);
 * any other failure is `failed` with its reason, the token blanked out.
 */
export async function deleteDocuments(client: TroveClient, ids: number[]): Promise<DeleteOutcome> {
  for (let start = 0; start < ids.length; start += BATCH) {
    try {
      await client.delete(ids.slice(start, start + BATCH));
    } catch (error) {
      if (isApiError(error) && (error.status === 404 || error.status === 405)) return { kind: 'unsupported', status: error.status };
      return { kind: 'failed', reason: redactToken(error instanceof Error ? error.message : String(error), client.options.token) };
    }
  }
  return { kind: 'deleted', count: ids.length };
}
