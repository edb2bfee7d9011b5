/** Field names a "did you mean" object might carry its text in, most likely first. */
const FIELDS = ['suggestion', 'suggestions', 'collation', 'corrected', 'correction', 'text', 'phrase', 'query', 'q', 'value', 'word'];

/**
 * The "did you mean" text of a response's `spelling`, whose shape docs/http-api.md does not show: a
 * string, an object with a suggestion-like field, or an array (its first usable entry) →
 * the trimmed text; anything else (null, numbers, empty strings, unknown objects) → `undefined`.
 */
export function parseSpelling(spelling: unknown, depth = 0): string | undefined {
  if (typeof spelling === 'string') return spelling.trim() || undefined;
  if (depth > 3 || !spelling || typeof spelling !== 'object') return undefined;
  if (Array.isArray(spelling)) {
    for (const item of spelling) {
      const text = parseSpelling(item, depth + 1);
      if (text) return text;
    }
    return undefined;
  }
  for (const field of FIELDS) {
    const text = parseSpelling((spelling as Record<string, unknown>)[field], depth + 1);
    if (text) return text;
  }
  return undefined;
}
