import type { FieldFilter } from './Engine.ts';
import { parseFilter } from './parseFilter.ts';
import type { ApiVersion, HandlerSettings } from './types.ts';

/** The handler's fixed filters (v1 names accepted), then the request's `filter` parameters when the endpoint takes them. */
export function requestFilters(
  settings: HandlerSettings,
  params: URLSearchParams,
  version: ApiVersion,
  takesFilters: boolean,
): FieldFilter[] {
  const fixed = (settings.filters ?? []).map((f) => parseFilter(f, 'v1'));
  const asked = takesFilters ? params.getAll('filter').map((f) => parseFilter(f, version)) : [];
  return [...fixed, ...asked];
}
