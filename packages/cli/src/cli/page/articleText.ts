import { parseHTML } from 'linkedom';
import { htmlToPlainText } from '../feed/htmlToPlainText.ts';

/** What an article's HTML reads as: its plain text, and its first image that can stand for the post. */
export interface ArticleReading {
  text: string;
  firstImage?: string;
}

/** Text kept from one article: more is cut (a post is never this long; a hostile page may be). */
const MAX_TEXT = 1_000_000;

function withoutIgnored(html: string): string {
  if (!/data-trove-ignore/i.test(html)) return html;
  const { document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`);
  for (const element of document.querySelectorAll('[data-trove-ignore]')) element.remove();
  return document.body.innerHTML;
}

/** The text of markup too deeply nested for the converter: its text nodes, whitespace collapsed. */
function flatText(html: string): string {
  const { document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`);
  for (const element of document.querySelectorAll('script, style, noscript, template')) element.remove();
  return (document.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/**
 * The one rule that turns an article body's HTML into its plain text and first image, for a page
 * read from a site (src/cli/page/readPage.ts) and for a WordPress REST post's `content.rendered`,
 * so that the same post read either way gives the same document: the feed path's conversion
 * (src/cli/feed/htmlToPlainText.ts: paragraphs kept apart, scripts, forms and share blocks
 * dropped), with the elements marked `data-trove-ignore` left out. Never throws: markup nested
 * too deep for the converter falls back to its bare text; the text is bounded.
 */
export function readArticle(html: string): ArticleReading {
  const source = withoutIgnored(html);
  let reading: ArticleReading;
  try {
    reading = htmlToPlainText(source);
  } catch {
    reading = { text: flatText(source) };
  }
  return reading.text.length > MAX_TEXT ? { ...reading, text: reading.text.slice(0, MAX_TEXT) } : reading;
}

/** An article body's plain text (see `readArticle`). */
export function articleText(html: string): string {
  return readArticle(html).text;
}
