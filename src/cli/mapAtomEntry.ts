import { buildDocument, cleanText, distinct, itemLabel } from './buildDocument.ts';
import { htmlToPlainText } from './htmlToPlainText.ts';
import { attrOf, childOf, list, textOf, type XmlValue } from './parseXml.ts';
import { pickAtomEnclosureImage, pickMediaImage } from './pickImage.ts';
import { documentId } from './stableId.ts';
import { toIsoDate } from './toIsoDate.ts';
import { toSafeUrl } from './toSafeUrl.ts';
import type { FeedContext, MappedItem } from './types.ts';

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

/** The `href` of the entry's main link: `rel="alternate"` (or no `rel`), preferring an HTML one. */
function alternateLink(entry: XmlValue): string | undefined {
  const alternates = list(childOf(entry, 'link')).filter((link) => (attrOf(link, 'rel') ?? 'alternate') === 'alternate');
  const html = alternates.find((link) => /html/i.test(attrOf(link, 'type') ?? 'text/html'));
  return attrOf(html ?? alternates[0], 'href');
}

/**
 * Maps an Atom `<entry>` to a document:
 * - `title` → title (HTML and XHTML titles reduced to text);
 * - `content`, else `summary` → content, (X)HTML reduced to text;
 * - image: an image `<link rel="enclosure">`, else Media RSS, else the first `<img>` of the content;
 * - the `alternate` link → url (resolved against `xml:base` / the feed's link);
 * - `category` (its `label`, else its `term`) → category; the entry's `author` names, else the
 *   feed's → author; `published`, else `updated` → date;
 * - id: a numeric `<id>` as is, else the stable id of the `<id>` (else of the link).
 */
export function mapAtomEntry(entry: XmlValue, position: number, media: string, context: FeedContext, rawEntry: () => XmlValue): MappedItem {
  const warnings: string[] = [];
  const base = toSafeUrl(attrOf(entry, 'xml:base'), context.base) ?? context.base;
  const titleElement = childOf(entry, 'title');
  const title = cleanText(readText(titleElement, () => childOf(rawEntry(), 'title')).text);
  const atomId = textOf(childOf(entry, 'id'));
  const rawLink = alternateLink(entry);
  const url = toSafeUrl(rawLink, base);
  if (rawLink !== undefined && url === undefined) warnings.push(`link "${rawLink}" is not an http(s) URL; left out`);
  const label = itemLabel('entry', position, title, atomId ?? rawLink);

  const contentElement = childOf(entry, 'content');
  let body = readText(contentElement, () => childOf(rawEntry(), 'content'));
  if (body.text === undefined) body = readText(childOf(entry, 'summary'), () => childOf(rawEntry(), 'summary'));

  const imageCandidate = pickAtomEnclosureImage(entry) ?? pickMediaImage(entry, media) ?? body.firstImage;
  const image = toSafeUrl(imageCandidate, base);
  if (imageCandidate !== undefined && image === undefined) warnings.push(`image "${imageCandidate}" is not an http(s) URL; left out`);

  const rawDate = textOf(childOf(entry, 'published')) ?? textOf(childOf(entry, 'updated'));
  const date = toIsoDate(rawDate);
  if (rawDate !== undefined && date === undefined) warnings.push(`date "${rawDate}" is not a date; left out`);

  const authors = distinct(list(childOf(entry, 'author')).map((author) => textOf(childOf(author, 'name'))));

  return buildDocument(
    label,
    {
      id: documentId(atomId, rawLink),
      title,
      content: body.text,
      url,
      image,
      category: distinct(list(childOf(entry, 'category')).map((category) => attrOf(category, 'label') ?? attrOf(category, 'term'))),
      author: authors.length > 0 ? authors : context.feedAuthors,
      date,
    },
    warnings,
    'has no id and no link to derive a stable id from',
  );
}
