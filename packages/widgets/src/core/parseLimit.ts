/**
 * A count from an attribute or prop: a whole number from 1 to `max`. Anything else (missing,
 * `abc`, `0`, `-3`, `2.5`) gives `fallback`; more than `max` gives `max`.
 */
export function parseLimit<F extends number | undefined>(
  value: string | number | null | undefined,
  fallback: F,
  max = Number.MAX_SAFE_INTEGER,
): number | F {
  const text = typeof value === 'number' ? String(value) : (value ?? '').trim();
  if (!/^\d+$/.test(text)) return fallback;
  const n = Number(text);
  return n < 1 ? fallback : Math.min(n, max);
}
