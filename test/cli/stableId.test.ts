import { describe, expect, it } from 'vitest';
import { documentId, stableId } from '../../src/cli/stableId.ts';

describe('stableId', () => {
  it('gives the same id for the same guid on every run and every machine', () => {
    // Fixed values: if the derivation ever changes, re-indexed feeds would duplicate their posts.
    expect(stableId('https://harbour.example.org/?p=1017')).toBe(2866992390077822);
    expect(stableId('tag:workshop.example.net,2024:chisels')).toBe(1413771856697415);
    expect(stableId('https://harbour.example.org/?p=1017')).toBe(stableId('  https://harbour.example.org/?p=1017\n'));
  });

  it('is the first 52 bits of the SHA-256 of the key, a safe integer', async () => {
    const { createHash } = await import('node:crypto');
    const key = 'urn:uuid:1225c695-cfb8-4ebb-aaaa-80da344efa6a';
    const expected = Number.parseInt(createHash('sha256').update(key).digest('hex').slice(0, 13), 16);
    expect(stableId(key)).toBe(expected);
    for (const k of ['a', 'b', 'c', 'ü', '🙂', 'x'.repeat(10_000)]) {
      const id = stableId(k);
      expect(Number.isSafeInteger(id)).toBe(true);
      expect(id).toBeGreaterThanOrEqual(0);
      expect(id).toBeLessThan(2 ** 52);
    }
  });

  it('gives different ids to different keys', () => {
    const ids = new Set(Array.from({ length: 5000 }, (_, i) => stableId(`https://blog.example.com/posts/${i}`)));
    expect(ids.size).toBe(5000);
  });
});

describe('documentId', () => {
  it('keeps an id that is already a whole number', () => {
    expect(documentId(42)).toBe(42);
    expect(documentId('2041')).toBe(2041);
    expect(documentId(' 7 ')).toBe(7);
  });

  it('derives an id from a non-numeric id, else from the fallback key', () => {
    expect(documentId('post-7')).toBe(stableId('post-7'));
    expect(documentId(undefined, 'https://x.example/1')).toBe(stableId('https://x.example/1'));
    expect(documentId('', 'https://x.example/1')).toBe(stableId('https://x.example/1'));
    expect(documentId('99999999999999999999')).toBe(stableId('99999999999999999999'));
  });

  it('has no id without an id or key', () => {
    expect(documentId(undefined)).toBeUndefined();
    expect(documentId('  ', ' ')).toBeUndefined();
  });
});
