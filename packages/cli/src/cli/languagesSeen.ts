/** Posts counted by the language they declare (`de-DE`: 12): what `trove index` saw, for its summary. */
export type LanguagesSeen = Record<string, number>;

/**
 * A declared language (`<html lang>`, a feed's `<language>`, `xml:lang`) as a canonical BCP 47
 * tag (`de_de` → `de-DE`), or undefined for an empty or malformed one.
 */
export function languageTag(raw: string | null | undefined): string | undefined {
  const text = raw?.trim().replace(/_/g, '-');
  if (!text || text.length > 35 || !/^[A-Za-z]{2,8}(?:-[A-Za-z0-9]{1,8})*$/.test(text)) return undefined;
  try {
    return Intl.getCanonicalLocales(text)[0];
  } catch {
    return undefined;
  }
}

/** Counts `posts` more posts in `language` (nothing when it is undefined). */
export function countLanguage(seen: LanguagesSeen, language: string | undefined, posts = 1): void {
  if (language === undefined || posts <= 0) return;
  seen[language] = (seen[language] ?? 0) + posts;
}

/** `Languages: de-DE (12 posts), en (1 post).`, most posts first; '' when no post declared one. */
export function formatLanguages(seen: LanguagesSeen): string {
  const entries = Object.entries(seen).sort(([a, x], [b, y]) => y - x || a.localeCompare(b));
  if (entries.length === 0) return '';
  return `Languages: ${entries.map(([tag, n]) => `${tag} (${n} ${n === 1 ? 'post' : 'posts'})`).join(', ')}.\n`;
}
