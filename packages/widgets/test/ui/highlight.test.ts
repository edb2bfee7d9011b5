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

  it('marks a term only where a word starts, never inside a word', () => {
    expect(marked('Rain, trains and rainy weather', 'rain')).toBe('[Rain], trains and [rain]y weather');
    expect(marked('The weather, then the other', 'the')).toBe('[The] weather, [the]n [the] other');
  });

  it('finds a word start after punctuation and at the start of the text', () => {
    expect(marked('(rain)-rain/rain', 'rain')).toBe('([rain])-[rain]/[rain]');
    expect(marked("don't", 't')).toBe("don't");
  });

  it('marks accented words where they start, whatever the accents of the query', () => {
    expect(marked('Élan, décor and ÉLÉGANCE', 'ele')).toBe('Élan, décor and [ÉLÉ]GANCE');
    expect(marked('Un café à Zürich, cafés', 'CAFE zur')).toBe('Un [café] à [Zür]ich, [café]s');
    expect(marked('Recafé', 'cafe')).toBe('Recafé');
  });

  it('marks a term of a script without spaces wherever it occurs', () => {
    expect(marked('我在学习异步编程', '异步')).toBe('我在学习[异步]编程');
    expect(marked('電車に乗って天気を見る', '天気')).toBe('電車に乗って[天気]を見る');
    expect(marked('ภาษาไทยง่าย', 'ไทย')).toBe('ภาษา[ไทย]ง่าย');
  });

  it('marks Latin words where they start inside text of a script without spaces', () => {
    expect(marked('我喜欢Rust和trains', 'rust rain')).toBe('我喜欢[Rust]和trains');
  });
});
