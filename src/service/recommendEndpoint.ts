import type { SearchResponse } from '../api/types.ts';
import { DEFAULT_LIMITS, type EndpointContext, type ReadRoute } from './EndpointContext.ts';
import { parseIntParam } from './parseIntParam.ts';
import { parseSort } from './parseSort.ts';
import { requestFilters } from './requestFilters.ts';
import { resolveHandler } from './resolveHandler.ts';
import { ServiceError } from './ServiceError.ts';
import { type ServiceResult, toRecommendationRecord } from './toRecord.ts';

/**
 * Recommend: `id` required (400 when missing or empty). Related = shared tags, categories,
 * authors and title terms (Engine.related); never the source. An id that is not indexed is not
 * an error: related by the `title` parameter if given, else no results (a page whose post is not
 * indexed yet shows nothing rather than an error). Facets over every related doc. v1 ignores
 * `filter` and `sort`.
 */
export async function recommendEndpoint(
  ctx: EndpointContext,
  route: ReadRoute,
  params: URLSearchParams,
): Promise<SearchResponse<ServiceResult>> {
  const engine = ctx.registry.find(route.project, route.collection);
  const settings = resolveHandler(ctx.handlers, 'recommend', route.handler);
  const id = params.get('id');
  if (id === null || id.trim() === '') {
    throw new ServiceError(400, 'Missing id: recommend needs the id of the source document (id=...)');
  }
  const v2 = route.version === 'v2';
  const filters = requestFilters(settings, params, route.version, v2);
  const sort = v2 ? parseSort(params.get('sort')) : undefined;
  const limit = parseIntParam('limit', params.get('limit'), settings.limit ?? DEFAULT_LIMITS.recommend, DEFAULT_LIMITS.max);
  const page = await engine.related({
    id,
    title: params.get('title') ?? undefined,
    filters,
    sort,
    skip: 0,
    limit,
    facets: true,
    titleBoost: settings.boost?.title ?? 2,
  });
  return { found_documents: page.total, results: page.hits.map(toRecommendationRecord), facets: page.facets, spelling: null };
}
