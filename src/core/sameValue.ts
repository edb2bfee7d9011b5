/**
 * Are two plain values (text, numbers, booleans, arrays and objects of them) the same, member by
 * member? A member that is `undefined` counts as absent. The one value comparison of `core/`: the
 * controllers' settings (`createSettings`), the page search, a refreshed answer.
 */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const keys = (o: Record<string, unknown>) => Object.keys(o).filter((key) => o[key] !== undefined);
  const own = keys(x);
  return own.length === keys(y).length && own.every((key) => sameValue(x[key], y[key]));
}
