import { describe, expect, it } from 'vitest';
import { translate } from '../../src/ui/translate.ts';

const messages = {
  hello: 'Hello {name}',
  results_one: '{count} result for “{q}”',
  results_other: '{count} results for “{q}”',
};

describe('translate', () => {
  it('fills placeholders', () => {
    expect(translate(messages, 'hello', { name: 'Ada' })).toBe('Hello Ada');
  });

  it('picks the plural form by count and formats the number for the locale', () => {
    expect(translate(messages, 'results', { count: 1, q: 'rust' }, 'en')).toBe('1 result for “rust”');
    expect(translate(messages, 'results', { count: 1280, q: 'rust' }, 'en')).toBe('1,280 results for “rust”');
    expect(translate(messages, 'results', { count: 1280, q: 'rust' }, 'de')).toBe('1.280 results for “rust”');
  });

  it('falls back to the other form for plural categories a catalogue lacks', () => {
    expect(translate(messages, 'results', { count: 2, q: 'x' }, 'ar-u-nu-latn')).toBe('2 results for “x”');
  });

  it('returns the key for an unknown message and leaves unknown placeholders', () => {
    expect(translate(messages, 'nope')).toBe('nope');
    expect(translate(messages, 'hello')).toBe('Hello {name}');
  });
});
