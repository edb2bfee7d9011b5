import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** Digests of the expected tokens (a service has one or two; every request compares against them). */
const expectedDigests = new Map<string, Buffer>();

/**
 * Whether a given token is the expected one, in time that does not depend on where they differ
 * (or on their lengths: both are hashed first). `false` when there is no expected token.
 */
export function tokensEqual(given: string, expected: string | undefined): boolean {
  if (expected === undefined) return false;
  let wanted = expectedDigests.get(expected);
  if (!wanted) {
    if (expectedDigests.size >= 16) expectedDigests.clear();
    expectedDigests.set(expected, (wanted = digest(expected)));
  }
  return timingSafeEqual(digest(given), wanted);
}
