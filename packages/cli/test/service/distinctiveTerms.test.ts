import { describe, expect, it } from 'vitest';
import { distinctiveProfile, distinctiveTerms } from '../../src/service/engine/distinctiveTerms.ts';
import { LIMITS } from '../../src/service/limits.ts';

/** Document frequencies of a collection of 100 documents. */
const frequencies: Record<string, number> = {
  sourdough: 4,
  levain: 3,
  banneton: 2,
  bread: 30,
  really: 60,
  unique: 1,
  the: 95,
  '2024': 10,
};
const df = (term: string) => frequencies[term] ?? 2;

describe('distinctiveTerms', () => {
  it('weighs words by tf·idf, heaviest first, leaving out common words, numbers, one-letter words and words in one or more than half the documents', () => {
    const post = {
      title: 'Sourdough',
      content: 'The sourdough levain, really really really. Bread and a banneton in 2024; unique x.',
    };
    expect(distinctiveTerms(post, df, 100)).toEqual(['sourdough', 'banneton', 'levain', 'bread']);
  });

  it('counts a title word as often as the title weighs', () => {
    const post = { title: 'Banneton', content: 'levain levain' };
    expect(distinctiveTerms(post, df, 100, 1)).toEqual(['levain', 'banneton']);
    expect(distinctiveTerms(post, df, 100, 3)).toEqual(['banneton', 'levain']);
  });

  it(`keeps the ${LIMITS.relatedTerms} heaviest words and reads the first ${LIMITS.relatedTextChars.toLocaleString('en')} characters of a long post`, () => {
    const words = Array.from({ length: 200 }, (_, i) => `word${String.fromCharCode(97 + (i % 26))}${Math.floor(i / 26)}`);
    const terms = distinctiveTerms({ title: '', content: words.join(' ') }, df, 100);
    expect(terms).toHaveLength(LIMITS.relatedTerms);
    const late = 'zebra '.repeat(50);
    const long = { title: '', content: `${'levain '.repeat(LIMITS.relatedTextChars / 7)}${late}` };
    const seen: string[] = [];
    expect(distinctiveTerms(long, (term) => (seen.push(term), df(term)), 100)).toEqual(['levain']);
    expect(seen).toEqual(['levain']);
  });

  it('tells how much of what a post is about other documents share: all of it, or little when its heaviest words are its own', () => {
    expect(distinctiveProfile({ title: 'Sourdough', content: 'levain and a banneton' }, df, 100).coverage).toBe(1);
    const alone = distinctiveProfile({ title: 'Unique', content: 'unique unique, and bread' }, df, 100);
    expect(alone.terms).toEqual(['bread']);
    expect(alone.coverage).toBeGreaterThan(0);
    expect(alone.coverage).toBeLessThan(0.15);
    expect(distinctiveProfile({ title: 'Unique', content: 'the really' }, df, 100).coverage).toBe(0);
  });
});
