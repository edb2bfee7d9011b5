import { describe, expect, it } from 'vitest';
import { wordSpans, words } from '../src/wordSpans.ts';

describe('wordSpans', () => {
  it('splits Latin text on spaces and punctuation, keeping apostrophes inside words', () => {
    expect(words("Rain, trains and the Atacama: don't stop")).toEqual(['Rain', 'trains', 'and', 'the', 'Atacama', "don't", 'stop']);
  });

  it('keeps accented letters inside their word', () => {
    expect(words('Un café à Zürich')).toEqual(['Un', 'café', 'à', 'Zürich']);
  });

  it('finds words inside Chinese and Japanese text, which has no spaces', () => {
    expect(words('我在学习异步编程')).toContain('异步');
    expect(words('電車に乗って天気を見る')).toEqual(expect.arrayContaining(['電車', '天気']));
  });

  it('finds words inside Thai text', () => {
    expect(words('ภาษาไทยง่าย')).toEqual(['ภาษา', 'ไทย', 'ง่าย']);
  });

  it('gives each word its offset in the text', () => {
    const text = 'Hi, 電車に乗る';
    for (const span of wordSpans(text)) expect(text.slice(span.index, span.index + span.word.length)).toBe(span.word);
  });
});
