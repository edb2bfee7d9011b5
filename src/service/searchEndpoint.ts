import type { SearchResponse } from '../api/types.ts';
import { DEFAULT_LIMITS, type EndpointContext, type ReadRoute } from './EndpointContext.ts';
import { parseIntParam } from './parseIntParam.ts';
import { parseSort } from './parseSort.ts';
import { requestFilters } from './requestFilters.ts';
import { resolveHandler } from './resolveHandler.ts';
import { type ServiceResult, toSearchRecord } from './toRecord.ts';

/**
 * Search: `found_documents` = every match; facets `categories`, `tags`, `authors`, `year` (+
 * `count`) over every match; `spelling` `null`, or — when a query has no hits and replacing
 * unknown words by close indexed ones gives hits — that corrected query (e.g. "pyhton" → "python").
 * v1 ignores `sort`.
 */
export async function searchEndpoint(
  ctx: EndpointContext,
  route: ReadRoute,
  params: URLSearchParams,
): Promise<SearchResponse<ServiceResult>> {
  const engine = ctx.registry.find(route.project, route.collection);
  const settings = resolveHandler(ctx.handlers, 'search', route.handler);
  const filters = requestFilters(settings, params, route.version, true);
  const sort = route.version === 'v2' ? parseSort(params.get('sort')) : undefined;
  const skip = parseIntParam('skip', params.get('skip'), 0);
  const limit = parseIntParam('limit', params.get('limit'), settings.limit ?? DEFAULT_LIMITS.search, DEFAULT_LIMITS.max);
  const q = params.get('q') ?? '';
  const page = await engine.search({ q, filters, sort, skip, limit, facets: true, titleBoost: settings.boost?.title ?? 2, spelling: true });
  return {
    found_documents: page.total,
    results: page.hits.map(toSearchRecord),
    facets: page.facets,
    spelling: page.spelling,
  };
}
