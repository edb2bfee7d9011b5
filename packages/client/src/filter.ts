/** A filter parameter `field:"value"`, with `"` and `\` in the value escaped by a backslash. */
export function filter(field: string, value: string | number): string {
  return `${field}:"${String(value).replace(/["\\]/g, '\\$&')}"`;
}

/**
 * The filter syntax, spelled once: a field (no space, colon or quote), a colon and the value in
 * double quotes, where a backslash takes the next character as it is.
 */
export const filterSyntax = /([^\s:"]+):"((?:[^"\\]|\\[\s\S])*)"/;

const FILTER = new RegExp(`^\\s*${filterSyntax.source}\\s*$`);

/** Reverses `filter()`: `{ field, value }`, or `null` when the text is not of the form `field:"value"`. */
export function parseFilter(text: string): { field: string; value: string } | null {
  const match = typeof text === 'string' ? FILTER.exec(text) : null;
  return match ? { field: match[1], value: match[2].replace(/\\([\s\S])/g, '$1') } : null;
}
