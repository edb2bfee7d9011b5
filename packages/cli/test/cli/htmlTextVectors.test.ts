import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { htmlTextVectors } from '../../../../scripts/writeHtmlTextVectors.ts';

describe('the shared html-to-text vectors (test/fixtures/htmlTextVectors.json)', () => {
  it('are the texts articleText and inlineHtmlToText give their HTML, so the PHP port is checked against the rules themselves', () => {
    const stored = JSON.parse(readFileSync(new URL('../../../../test/fixtures/htmlTextVectors.json', import.meta.url), 'utf8'));
    expect(stored).toEqual(htmlTextVectors());
  });
});
