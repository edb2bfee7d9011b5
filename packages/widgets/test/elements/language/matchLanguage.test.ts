import { describe, expect, it } from 'vitest';
import { matchLanguage } from '../../../src/elements/language/matchLanguage.ts';

const names = ['de', 'fr', 'nb', 'pt', 'pt-PT', 'sr', 'zh-Hans', 'zh-Hant'];
const has = (name: string) => names.includes(name);

describe('matchLanguage', () => {
  it.each([
    ['fr', 'fr'],
    ['fr-CA', 'fr'],
    ['de_AT', 'de'],
    ['DE-ch', 'de'],
    ['pt-BR', 'pt'],
    ['pt', 'pt'],
    ['pt-PT', 'pt-PT'],
    ['zh', 'zh-Hans'],
    ['zh-CN', 'zh-Hans'],
    ['zh-SG', 'zh-Hans'],
    ['zh-Hans-CN', 'zh-Hans'],
    ['zh-TW', 'zh-Hant'],
    ['zh-HK', 'zh-Hant'],
    ['zh-MO', 'zh-Hant'],
    ['zh-Hant', 'zh-Hant'],
    ['no', 'nb'],
    ['nn-NO', 'nb'],
    ['sr-Cyrl-RS', 'sr'],
  ])('takes the catalogue %s for lang="%s"', (tag, name) => {
    expect(matchLanguage(tag, has)).toBe(name);
  });

  it('falls back to English for English, an unknown language, nothing and nonsense', () => {
    for (const tag of ['en', 'en-GB', 'tlh', '', '-', 'x-klingon', 'constructor']) expect(matchLanguage(tag, has)).toBe('en');
  });

  it('takes pt for pt-PT where there is no European Portuguese catalogue', () => {
    expect(matchLanguage('pt-PT', (name) => name === 'pt')).toBe('pt');
  });
});
