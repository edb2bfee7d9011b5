/**
 * Are two plain values (text, numbers, booleans, and lists and objects of them) the same, member
 * by member? A member that is `undefined` counts as absent. The one value comparison of `core/`:
 * the controllers' settings and the page search (`createSettings`), a refreshed answer.
 */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!a || !b || typeof a !== 'object' || typeof b !== 'object') return false;
  const keys = (o: object) => Object.entries(o).filter(([, value]) => value !== undefined);
  const own = keys(a);
  return own.length === keys(b).length && own.every(([key, value]) => sameValue(value, (b as Record<string, unknown>)[key]));
}
