/**
 * An id is sent as a number in the indexing body (docs/http-api.md, Records). A numeric-looking string
 * (`"42"`) becomes the number 42; other ids (`"post-1"`, `"007"`, beyond 2^53) stay strings.
 */
export function toIndexId(id: unknown): unknown {
  return typeof id === 'string' && /^(0|[1-9]\d{0,15})$/.test(id) && Number.isSafeInteger(+id) ? +id : id;
}
