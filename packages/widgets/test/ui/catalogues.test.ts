import { describe, expect, it } from 'vitest';
import { baseMessages } from '../../src/ui/baseMessages.ts';
import { relatedPostsMessages } from '../../src/ui/relatedPosts/relatedPostsMessages.ts';
import { searchBoxMessages } from '../../src/ui/searchBox/searchBoxMessages.ts';
import { searchResultsMessages } from '../../src/ui/searchResults/searchResultsMessages.ts';

/** Every English text of the three elements, one flat catalogue as the translated ones are. */
const english: Record<string, string> = { ...baseMessages, ...searchBoxMessages, ...searchResultsMessages, ...relatedPostsMessages };
/** Plural keys (`x_one`, `x_other`) by their stem. */
const plural = new Set(Object.keys(english).flatMap((key) => (/_(one|other)$/.test(key) ? [key.replace(/_(one|other)$/, '')] : [])));
/** Texts that may stay as in English: the key's name, or a word borrowed as it is, by language. */
const sameAsEnglish: Record<string, readonly string[]> = {
  '*': ['keyCtrl', 'filterLabel'],
  ca: ['facet_categories'],
  cs: ['sortRelevance'],
  da: ['field_tags', 'facet_tags', 'relatedTags'],
  fr: ['listLabel', 'pagination', 'pageLabel'],
  id: ['field_tags'],
  it: ['field_tags'],
  nl: ['group_filter', 'field_tags', 'filtersToggle', 'filtersToggleActive', 'facet_tags', 'relatedTags'],
  pl: ['field_tags'],
  pt: ['group_navigational', 'field_tags', 'facet_tags', 'relatedTags'],
};

const catalogues = import.meta.glob<Record<string, unknown>>('../../src/ui/catalogues/*.json', { eager: true, import: 'default' });
const byTag = Object.fromEntries(
  Object.entries(catalogues).map(([path, texts]) => [path.slice(path.lastIndexOf('/') + 1, -'.json'.length), texts]),
);
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('the catalogues', () => {
  it('are there, one per language file', () => {
    expect(Object.keys(byTag).length).toBeGreaterThan(0);
  });

  for (const [tag, texts] of Object.entries(byTag)) {
    const base = tag.split('-')[0]!;
    // A region's catalogue (pt-PT) holds only what differs from its language's, merged over it.
    const whole = base !== tag && byTag[base] ? { ...byTag[base], ...texts } : texts;
    const categories = new Intl.PluralRules(tag).resolvedOptions().pluralCategories;
    const keyOf = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');

    describe(tag, () => {
      it('is a flat object of texts, each key one of the English catalogues (a plural in its own categories)', () => {
        for (const [key, value] of Object.entries(texts)) {
          expect(typeof value, key).toBe('string');
          const stem = keyOf(key);
          if (plural.has(stem)) expect(categories, key).toContain(key.slice(stem.length + 1));
          else expect(Object.keys(english), key).toContain(key);
        }
      });

      it('has every English key, every plural in exactly the language’s CLDR categories', () => {
        for (const key of Object.keys(english)) if (!plural.has(keyOf(key))) expect(whole, key).toHaveProperty([key]);
        for (const stem of plural) {
          const given = Object.keys(whole)
            .filter((key) => keyOf(key) === stem && key !== stem)
            .map((key) => key.slice(stem.length + 1));
          expect(given.sort(), stem).toEqual([...categories].sort());
        }
      });

      it('keeps the placeholders of each English text', () => {
        for (const [key, value] of Object.entries(texts)) {
          const stem = keyOf(key);
          const source = english[key] ?? english[`${stem}_other`]!;
          // A plural form may leave out {count} where the language says the number in words ("un résultat").
          if (plural.has(stem))
            expect(
              placeholders(value as string).filter((p) => p !== 'count'),
              key,
            ).toEqual(placeholders(source).filter((p) => p !== 'count'));
          else expect(placeholders(value as string), key).toEqual(placeholders(source));
        }
      });

      it('leaves no English text as it is, but for names and borrowed words', () => {
        const same = Object.entries(texts)
          .filter(([key, value]) => english[key] === value && !sameAsEnglish['*']!.includes(key) && !sameAsEnglish[tag]?.includes(key))
          .map(([key]) => key);
        expect(same).toEqual([]);
      });
    });
  }
});
