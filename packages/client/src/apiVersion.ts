import type { ApiVersion } from './types.ts';

/** The API version the client, the elements and `trove index` use when none is given. */
export const defaultApiVersion: ApiVersion = 'v2';

/** Is `value` a version of the service API (`v1` or `v2`)? The one check, for the client, the elements and the CLI. */
export function isApiVersion(value: unknown): value is ApiVersion {
  return value === 'v1' || value === 'v2';
}
