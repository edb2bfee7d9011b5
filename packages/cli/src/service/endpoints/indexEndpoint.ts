import type { EndpointContext, EndpointRequest } from './EndpointContext.ts';
import type { Route } from './matchRoute.ts';
import { parseJsonBody } from './parseJsonBody.ts';
import { validateDocuments } from './validateDocuments.ts';

/**
 * Indexing: see validateDocuments.ts (the whole batch or nothing). Upsert replaces the whole
 * document; the snapshot is on disk (atomic) before the answer: `"Indexed"` in v1, `null` in v2.
 */
export async function indexEndpoint(
  ctx: EndpointContext,
  { route, body }: EndpointRequest<Route & { kind: 'index' }>,
): Promise<string | null> {
  const parsed = parseJsonBody(body ?? '', 'expected a JSON array of documents');
  const docs = validateDocuments(parsed, route.version);
  await ctx.registry.index(route.project, route.collection, docs);
  return route.version === 'v1' ? 'Indexed' : null;
}
