import type { SearchResponse } from 'trove-search-client';
import type { EndpointContext, EndpointRequest } from './EndpointContext.ts';
import type { ReadRoute } from './matchRoute.ts';
import { readPageRequest } from './readPageRequest.ts';
import { type ServiceResult, toSearchRecord } from './toRecord.ts';

/**
 * Search: `found_documents` = every match; facets `categories`, `tags`, `authors`, `year` (+
 * `count`) over every match; `spelling` `null`, or — when a query has no hits and replacing
 * unknown words by close indexed ones gives hits — that corrected query (e.g. "pyhton" → "python").
 * v1 ignores `sort`.
 */
export async function searchEndpoint(ctx: EndpointContext, request: EndpointRequest<ReadRoute>): Promise<SearchResponse<ServiceResult>> {
  const { engine, settings, filters, sort, skip, limit } = readPageRequest(ctx, request);
  const q = request.params.get('q') ?? '';
  const page = await engine.search({ q, filters, sort, skip, limit, facets: true, titleBoost: settings.boost?.title ?? 2, spelling: true });
  ctx.analytics?.search(request.route, request.params.get('session_id'), q, skip, page.total, page.hits);
  return {
    found_documents: page.total,
    results: page.hits.map(toSearchRecord),
    facets: page.facets,
    spelling: page.spelling,
  };
}
