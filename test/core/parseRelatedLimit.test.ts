import { describe, expect, it } from 'vitest';
import { parseRelatedLimit } from '../../src/core/parseRelatedLimit.ts';

describe('parseRelatedLimit', () => {
  it('defaults to 4', () => {
    expect(parseRelatedLimit(null)).toBe(4);
    expect(parseRelatedLimit('')).toBe(4);
  });

  it('reads a whole number', () => {
    expect(parseRelatedLimit('6')).toBe(6);
    expect(parseRelatedLimit(' 3 ')).toBe(3);
    expect(parseRelatedLimit(2)).toBe(2);
  });

  it('falls back to 4 for nonsense, zero, negatives and fractions', () => {
    for (const bad of ['abc', '0', '-3', '2.5', '1e3']) expect(parseRelatedLimit(bad)).toBe(4);
  });

  it('caps at 24', () => {
    expect(parseRelatedLimit('500')).toBe(24);
  });
});
