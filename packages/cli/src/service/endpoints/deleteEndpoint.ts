import { ServiceError } from '../ServiceError.ts';
import type { EndpointContext, EndpointRequest } from './EndpointContext.ts';
import type { Route } from './matchRoute.ts';
import { parseJsonBody } from './parseJsonBody.ts';

/**
 * Deleting documents (trove serve's own extension, docs/http-api.md; the hosted service has none):
 * the body is a JSON array of ids as indexing sends them (numbers: whole, within ±(2^53 − 1);
 * anything else is a 400 and nothing is deleted). The collection must exist (404, as for reads);
 * ids it lacks are no error. Durable before the answer, in the record every process follows:
 * `"Deleted"` in v1 (as `"Indexed"`), `null` in v2.
 */
export async function deleteEndpoint(
  ctx: EndpointContext,
  { route, body }: EndpointRequest<Route & { kind: 'delete' }>,
): Promise<string | null> {
  const parsed = parseJsonBody(body ?? '', 'expected a JSON array of document ids');
  ctx.registry.find(route.project, route.collection);
  if (!Array.isArray(parsed)) throw new ServiceError(400, 'Invalid ids: the body must be a JSON array of document ids');
  const ids = parsed.map((id, index) => {
    if (typeof id !== 'number' || !Number.isInteger(id)) {
      throw new ServiceError(
        400,
        `Invalid ids[${index}]: must be a whole number (a document id as indexing sends it), got ${JSON.stringify(id) ?? typeof id}`,
      );
    }
    if (!Number.isSafeInteger(id)) {
      throw new ServiceError(400, `Invalid ids[${index}]: ${id} is beyond ±(2^53 − 1), where JavaScript numbers stop being exact`);
    }
    return String(id);
  });
  await ctx.registry.delete(route.project, route.collection, ids);
  return route.version === 'v1' ? 'Deleted' : null;
}
