/**
 * `sort` parameter: `<field> asc` or `<field> desc`; fields `date` and `title`. Anything else
 * → 400 naming the problem. Absent/empty → relevance (with a query) or `date desc` (without).
 */
import { ServiceError } from '../ServiceError.ts';

export type SortKey = 'date desc' | 'date asc' | 'title asc' | 'title desc';

const SORT_FIELDS = ['date', 'title'];

export function parseSort(raw: string | null): SortKey | undefined {
  if (raw === null || raw.trim() === '') return undefined;
  const match = /^\s*([^\s]+)\s+([^\s]+)\s*$/.exec(raw);
  if (!match) {
    throw new ServiceError(400, `Malformed sort ${JSON.stringify(raw)}: expected "<field> asc" or "<field> desc"`);
  }
  const field = match[1]!;
  const direction = match[2]!.toLowerCase();
  if (!SORT_FIELDS.includes(field)) {
    throw new ServiceError(400, `Unknown sort field "${field}": sortable fields are ${SORT_FIELDS.join(', ')}`);
  }
  if (direction !== 'asc' && direction !== 'desc') {
    throw new ServiceError(400, `Unknown sort direction "${match[2]}" in ${JSON.stringify(raw)}: use asc or desc`);
  }
  return `${field} ${direction}` as SortKey;
}
