import { filter } from 'trove-search-client';
import { filterFields } from 'trove-search-client';
import type { SearchResponse, Suggestion } from 'trove-search-client';
import type { EndpointContext, EndpointRequest } from './EndpointContext.ts';
import type { ReadRoute } from './matchRoute.ts';
import { readPageRequest } from './readPageRequest.ts';
import { toFilterSuggestion, toNavigationalSuggestion } from './toRecord.ts';

/**
 * Autocomplete: empty `q` → no results. Otherwise up to `limit` records: first up to
 * ceil(limit/3) (at most 3) `filter` records — categories, tags and authors whose name (or a
 * later word of it) starts with the text, named with the version's filter fields
 * (src/api/filterFields.ts) — then `navigational` records (posts that match the text by the rules
 * of search: those whose title has it first, the titles that start with it first of all, then those
 * whose content has it; by relevance within each, as search ranks); filter records fill unused slots. `found_documents` =
 * matching posts; `facets` null. v1 ignores `filter`, `limit` and `sort`.
 */
export async function autocompleteEndpoint(ctx: EndpointContext, request: EndpointRequest<ReadRoute>): Promise<SearchResponse<Suggestion>> {
  const { engine, settings, filters, sort, limit } = readPageRequest(ctx, request);
  const { route, params } = request;
  const q = params.get('q') ?? '';
  if (q.trim() === '') return { found_documents: 0, results: [], facets: null, spelling: null };
  const [page, values] = await Promise.all([
    engine.search({ q, filters, sort, skip: 0, limit, facets: false, titleBoost: settings.boost?.title ?? 3, titleFirst: true }),
    engine.suggest({ text: q, filters, limit }),
  ]);
  const filterSlots = Math.min(values.length, Math.max(Math.min(3, Math.ceil(limit / 3)), limit - page.total));
  const results = [
    ...values.slice(0, filterSlots).map((v) => toFilterSuggestion(v.value, filter(filterFields[v.field][route.version], v.value))),
    ...page.hits.slice(0, limit - filterSlots).map(toNavigationalSuggestion),
  ];
  ctx.analytics?.autocomplete(route, params.get('session_id'), q, results);
  return { found_documents: page.total, results, facets: null, spelling: null };
}
