import { decodeHTMLStrict } from 'entities';
import { documentId } from 'trove-search-client';
import { cleanText, distinct, itemLabel } from '../buildDocument.ts';
import { buildFeedDocument } from './buildFeedDocument.ts';
import { dateField } from './dateField.ts';
import { htmlToPlainText } from './htmlToPlainText.ts';
import { inlineHtmlToText } from './inlineHtmlToText.ts';
import { mediaDescription } from './mediaDescription.ts';
import { attrOf, childOf, list, textOf, type XmlValue } from './parseXml.ts';
import { pickAtomEnclosureImage, pickMediaImage } from './pickImage.ts';
import { isAdLink, originalLinkOf, resolveItemLink } from './itemLink.ts';
import { toSafeUrl } from '../toSafeUrl.ts';
import type { FeedContext, MappedItem } from '../types.ts';

/** The prefixes this feed uses for the namespaces the mapping reads. */
export interface AtomNamespaces {
  media: string;
}

type TextKind = 'text' | 'html' | 'xhtml' | 'other';

/** Atom text constructs: `type` is `text` (default), `html`, `xhtml`, or a media type. */
function textKind(element: XmlValue): TextKind {
  const type = (attrOf(element, 'type') ?? 'text').toLowerCase();
  if (type === 'text' || type === 'text/plain') return 'text';
  if (type === 'html' || type === 'text/html') return 'html';
  if (type === 'xhtml' || type === 'application/xhtml+xml') return 'xhtml';
  return type.startsWith('text/') ? 'text' : 'other';
}

/** The text of an Atom text construct and, for (X)HTML, its first image. */
function readText(element: XmlValue, rawElement: () => XmlValue): { text?: string; firstImage?: string } {
  if (element === undefined || attrOf(element, 'src') !== undefined) return {}; // out-of-line content is not fetched
  const kind = textKind(element);
  if (kind === 'text') return { text: textOf(element) };
  if (kind === 'other') return {};
  // html: the decoded text is markup; xhtml: the element holds markup, read raw.
  const markup = kind === 'html' ? textOf(element) : textOf(rawElement());
  if (markup === undefined) return {};
  const converted = htmlToPlainText(markup);
  return { text: converted.text === '' ? undefined : converted.text, firstImage: converted.firstImage };
}

/**
 * An Atom title as plain text: an `html` or `xhtml` title loses its tags and entities; a `text`
 * title is text already (a literal "<div>" in it stays), but HTML entities left in it by
 * generators that escape twice (`&amp;eacute;`) are decoded.
 */
function readTitle(element: XmlValue, rawElement: () => XmlValue): string | undefined {
  if (element === undefined) return undefined;
  const kind = textKind(element);
  if (kind === 'other') return undefined;
  if (kind === 'text') {
    const text = textOf(element);
    return text === undefined ? undefined : cleanText(decodeHTMLStrict(text));
  }
  return inlineHtmlToText(kind === 'html' ? textOf(element) : textOf(rawElement()));
}

/** The link an entry stands for: the original link a feed service gives (`feedburner:origLink`, any prefix), else its alternate link. */
export function atomLinkOf(entry: XmlValue): string | undefined {
  return originalLinkOf(entry) ?? alternateLink(entry);
}

/** The `href` of the entry's main link: `rel="alternate"` (or no `rel`), preferring an HTML one. */
function alternateLink(entry: XmlValue): string | undefined {
  const alternates = list(childOf(entry, 'link')).filter((link) => (attrOf(link, 'rel') ?? 'alternate') === 'alternate');
  const html = alternates.find((link) => /html/i.test(attrOf(link, 'type') ?? 'text/html'));
  return attrOf(html ?? alternates[0], 'href');
}

/**
 * Maps an Atom `<entry>` to a document:
 * - `title` → title, as plain text (see `readTitle`);
 * - `content`, else `summary`, else `media:description` (YouTube) → content, (X)HTML reduced to text;
 * - image: an image `<link rel="enclosure">`, else Media RSS (not an avatar), else the first
 *   `<img>` of the content that is not a tracking pixel, share button, emoji or avatar;
 * - the original link (`feedburner:origLink`, any prefix), else the `alternate` link → url (see
 *   `resolveItemLink`: relative links resolve against `xml:base`, the feed's site or self link…);
 * - `category` (its `label`, else its `term`) → category; the entry's `author` names, else the
 *   feed's → author; `published`, else `updated` → date, ISO 8601 in UTC;
 * - id: `documentId` of the url (what `<trove-related-posts>` computes on the post's page); when
 *   other entries share that link, of the `<id>`, else of the link plus the title (`fallbackId`);
 * - an entry whose link goes to an ad server is an inserted advertisement: `ignored`.
 */
export function mapAtomEntry(
  entry: XmlValue,
  position: number,
  ns: AtomNamespaces,
  context: FeedContext,
  rawEntry: () => XmlValue,
): MappedItem {
  const warnings: string[] = [];
  const base = toSafeUrl(attrOf(entry, 'xml:base'), context.base) ?? context.base;
  const title = readTitle(childOf(entry, 'title'), () => childOf(rawEntry(), 'title'));
  const atomId = textOf(childOf(entry, 'id'));
  const rawLink = atomLinkOf(entry);
  const { url, warning } = resolveItemLink(rawLink, base, context);
  if (warning !== undefined) warnings.push(warning);
  const label = itemLabel('entry', position, title, atomId ?? rawLink);
  if (url !== undefined && isAdLink(url)) {
    return { label, warnings, ignored: `is an advertisement (its link goes to the ad server ${new URL(url).host}); left out` };
  }

  const contentElement = childOf(entry, 'content');
  let body = readText(contentElement, () => childOf(rawEntry(), 'content'));
  if (body.text === undefined) body = readText(childOf(entry, 'summary'), () => childOf(rawEntry(), 'summary'));
  if (body.text === undefined) body = { ...body, text: mediaDescription(entry, ns.media) };

  const imageCandidate = pickAtomEnclosureImage(entry) ?? pickMediaImage(entry, ns.media) ?? body.firstImage;
  const image = toSafeUrl(imageCandidate, base);
  if (imageCandidate !== undefined && image === undefined) warnings.push(`image "${imageCandidate}" is not an http(s) URL; left out`);

  const date = dateField(textOf(childOf(entry, 'published')) ?? textOf(childOf(entry, 'updated')), warnings);

  const authors = distinct(list(childOf(entry, 'author')).map((author) => inlineHtmlToText(textOf(childOf(author, 'name')))));
  // Entries that share their link are told apart by their id, else link plus title.
  const linkKey = url ?? rawLink;
  const fallbackId = documentId(atomId ?? (linkKey === undefined ? undefined : `${linkKey} ${title ?? ''}`));

  return buildFeedDocument(
    label,
    {
      fallbackId,
      title,
      content: body.text,
      url,
      image,
      category: distinct(
        list(childOf(entry, 'category')).map((category) => inlineHtmlToText(attrOf(category, 'label') ?? attrOf(category, 'term'))),
      ),
      author: authors,
      date,
    },
    context,
    warnings,
    'has no id and no link to derive a stable id from',
  );
}
