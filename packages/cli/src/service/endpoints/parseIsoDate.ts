/**
 * Parses an ISO 8601 date or date-time (`2024-05-01`, `2024-05-01T10:20`, `…:30.123Z`,
 * `…+02:00`, `…+0000`) to epoch milliseconds; no offset means UTC. `undefined` when invalid.
 */
const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

export function parseIsoDate(text: string): number | undefined {
  const m = ISO.exec(text.trim());
  if (!m) return undefined;
  const [, y, mo, d, h = '0', mi = '0', s = '0', frac = '0', zone] = m;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h);
  const minute = Number(mi);
  const second = Number(s);
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 24 || minute > 59 || second > 60) return undefined;
  const ms = Math.round(Number(`0.${frac}`) * 1000);
  // Date.UTC takes years 0–99 as 1900–1999: set the year on its own.
  const at = (...rest: [number, number, number, number, number, number]) => new Date(Date.UTC(2000, ...rest)).setUTCFullYear(year);
  let ts = at(month - 1, day, hour, minute, second, ms);
  const check = new Date(at(month - 1, day, 0, 0, 0, 0));
  if (check.getUTCDate() !== day) return undefined; // 2023-02-30
  if (zone && zone.toUpperCase() !== 'Z') {
    const sign = zone[0] === '-' ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    const offset = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4) || '0');
    ts -= sign * offset * 60_000;
  }
  return ts;
}
