import { buildDocument, cleanText, distinct, itemLabel } from './buildDocument.ts';
import { htmlToPlainText } from './htmlToPlainText.ts';
import { attrOf, childOf, hasChildElements, list, textOf, type XmlValue } from './parseXml.ts';
import { pickEnclosureImage, pickMediaImage } from './pickImage.ts';
import { documentId } from './stableId.ts';
import { toIsoDate } from './toIsoDate.ts';
import { toSafeUrl } from './toSafeUrl.ts';
import type { FeedContext, MappedItem } from './types.ts';

/** The prefixes this feed uses for the namespaces the mapping reads. */
export interface RssNamespaces {
  content: string;
  media: string;
  dc: string;
}

/** The name in an RSS `<author>`: `jane@example.com (Jane Doe)` → `Jane Doe`; otherwise the value as is. */
function authorName(value: string): string {
  const named = /^\S+@\S+\s*\((.+)\)$/.exec(value);
  return named ? named[1]!.trim() : value;
}

/**
 * Maps an RSS 2.0 `<item>` (or an RSS 1.0 one) to a document:
 * - `title` → title (plain text, as RSS defines it);
 * - `content:encoded`, else `description` → content, HTML reduced to text;
 * - image: an image `<enclosure>`, else Media RSS (`media:content`, `media:thumbnail`), else the
 *   first `<img>` of the content;
 * - `link` (else a permalink `guid`) → url; `category` and `dc:subject` → category;
 *   `dc:creator` and `author` → author; `pubDate` (else `dc:date`) → date as ISO 8601;
 * - id: a numeric `guid` as is, else the stable id of the `guid` (RSS 1.0: `rdf:about`), else of the link.
 * `rawItem` is the same item with its content elements as raw markup (see `parseXml`), used when a
 * feed puts unescaped HTML inside `description`.
 */
export function mapRssItem(item: XmlValue, position: number, ns: RssNamespaces, context: FeedContext, rawItem: () => XmlValue): MappedItem {
  const warnings: string[] = [];
  const title = cleanText(textOf(childOf(item, 'title')));
  const guid = textOf(childOf(item, 'guid')) ?? attrOf(item, 'rdf:about');
  const rawLink = textOf(childOf(item, 'link'));
  const permalink = guid !== undefined && attrOf(childOf(item, 'guid'), 'isPermaLink') !== 'false' ? guid : undefined;
  const linkUrl = toSafeUrl(rawLink, context.base);
  if (rawLink !== undefined && linkUrl === undefined) warnings.push(`link "${rawLink}" is not an http(s) URL; not used`);
  const url = linkUrl ?? toSafeUrl(permalink, context.base);
  const label = itemLabel('item', position, title, guid ?? rawLink);

  let html: string | undefined;
  for (const name of [`${ns.content}:encoded`, 'description']) {
    const value = childOf(item, name);
    if (value === undefined) continue;
    // A string is the normal case (CDATA or escaped HTML); an object means unescaped markup inside the element.
    html = hasChildElements(value) ? textOf(childOf(rawItem(), name)) : textOf(value);
    if (html !== undefined) break;
  }
  const converted = html === undefined ? undefined : htmlToPlainText(html);
  const content = converted?.text === '' ? undefined : converted?.text;

  const imageCandidate = pickEnclosureImage(item) ?? pickMediaImage(item, ns.media) ?? converted?.firstImage;
  const image = toSafeUrl(imageCandidate, context.base);
  if (imageCandidate !== undefined && image === undefined) warnings.push(`image "${imageCandidate}" is not an http(s) URL; left out`);

  const rawDate = textOf(childOf(item, 'pubDate')) ?? textOf(childOf(item, `${ns.dc}:date`));
  const date = toIsoDate(rawDate);
  if (rawDate !== undefined && date === undefined) warnings.push(`date "${rawDate}" is not a date; left out`);

  return buildDocument(
    label,
    {
      id: documentId(guid, rawLink),
      title,
      content,
      url,
      image,
      category: distinct([...list(childOf(item, 'category')), ...list(childOf(item, `${ns.dc}:subject`))].map((c) => textOf(c))),
      author: distinct([
        ...list(childOf(item, `${ns.dc}:creator`)).map((c) => textOf(c)),
        ...list(childOf(item, 'author')).map((a) => {
          const value = textOf(a);
          return value === undefined ? undefined : authorName(value);
        }),
      ]),
      date,
    },
    warnings,
    'has no guid and no link to derive a stable id from',
  );
}
