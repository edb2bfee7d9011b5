/**
 * A feed or document date as ISO 8601 in UTC (`2024-03-05T14:00:00.000Z`), or `undefined` when
 * it cannot be read. Accepts what feeds use: RFC 822 (`Tue, 05 Mar 2024 14:00:00 GMT`, RSS),
 * RFC 3339 (Atom, JSON Feed) and plain ISO dates.
 */
export function toIsoDate(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const time = Date.parse(value.trim());
  if (Number.isNaN(time)) return undefined;
  const date = new Date(time);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}
