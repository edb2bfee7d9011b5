import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/**
 * Whether a given token is the expected one, in time that does not depend on where they differ
 * (or on their lengths: both are hashed first). `false` when there is no expected token.
 */
export function tokensEqual(given: string, expected: string | undefined): boolean {
  if (expected === undefined) return false;
  return timingSafeEqual(digest(given), digest(expected));
}
