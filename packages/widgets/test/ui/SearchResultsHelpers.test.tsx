import { describe, expect, it } from 'vitest';
import { filterLabel } from '../../src/ui/filterLabel.ts';
import { searchResultsMessages } from '../../src/ui/searchResults/searchResultsMessages.ts';
import { snippet } from '../../src/ui/searchResults/snippet.ts';
import { translate } from '../../src/ui/translate.ts';

const t = (key: string, vars?: Record<string, string | number>) => translate(searchResultsMessages, key, vars, 'en');

describe('snippet', () => {
  const long = `${'Opening words of the post. '.repeat(12)}Then the Café crème appears here. ${'Closing words follow on. '.repeat(12)}`;

  it('keeps a short text whole, whitespace collapsed', () => {
    expect(snippet('  A short\n\ntext. ', 'x')).toBe('A short text.');
  });

  it('cuts around the first match, case- and diacritic-insensitively, with ellipses', () => {
    const text = snippet(long, 'cafe', 120);
    expect(text).toContain('Café crème');
    expect(text.startsWith('…')).toBe(true);
    expect(text.endsWith('…')).toBe(true);
    expect(text.length).toBeLessThanOrEqual(122);
    expect(text.indexOf('Café')).toBeGreaterThan(10);
  });

  it('starts at the beginning when nothing matches', () => {
    const text = snippet(long, 'zebra', 80);
    expect(text.startsWith('Opening words')).toBe(true);
    expect(text.endsWith('…')).toBe(true);
  });

  it('cuts at word boundaries', () => {
    const text = snippet(long, 'cafe', 120);
    const words = new Set(long.split(/\s+/));
    for (const word of text.replace(/…/g, '').split(/\s+/).filter(Boolean)) expect(words.has(word) || words.has(`${word}.`)).toBe(true);
  });

  it('returns an empty text for content that is not a string', () => {
    expect(snippet(undefined, 'x')).toBe('');
    expect(snippet({ html: '<b>' }, 'x')).toBe('');
  });
});

describe('filterLabel', () => {
  it('labels filters of either API version by their field', () => {
    expect(filterLabel('category:"News"', t)).toBe('Category: News');
    expect(filterLabel('categories:"News"', t)).toBe('Category: News');
    expect(filterLabel('category_sa:"News"', t)).toBe('Category: News');
    expect(filterLabel('authors_sa:"Ada"', t)).toBe('Author: Ada');
    expect(filterLabel('tags:"rust"', t)).toBe('Tag: rust');
    expect(filterLabel('year:"2024"', t)).toBe('Year: 2024');
  });

  it('unescapes the value', () => {
    expect(filterLabel('author:"Ada \\"The Countess\\" L"', t)).toBe('Author: Ada "The Countess" L');
  });

  it('shows an unknown field by its name, and a text that is not a filter as it is', () => {
    expect(filterLabel('meta_sa:"x"', t)).toBe('meta_sa: x');
    expect(filterLabel('not a filter', t)).toBe('not a filter');
  });
});
