import { describe, expect, it } from 'vitest';
import { forcedLanguage, parseLanguageSetting } from '../../src/service/engine/languageSetting.ts';
import { startService } from './startService.ts';

describe('TROVE_LANGUAGE', () => {
  it('forces one language on every collection, or on the collections it names', () => {
    expect(forcedLanguage(parseLanguageSetting('fr'), 'demo', 'blog')).toBe('fr');
    const named = parseLanguageSetting('demo/blog=pt-BR, *=de');
    expect(forcedLanguage(named, 'demo', 'blog')).toBe('pt');
    expect(forcedLanguage(named, 'demo', 'docs')).toBe('de');
    expect(forcedLanguage(parseLanguageSetting(undefined), 'demo', 'blog')).toBeUndefined();
    expect(() => parseLanguageSetting('klingon')).toThrow(/unknown language "klingon"/);
    expect(() => parseLanguageSetting('blog=fr')).toThrow(/not project\/collection/);
  });

  it('reads the documents of a forced collection in its language, whatever their text looks like', async () => {
    const content = 'The chevaux of the village eat grass in the meadow all summer long, said the farmer.';
    const s = await startService({ seed: false, languages: parseLanguageSetting('demo/fr=fr') });
    try {
      for (const collection of ['fr', 'en']) {
        const res = await s.request(`/api/v2/projects/demo/collections/${collection}/documents?token=test-token`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify([{ id: 1, title: 'Horses', content }]),
        });
        expect(res.status).toBe(200);
      }
      const found = async (collection: string) =>
        (await s.request(`/api/v2/projects/demo/collections/${collection}/search/default?token=test-token&q=cheval`)).body.response
          .found_documents;
      expect([await found('fr'), await found('en')]).toEqual([1, 0]);
    } finally {
      await s.stop();
    }
  });
});
