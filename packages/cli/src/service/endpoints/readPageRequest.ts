import type { Engine, FieldFilter } from '../engine/Engine.ts';
import type { EndpointContext, EndpointRequest } from './EndpointContext.ts';
import { LIMITS } from '../limits.ts';
import type { ReadRoute } from './matchRoute.ts';
import { parseFilter } from './parseFilter.ts';
import { parseIntParam } from './parseIntParam.ts';
import { parseSort, type SortKey } from '../engine/parseSort.ts';
import { resolveHandler } from './resolveHandler.ts';
import { ServiceError } from '../ServiceError.ts';
import type { HandlerSettings } from '../types.ts';

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
 * collection (404), the handler (404), then the parameters (400): `id` (required where the row
 * takes it: recommend), `filter`, `sort`, `skip`, `limit`. The parameters a row does not take in
 * the request's version are ignored (src/api/endpoints.ts: v1 takes no `sort`, nor `filter` in
 * autocomplete and recommend, nor `limit` in autocomplete; only search takes `skip`); `limit`
 * defaults to the handler's, else the row's, and is clamped to the row's most. The handler's
 * filters are written with v1 names (which take the v2 ones too). At most 32 `filter`
 * parameters (LIMITS.filters; more → 400).
 */
export function readPageRequest(ctx: EndpointContext, { row, route, params }: EndpointRequest<ReadRoute>): PageParams {
  const takes = (name: string) => (row.params?.[route.version] as readonly string[] | undefined)?.includes(name) ?? false;
  const engine = ctx.registry.find(route.project, route.collection);
  const settings = resolveHandler(ctx.handlers, row, route.handler);
  const id = params.get('id') ?? '';
  if (takes('id') && id.trim() === '') {
    throw new ServiceError(400, `Missing id: ${route.kind} needs the id of the source document (id=...)`);
  }
  const fixed = (settings.filters ?? []).map((f) => parseFilter(f, 'v1'));
  const askedFilters = takes('filter') ? params.getAll('filter') : [];
  if (askedFilters.length > LIMITS.filters) {
    throw new ServiceError(400, `Too many filters: ${askedFilters.length}, at most ${LIMITS.filters} filter parameters`);
  }
  const asked = askedFilters.map((f) => parseFilter(f, route.version));
  const sort = takes('sort') ? parseSort(params.get('sort')) : undefined;
  const skip = takes('skip') ? parseIntParam('skip', params.get('skip'), 0) : 0;
  const fallback = settings.limit ?? row.limit!.default;
  const limit = takes('limit') ? parseIntParam('limit', params.get('limit'), fallback, row.limit!.max) : fallback;
  return { engine, settings, id, filters: [...fixed, ...asked], sort, skip, limit };
}
