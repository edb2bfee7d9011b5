import { languageTag } from '../languagesSeen.ts';

/** The language a page declares: `<html lang>` (or `xml:lang`). */
export function pageLanguage(document: globalThis.Document): string | undefined {
  const html = document.documentElement;
  return languageTag(html?.getAttribute('lang') ?? html?.getAttribute('xml:lang'));
}

/** The language an HTML text declares on its `<html>` tag, read without parsing the page. */
export function htmlLanguage(html: string): string | undefined {
  const tag = /<html\b[^>]*>/i.exec(html.slice(0, 100_000))?.[0];
  const lang = tag === undefined ? undefined : /\s(?:xml:)?lang\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i.exec(tag);
  return languageTag(lang?.[1] ?? lang?.[2] ?? lang?.[3]);
}
