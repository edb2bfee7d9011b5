import { readDate } from './readDate.ts';

/**
 * A feed or document date as ISO 8601 in UTC (`2024-03-05T14:00:00.000Z`), or `undefined` when
 * it cannot be read or is impossible (see `readDate`: the same on every machine, zone-less
 * dates are UTC).
 */
export function toIsoDate(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  return readDate(value).date;
}
