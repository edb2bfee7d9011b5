import { describe, expect, it } from 'vitest';
import { formatDate } from '../../src/ui/formatDate.ts';
import { translate } from '../../src/ui/translate.ts';
import { warmFormats } from '../../src/ui/searchBox/warmFormats.ts';

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

/** Count the `Intl` objects of one kind created while `run` runs. */
function countCreated(kind: 'NumberFormat' | 'PluralRules' | 'DateTimeFormat', run: () => void): number {
  const original = Intl[kind];
  let created = 0;
  const counting = function (this: unknown, ...args: unknown[]) {
    created++;
    return Reflect.construct(original, args);
  } as unknown as typeof original;
  Object.assign(Intl, { [kind]: counting });
  try {
    run();
  } finally {
    Object.assign(Intl, { [kind]: original });
  }
  return created;
}

describe('Intl formats', () => {
  const messages = { n_one: '{count} post', n_other: '{count} posts' };
  const twenty = (locale: string) => () => {
    for (let i = 0; i < 20; i++) translate(messages, 'n', { count: i }, locale);
  };

  it('creates one number format and one plural rule per locale, however many texts are formatted', () => {
    expect(countCreated('NumberFormat', twenty('fr-CA'))).toBe(1);
    expect(countCreated('PluralRules', twenty('fr-BE'))).toBe(1);
  });

  it('creates them ahead of need, so the first answer pays nothing', () => {
    warmFormats('pt-BR');
    const first = () => {
      expect(translate({ n_other: '{count} posts' }, 'n', { count: 1234 }, 'pt-BR')).toBe('1.234 posts');
      expect(formatDate('2024-03-05T00:00:00.000+0000', 'pt-BR')).toBeTruthy();
    };
    expect(countCreated('NumberFormat', first) + countCreated('PluralRules', first) + countCreated('DateTimeFormat', first)).toBe(0);
  });

  it('falls back to the browser locale for an invalid locale tag', () => {
    expect(translate({ n_other: '{count} posts' }, 'n', { count: 2 }, 'not a locale!')).toBe('2 posts');
  });
});
