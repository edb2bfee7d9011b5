import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { documentIdVectors } from '../../../scripts/writeDocumentIdVectors.ts';

describe('the shared document-id vectors (test/fixtures/documentIdVectors.json)', () => {
  it('are the ids and canonical addresses that documentId.ts gives their keys, so the PHP port is checked against the rule itself', () => {
    const stored = JSON.parse(readFileSync(new URL('../../../test/fixtures/documentIdVectors.json', import.meta.url), 'utf8'));
    expect(stored).toEqual(documentIdVectors());
  });

  it('cover plain and pretty permalinks, non-ASCII slugs raw and encoded, emoji, tracking parameters and whole numbers', () => {
    const keys = documentIdVectors().map((vector) => vector.key);
    expect(keys).toEqual(
      expect.arrayContaining([
        'https://blog.example/?p=12',
        'https://blog.example/café-crème/',
        'https://blog.example/emoji-😀-post/',
        '42',
      ]),
    );
    expect(keys.some((key) => key.includes('utm_source'))).toBe(true);
  });
});
