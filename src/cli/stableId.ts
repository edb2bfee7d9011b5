import { createHash } from 'node:crypto';

/**
 * A stable numeric document id for an item that has no numeric id of its own.
 *
 * docs/http-api.md sends `id` as a number, but feeds identify items by strings (an RSS `<guid>`, an Atom
 * `<id>`, a JSON Feed `id`, or else the item's link). The id is the first 52 bits of the SHA-256
 * of that string (UTF-8, surrounding whitespace trimmed), read as an unsigned integer:
 * 0 ≤ id < 2^52, always a safe integer (JavaScript numbers are exact below 2^53), and the same
 * string gives the same id on every run and every machine, so indexing a feed again updates its
 * documents instead of duplicating them. Two different strings share an id with probability
 * about n²/2^53 for n items (below one in a billion for 100 000 posts).
 */
export function stableId(key: string): number {
  const hex = createHash('sha256').update(key.trim(), 'utf8').digest('hex');
  return Number.parseInt(hex.slice(0, 13), 16); // 13 hex digits = 52 bits
}

/**
 * The document id for an item: its own id when that is already a non-negative safe integer
 * (a number, or a string of digits such as WordPress-style `"123"`), else `stableId(key)`.
 */
export function documentId(ownId: string | number | undefined, fallbackKey?: string): number | undefined {
  if (typeof ownId === 'number' && Number.isSafeInteger(ownId) && ownId >= 0) return ownId;
  if (typeof ownId === 'string') {
    const trimmed = ownId.trim();
    if (/^\d+$/.test(trimmed)) {
      const n = Number(trimmed);
      if (Number.isSafeInteger(n)) return n;
    }
    if (trimmed !== '') return stableId(trimmed);
  }
  if (fallbackKey !== undefined && fallbackKey.trim() !== '') return stableId(fallbackKey);
  return undefined;
}
