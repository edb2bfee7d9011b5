import { compile } from 'html-to-text';

interface Collected {
  image?: string;
}

/**
 * One compiled html-to-text converter for feed content: no line wrapping, links and headings kept
 * as their text (no `[href]`, no upper-casing), scripts/styles/forms dropped, and `<img>` printing
 * nothing but recording the first image's `src` (the document's image when the feed names none).
 */
const convert = compile({
  wordwrap: false,
  formatters: {
    collectImage(elem, _walk, builder) {
      // `metadata` (html-to-text ≥ 9) is missing from @types/html-to-text.
      const found = (builder as unknown as { metadata?: Collected }).metadata;
      const src = (elem as { attribs?: Record<string, string> }).attribs?.src;
      if (found && found.image === undefined && typeof src === 'string' && src.trim() !== '') found.image = src.trim();
    },
  },
  selectors: [
    { selector: 'img', format: 'collectImage' },
    { selector: 'a', options: { ignoreHref: true } },
    ...(['h1', 'h2', 'h3', 'h4', 'h5', 'h6'] as const).map((selector) => ({ selector, options: { uppercase: false } })),
    { selector: 'table', format: 'block' },
    { selector: 'hr', format: 'skip' },
    ...(['script', 'style', 'noscript', 'template', 'iframe', 'object', 'form', 'button', 'svg'] as const).map((selector) => ({
      selector,
      format: 'skip',
    })),
  ],
}) as (html: string, metadata?: Collected) => string;

/** Reduces feed HTML to readable plain text (paragraphs separated by a blank line) and finds its first image. */
export function htmlToPlainText(html: string): { text: string; firstImage?: string } {
  const found: Collected = {};
  const text = convert(html, found)
    .replace(/[ \t\u00a0]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return found.image === undefined ? { text } : { text, firstImage: found.image };
}
