import type { SearchResponse } from 'trove-search-client';
import type { EndpointContext, EndpointRequest } from './EndpointContext.ts';
import type { ReadRoute } from './matchRoute.ts';
import { readPageRequest } from './readPageRequest.ts';
import { type ServiceResult, toRecommendationRecord } from './toRecord.ts';

/**
 * Recommend: `id` required (400 when missing or empty). Related = shared tags, categories,
 * authors, title terms and the source's most distinctive words (Engine.related); never the source. An id that is not indexed is not
 * an error: related by the `title` parameter if given, else no results (a page whose post is not
 * indexed yet shows nothing rather than an error). Facets over every related doc. v1 ignores
 * `filter` and `sort`.
 */
export async function recommendEndpoint(ctx: EndpointContext, request: EndpointRequest<ReadRoute>): Promise<SearchResponse<ServiceResult>> {
  const { engine, settings, id, filters, sort, limit } = readPageRequest(ctx, request);
  const page = await engine.related({
    id,
    title: request.params.get('title') ?? undefined,
    filters,
    sort,
    skip: 0,
    limit,
    facets: true,
    titleBoost: settings.boost?.title ?? 2,
  });
  ctx.analytics?.recommend(request.route, request.params.get('session_id'), id);
  return { found_documents: page.total, results: page.hits.map(toRecommendationRecord), facets: page.facets, spelling: null };
}
