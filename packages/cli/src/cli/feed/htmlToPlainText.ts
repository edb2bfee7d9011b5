import { compile } from 'html-to-text';
import { emojiClass, isIncidentalImage } from './isIncidentalImage.ts';

interface Collected {
  image?: string;
}

interface Element {
  attribs?: Record<string, string>;
  parent?: Element | null;
}

/** Blocks of share buttons: FeedBurner's FeedFlare, WordPress's Sharedaddy, AddToAny. */
const shareBlock = /(?:^|\s)(?:feedflare|sharedaddy|sd-sharing-enabled|a2a_kit|addtoany_share_save_container)(?:\s|$)/;

/** The same blocks, and Substack's sign-up box, as html-to-text selectors: their text is not the post's. */
const shareBlockSelectors = ['.feedflare', '.sharedaddy', '.a2a_kit', '.addtoany_share_save_container', '.subscription-widget-wrap'];

function insideShareBlock(element: Element): boolean {
  for (let node = element.parent; node; node = node.parent) {
    if (shareBlock.test(node.attribs?.class ?? '')) return true;
  }
  return false;
}

/**
 * The address of a content image that can stand for the post: its `src` (a lazy-loading
 * `data-src` / `data-lazy-src` / `data-original` when the `src` is a `data:` placeholder), unless
 * it is a tracking pixel, a share button, an emoji or an avatar (see `isIncidentalImage`) or sits
 * in a block of share buttons.
 */
function postImageOf(element: Element): string | undefined {
  const attribs = element.attribs ?? {};
  let src = attribs.src?.trim();
  if (src === undefined || src === '' || /^data:/i.test(src)) {
    src = (attribs['data-src'] ?? attribs['data-lazy-src'] ?? attribs['data-original'] ?? src)?.trim();
  }
  if (src === undefined || src === '' || isIncidentalImage(src, attribs) || insideShareBlock(element)) return undefined;
  return src;
}

/**
 * One compiled html-to-text converter for feed content: no line wrapping, links and headings kept
 * as their text (no `[href]`, no upper-casing), scripts/styles/forms dropped, blocks of share
 * buttons and newsletter sign-up boxes dropped (`shareBlockSelectors`), and `<img>` printing
 * nothing (an emoji image prints its `alt`, WordPress turns 😉 into one) but recording the first
 * image that can stand for the post (the document's image when the feed names none; pixels and
 * share buttons are passed over).
 */
const convert = compile({
  wordwrap: false,
  formatters: {
    collectImage(elem, _walk, builder) {
      // `metadata` (html-to-text ≥ 9) is missing from @types/html-to-text.
      const found = (builder as unknown as { metadata?: Collected }).metadata;
      if (found && found.image === undefined) found.image = postImageOf(elem as Element);
      const attribs = (elem as Element).attribs ?? {};
      if (emojiClass.test(attribs.class ?? '') && attribs.alt) builder.addInline(attribs.alt);
    },
  },
  selectors: [
    { selector: 'img', format: 'collectImage' },
    { selector: 'a', options: { ignoreHref: true } },
    ...(['h1', 'h2', 'h3', 'h4', 'h5', 'h6'] as const).map((selector) => ({ selector, options: { uppercase: false } })),
    { selector: 'table', format: 'block' },
    { selector: 'hr', format: 'skip' },
    ...shareBlockSelectors.map((selector) => ({ selector, format: 'skip' })),
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
