import { splitFilters } from 'trove-search-client';
import { parseLimit } from '../core/parseLimit.ts';
import { type AttributeProps, type AttributeSpec, type AttributeSpecs, type AttributeValue, propName } from '../ui/attributeSpec.ts';

/**
 * Read an attribute as its declaration says: a boolean is present or not; a number is a whole
 * number from 1 (up to `max`); a list is its `field:"value"` filters; a word must be one of the
 * allowed ones; `text` is kept as written; a string is trimmed. Missing, empty or invalid values
 * give the declared default (or `null` without one); never throws.
 */
export function parseAttribute<S extends AttributeSpec>(spec: S, raw: string | null): AttributeValue<S> {
  const { type } = spec;
  const fallback = spec.default ?? null;
  let value: unknown;
  if (type === 'boolean') value = raw !== null;
  else if (type === 'number') value = parseLimit(raw, undefined, spec.max) ?? fallback;
  else if (type === 'list') value = splitFilters(raw);
  else if (type === 'text') value = raw ?? fallback;
  else {
    const text = raw?.trim() || null;
    value = typeof type === 'string' ? (text ?? fallback) : text !== null && type.includes(text) ? text : fallback;
  }
  return value as AttributeValue<S>;
}

/** The view props of an element: each of its declared attributes, parsed, under its `propName` (an off switch negated). */
export function parseAttributes<S extends AttributeSpecs>(specs: S, read: (name: string) => string | null): AttributeProps<S> {
  const props: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(specs)) {
    const value = parseAttribute(spec, read(name));
    props[propName(name)] = name.startsWith('no-') ? !value : value;
  }
  return props as AttributeProps<S>;
}
