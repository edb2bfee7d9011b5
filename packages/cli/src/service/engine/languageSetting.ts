import { findLanguage, LANGUAGES } from './languages.ts';

/** The language each collection is forced to (`TROVE_LANGUAGE`), by `project/collection`; `*` for every other. */
export type LanguageSetting = ReadonlyMap<string, string>;

/**
 * Reads `TROVE_LANGUAGE` (trove serve's own setting, like Pagefind's force_language): `fr` forces
 * French on every collection; `demo/blog=fr,demo/docs=de` names collections (`*=en` for the
 * rest). Without it, each document's language is detected. Throws on a language it does not know.
 */
export function parseLanguageSetting(text: string | undefined): LanguageSetting {
  const setting = new Map<string, string>();
  for (const part of (text ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [key, code] = part.includes('=') ? part.split('=', 2).map((s) => s.trim()) : ['*', part];
    if (!code || !findLanguage(code)) {
      throw new Error(`TROVE_LANGUAGE: unknown language "${code ?? ''}" (use one of ${LANGUAGES.map((l) => l.code).join(', ')})`);
    }
    if (!key || (key !== '*' && !/^[^/]+\/[^/]+$/.test(key))) throw new Error(`TROVE_LANGUAGE: "${key}" is not project/collection`);
    setting.set(key, findLanguage(code)!.code);
  }
  return setting;
}

/** The language forced on a collection, if any. */
export function forcedLanguage(setting: LanguageSetting | undefined, project: string, collection: string): string | undefined {
  return setting?.get(`${project}/${collection}`) ?? setting?.get('*');
}
