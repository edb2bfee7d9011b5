/**
 * Integer query parameters (`skip`, `limit`): absent → `fallback`; otherwise a non-negative
 * integer written in decimal digits, else 400. Values above `max` are clamped to it.
 */
import { ServiceError } from '../ServiceError.ts';

export function parseIntParam(name: string, raw: string | null, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  if (raw === null) return fallback;
  if (!/^\d+$/.test(raw.trim())) {
    throw new ServiceError(400, `Invalid ${name} ${JSON.stringify(raw)}: must be a non-negative integer`);
  }
  const value = Number(raw.trim());
  if (!Number.isSafeInteger(value)) {
    throw new ServiceError(400, `Invalid ${name} ${JSON.stringify(raw)}: too large`);
  }
  return Math.min(value, max);
}
