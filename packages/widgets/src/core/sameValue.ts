/**
 * Are two plain values (text, numbers, booleans, and lists and objects of them, built in the same
 * member order) the same? Compared as JSON text, so a member that is `undefined` or a function
 * counts as absent. The one value comparison of `core/`: the controllers' settings and the page
 * search (`createSettings`), a refreshed answer.
 */
export function sameValue(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}
