import { documentId } from './documentId.ts';

/**
 * An id as the indexing body sends it (docs/http-api.md, Records: sent as a number): the number
 * `documentId` gives it, the rule `trove index` and `<trove-related-posts>` apply, so a post
 * indexed through `client.index()` is found by the block's `doc-id` (`42` and `"42"` → 42, a slug
 * or a URL → its hash). An id that rule refuses (a negative or fractional number, an empty string,
 * not a string or number) is sent as given, and the service says what is wrong with it.
 */
export function toIndexId(id: unknown): unknown {
  return (typeof id === 'string' || typeof id === 'number' ? documentId(id) : undefined) ?? id;
}
