import type { Engine, FieldFilter } from './Engine.ts';
import type { EndpointContext, ReadRoute } from './EndpointContext.ts';
import { LIMITS } from './limits.ts';
import { parseFilter } from './parseFilter.ts';
import { parseIntParam } from './parseIntParam.ts';
import { parseSort, type SortKey } from './parseSort.ts';
import { resolveHandler } from './resolveHandler.ts';
import { ServiceError } from './ServiceError.ts';
import type { EndpointKind, HandlerSettings } from './types.ts';

/** Default `limit` of each endpoint (when neither the request nor the handler sets one), and the most any may ask. */
const DEFAULT_LIMITS: Record<EndpointKind, number> = { search: 10, autocomplete: 8, recommend: 4 };
const MAX_LIMIT = 100;

export interface PageParams {
  engine: Engine;
  settings: HandlerSettings;
  /** Recommend's source id ('' for the other endpoints). */
  id: string;
  /** The handler's fixed filters, then the request's. */
  filters: FieldFilter[];
  sort: SortKey | undefined;
  skip: number;
  limit: number;
}

/**
 * What search, autocomplete and recommend read first, in createService.ts's order of checks: the
 * collection (404), the handler (404), then the parameters (400): recommend's `id` (required),
 * `filter`, `sort`, `skip`, `limit`. Parameters a version or an endpoint lacks are ignored: v1
 * takes no `sort`, nor `filter` in autocomplete and recommend, nor `limit` in autocomplete; only
 * search takes `skip`. The handler's filters are written with v1 names (which take the v2 ones too).
 * At most 32 `filter` parameters (LIMITS.filters; more → 400).
 */
export function readPageRequest(ctx: EndpointContext, route: ReadRoute, params: URLSearchParams): PageParams {
  const { kind } = route;
  const v2 = route.version === 'v2';
  const engine = ctx.registry.find(route.project, route.collection);
  const settings = resolveHandler(ctx.handlers, kind, route.handler);
  const id = params.get('id') ?? '';
  if (kind === 'recommend' && id.trim() === '') {
    throw new ServiceError(400, 'Missing id: recommend needs the id of the source document (id=...)');
  }
  const fixed = (settings.filters ?? []).map((f) => parseFilter(f, 'v1'));
  const askedFilters = kind === 'search' || v2 ? params.getAll('filter') : [];
  if (askedFilters.length > LIMITS.filters) {
    throw new ServiceError(400, `Too many filters: ${askedFilters.length}, at most ${LIMITS.filters} filter parameters`);
  }
  const asked = askedFilters.map((f) => parseFilter(f, route.version));
  const sort = v2 ? parseSort(params.get('sort')) : undefined;
  const skip = kind === 'search' ? parseIntParam('skip', params.get('skip'), 0) : 0;
  const fallback = settings.limit ?? DEFAULT_LIMITS[kind];
  const limit = kind !== 'autocomplete' || v2 ? parseIntParam('limit', params.get('limit'), fallback, MAX_LIMIT) : fallback;
  return { engine, settings, id, filters: [...fixed, ...asked], sort, skip, limit };
}
