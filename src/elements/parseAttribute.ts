import { parseLimit } from '../core/parseLimit.ts';
import type { AttributeSpec, AttributeValue } from './attributeSpec.ts';

/**
 * Read an attribute as its declaration says: a boolean is present or not; a number is a whole
 * number from 1 (up to `max`); a word must be one of the allowed ones; text is trimmed. Missing,
 * empty or invalid values give the declared default (or `null` without one); never throws.
 */
export function parseAttribute<S extends AttributeSpec>(spec: S, raw: string | null): AttributeValue<S> {
  const { type } = spec;
  const fallback = spec.default ?? null;
  let value: unknown;
  if (type === 'boolean') value = raw !== null;
  else if (type === 'number') value = parseLimit(raw, undefined, spec.max) ?? fallback;
  else {
    const text = raw?.trim() || null;
    value = typeof type === 'string' ? (text ?? fallback) : text !== null && type.includes(text) ? text : fallback;
  }
  return value as AttributeValue<S>;
}
