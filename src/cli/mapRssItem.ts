import { buildDocument, distinct, itemLabel } from './buildDocument.ts';
import { dateField } from './dateField.ts';
import { htmlToPlainText } from './htmlToPlainText.ts';
import { inlineHtmlToText } from './inlineHtmlToText.ts';
import { mediaDescription } from './mediaDescription.ts';
import { attrOf, childOf, hasChildElements, list, textOf, type XmlValue } from './parseXml.ts';
import { pickEnclosureImage, pickItunesImage, pickMediaImage, pickRdfEnclosureImage } from './pickImage.ts';
import { documentId } from './stableId.ts';
import { toSafeUrl } from './toSafeUrl.ts';
import type { FeedContext, MappedItem } from './types.ts';

/** The prefixes this feed uses for the namespaces the mapping reads. */
export interface RssNamespaces {
  content: string;
  media: string;
  dc: string;
  itunes: string;
  feedburner: string;
  enc: string;
}

/** The name in an RSS `<author>`: `jane@example.com (Jane Doe)` → `Jane Doe`; otherwise the value as is. */
function authorName(value: string): string {
  const named = /^\S+@\S+\s*\((.+)\)$/.exec(value);
  return named ? named[1]!.trim() : value;
}

/** The link an item stands for: FeedBurner's `feedburner:origLink` (the post itself), else `<link>`. */
export function rssLinkOf(item: XmlValue, ns: RssNamespaces): string | undefined {
  return textOf(childOf(item, `${ns.feedburner}:origLink`)) ?? textOf(childOf(item, 'link'));
}

/** The item's own identifier: its `<guid>`, or (RSS 1.0) its `rdf:about`. */
export function rssGuidOf(item: XmlValue): string | undefined {
  return textOf(childOf(item, 'guid')) ?? attrOf(item, 'rdf:about');
}

/**
 * Maps an RSS 2.0 `<item>` (or an RSS 1.0 one) to a document:
 * - `title` → title, as plain text (tags removed, HTML entities decoded: feeds put HTML there);
 * - `content:encoded`, else `description`, else `itunes:summary`, else `media:description` →
 *   content, HTML reduced to text;
 * - image: an image `<enclosure>` (RSS 1.0: `enc:enclosure`), else Media RSS (`media:content`,
 *   `media:thumbnail`), else the item's `itunes:image`, else the first `<img>` of the content that
 *   is not a tracking pixel, share button, emoji or avatar, else the channel's `itunes:image`;
 * - `feedburner:origLink`, else `link` (else a permalink `guid`) → url; `category` and
 *   `dc:subject` → category; `dc:creator`, `author` and `itunes:author` (else the channel's
 *   `itunes:author`) → author, as plain text; `pubDate` (else `dc:date`) → date, ISO 8601 in UTC
 *   (a zone-less date is UTC; an impossible one is left out with a warning);
 * - id: a numeric `guid` as is, else the stable id of the `guid` (RSS 1.0: `rdf:about`), else of
 *   the link (plus the enclosure, else the title, when other guid-less items share that link).
 * `rawItem` is the same item with its content elements as raw markup (see `parseXml`), used when a
 * feed puts unescaped HTML inside `description`.
 */
export function mapRssItem(item: XmlValue, position: number, ns: RssNamespaces, context: FeedContext, rawItem: () => XmlValue): MappedItem {
  const warnings: string[] = [];
  const title = inlineHtmlToText(textOf(childOf(item, 'title')));
  const guid = rssGuidOf(item);
  const rawLink = rssLinkOf(item, ns);
  const permalink = guid !== undefined && attrOf(childOf(item, 'guid'), 'isPermaLink') !== 'false' ? guid : undefined;
  const linkUrl = toSafeUrl(rawLink, context.base);
  if (rawLink !== undefined && linkUrl === undefined) warnings.push(`link "${rawLink}" is not an http(s) URL; not used`);
  const url = linkUrl ?? toSafeUrl(permalink, context.base);
  const label = itemLabel('item', position, title, guid ?? rawLink);

  let html: string | undefined;
  for (const name of [`${ns.content}:encoded`, 'description', `${ns.itunes}:summary`]) {
    const value = childOf(item, name);
    if (value === undefined) continue;
    // A string is the normal case (CDATA or escaped HTML); an object means unescaped markup inside the element.
    html = hasChildElements(value) ? textOf(childOf(rawItem(), name)) : textOf(value);
    if (html !== undefined) break;
  }
  const converted = html === undefined ? undefined : htmlToPlainText(html);
  const content = (converted?.text === '' ? undefined : converted?.text) ?? mediaDescription(item, ns.media);

  const imageCandidate =
    pickEnclosureImage(item) ??
    pickRdfEnclosureImage(item, ns.enc) ??
    pickMediaImage(item, ns.media) ??
    pickItunesImage(item, ns.itunes) ??
    converted?.firstImage ??
    context.feedImage;
  const image = toSafeUrl(imageCandidate, context.base);
  if (imageCandidate !== undefined && image === undefined) warnings.push(`image "${imageCandidate}" is not an http(s) URL; left out`);

  const date = dateField(textOf(childOf(item, 'pubDate')) ?? textOf(childOf(item, `${ns.dc}:date`)), warnings);

  let idKey = rawLink;
  if (guid === undefined && rawLink !== undefined && context.sharedLinks?.has(rawLink)) {
    const enclosure = attrOf(childOf(item, 'enclosure'), 'url') ?? attrOf(childOf(item, `${ns.enc}:enclosure`), 'rdf:resource');
    idKey = enclosure !== undefined ? `${rawLink} ${enclosure}` : title !== undefined ? `${rawLink} ${title}` : rawLink;
  }

  const authors = distinct(
    [
      ...list(childOf(item, `${ns.dc}:creator`)).map((c) => textOf(c)),
      ...list(childOf(item, 'author')).map((a) => {
        const value = textOf(a);
        return value === undefined ? undefined : authorName(value);
      }),
      ...list(childOf(item, `${ns.itunes}:author`)).map((a) => textOf(a)),
    ].map(inlineHtmlToText),
  );

  return buildDocument(
    label,
    {
      id: documentId(guid, idKey),
      title,
      content,
      url,
      image,
      category: distinct(
        [...list(childOf(item, 'category')), ...list(childOf(item, `${ns.dc}:subject`))].map((c) => inlineHtmlToText(textOf(c))),
      ),
      author: authors.length > 0 ? authors : context.feedAuthors,
      date,
    },
    warnings,
    'has no guid and no link to derive a stable id from',
  );
}
