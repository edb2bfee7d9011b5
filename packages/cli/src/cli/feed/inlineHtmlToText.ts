import { decodeHTMLStrict } from 'entities';
import { cleanText } from '../buildDocument.ts';

/**
 * A one-line field (a title, an author, a category) as plain text: scripts, styles and comments
 * dropped, tags removed (a block or line break becomes a space), every HTML entity decoded
 * (`&eacute;`, `&#x0024;`, `&hellip;`: the `entities` package, semicolon required so "AT&T"
 * stays as is), whitespace collapsed; `undefined` when nothing is left. Tags are removed before
 * entities are decoded, so an escaped `&lt;b&gt;` stays visible as "<b>". Only `<` followed by a
 * letter, `/` or `!` starts a tag: "3 < 5" is kept.
 */
export function inlineHtmlToText(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const withoutTags = value
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<\/?(?:br|p|div|li|ul|ol|h[1-6]|tr|td|th|blockquote|hr)\b[^<>]*>/gi, ' ')
    .replace(/<\/?[a-z][a-z0-9:-]*(?:\s[^<>]*)?\/?>/gi, '');
  return cleanText(decodeHTMLStrict(withoutTags));
}
