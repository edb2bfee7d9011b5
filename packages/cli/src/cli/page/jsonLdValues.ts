import type { JsonLdNode } from './parseJsonLd.ts';

/**
 * The strings a JSON-LD property holds: a string, a number, an object's `name` (or `url`, `@id`
 * with `key` = 'url'), or a list of those; comma-separated strings split when `split` is set
 * (`keywords: "a, b"`). Bounded to 50 values.
 */
export function jsonLdValues(
  node: JsonLdNode | undefined,
  property: string,
  options: { key?: 'name' | 'url'; split?: boolean } = {},
): string[] {
  const value = node?.[property];
  const values: string[] = [];
  const add = (item: unknown) => {
    if (values.length >= 50) return;
    if (typeof item === 'string') {
      for (const part of options.split ? item.split(',') : [item]) if (part.trim() !== '') values.push(part.trim());
    } else if (typeof item === 'number') values.push(String(item));
    else if (item !== null && typeof item === 'object' && !Array.isArray(item)) {
      const object = item as Record<string, unknown>;
      const inner = options.key === 'url' ? (object.url ?? object.contentUrl ?? object['@id']) : object.name;
      if (typeof inner === 'string' && inner.trim() !== '') values.push(inner.trim());
    }
  };
  if (Array.isArray(value)) for (const item of value.slice(0, 50)) add(item);
  else add(value);
  return values;
}
