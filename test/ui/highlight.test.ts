import { describe, expect, it } from 'vitest';
import { highlight } from '../../src/ui/highlight.ts';

const marked = (text: string, query: string) =>
  highlight(text, query)
    .map((s) => (s.match ? `[${s.text}]` : s.text))
    .join('');

describe('highlight', () => {
  it('marks every occurrence of each query term, ignoring case', () => {
    expect(marked('Rust and rusty RUST', 'rust')).toBe('[Rust] and [rust]y [RUST]');
  });

  it('matches letters with diacritics and keeps the original text', () => {
    expect(marked('Crème brûlée', 'creme brulee')).toBe('[Crème] [brûlée]');
  });

  it('marks several terms and merges adjacent matches', () => {
    expect(marked('web components', 'web comp')).toBe('[web] [comp]onents');
  });

  it('returns the text unmarked for an empty query', () => {
    expect(highlight('hello', '  ')).toEqual([{ text: 'hello', match: false }]);
  });

  it('returns no segments for empty text', () => {
    expect(highlight('', 'x')).toEqual([]);
  });

  it('keeps markup-like text as plain text segments', () => {
    expect(marked('<img src=x onerror=alert(1)>', 'img')).toBe('<[img] src=x onerror=alert(1)>');
  });

  it('handles characters outside the basic plane', () => {
    expect(marked('🦀 rust 🦀', 'rust')).toBe('🦀 [rust] 🦀');
  });
});
