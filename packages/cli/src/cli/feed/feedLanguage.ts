import { countLanguage, type LanguagesSeen, languageTag } from '../languagesSeen.ts';

/**
 * The language a feed declares for its items: RSS's `<language>` (or RDF's `<dc:language>`) before
 * its first item, Atom's `xml:lang` on `<feed>`, JSON Feed's `language`.
 */
export function feedLanguage(text: string): string | undefined {
  const start = text.trimStart();
  if (start.startsWith('{')) {
    try {
      const feed = JSON.parse(start) as { language?: unknown };
      return typeof feed.language === 'string' ? languageTag(feed.language) : undefined;
    } catch {
      return undefined;
    }
  }
  const first = text.search(/<(?:item|entry)[\s>]/i);
  const head = text.slice(0, first === -1 ? 20_000 : Math.min(first, 20_000));
  const element = /<(?:dc:)?language>\s*([^<]*?)\s*<\/(?:dc:)?language>/i.exec(head)?.[1];
  if (element !== undefined) return languageTag(element);
  const atom = /<feed\b[^>]*\sxml:lang\s*=\s*["']([^"']*)["']/i.exec(head)?.[1];
  return languageTag(atom);
}

/** A feed's `posts` documents by the language it declares, for the summary. */
export function feedLanguages(text: string, posts: number): LanguagesSeen {
  const seen: LanguagesSeen = {};
  countLanguage(seen, feedLanguage(text), posts);
  return seen;
}
