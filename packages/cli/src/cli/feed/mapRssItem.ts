import { documentId } from 'trove-search-client';
import { distinct, itemLabel } from '../buildDocument.ts';
import { buildFeedDocument } from './buildFeedDocument.ts';
import { dateField } from './dateField.ts';
import { htmlToPlainText } from './htmlToPlainText.ts';
import { inlineHtmlToText } from './inlineHtmlToText.ts';
import { mediaDescription } from './mediaDescription.ts';
import { attrOf, childOf, hasChildElements, list, textOf, type XmlValue } from './parseXml.ts';
import { pickEnclosureImage, pickItunesImage, pickMediaImage, pickRdfEnclosureImage } from './pickImage.ts';
import { isAdLink, isClickTracker, originalLinkOf, resolveItemLink } from './itemLink.ts';
import { toSafeUrl } from '../toSafeUrl.ts';
import type { FeedContext, MappedItem } from '../types.ts';

/** The prefixes this feed uses for the namespaces the mapping reads. */
export interface RssNamespaces {
  content: string;
  media: string;
  dc: string;
  itunes: string;
  /** Atom, for a channel's `atom:link rel="self"`. */
  atom: string;
  enc: string;
}

/** The name in an RSS `<author>`: `jane@example.com (Jane Doe)` → `Jane Doe`; otherwise the value as is. */
function authorName(value: string): string {
  const named = /^\S+@\S+\s*\((.+)\)$/.exec(value);
  return named ? named[1]!.trim() : value;
}

/**
 * The link an item stands for: the original link a feed service gives (`feedburner:origLink`,
 * `pheedo:origLink`, any prefix), else `<link>`, unless that is a click tracker and the `guid` is
 * a permalink, else the permalink `guid`.
 */
export function rssLinkOf(item: XmlValue): string | undefined {
  const guid = childOf(item, 'guid');
  const permalink = attrOf(guid, 'isPermaLink') !== 'false' && /^https?:\/\//i.test(textOf(guid) ?? '') ? textOf(guid) : undefined;
  const link = textOf(childOf(item, 'link'));
  return originalLinkOf(item) ?? (link !== undefined && isClickTracker(link) && permalink ? permalink : (link ?? permalink));
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
 * - the original link (`feedburner:origLink`, `pheedo:origLink`…), else `link` (a permalink `guid`
 *   rather than a click tracker), else a permalink `guid` → url, see `resolveItemLink`; `category` and
 *   `dc:subject` → category; `dc:creator`, `author` and `itunes:author` (else the channel's
 *   `itunes:author`) → author, as plain text; `pubDate` (else `dc:date`) → date, ISO 8601 in UTC
 *   (a zone-less date is UTC; an impossible one is left out with a warning);
 * - id: `documentId` of the url, the id `<trove-related-posts>` computes on the post's page; when
 *   other items share that link, `documentId` of the `guid` (RSS 1.0: `rdf:about`), else of the
 *   link plus the enclosure, else plus the title (`fallbackId`);
 * - an item whose link goes to an ad server is an inserted advertisement: `ignored`.
 * `rawItem` is the same item with its content elements as raw markup (see `parseXml`), used when a
 * feed puts unescaped HTML inside `description`.
 */
export function mapRssItem(item: XmlValue, position: number, ns: RssNamespaces, context: FeedContext, rawItem: () => XmlValue): MappedItem {
  const warnings: string[] = [];
  const title = inlineHtmlToText(textOf(childOf(item, 'title')));
  const guid = rssGuidOf(item);
  const rawLink = rssLinkOf(item);
  let { url, warning } = resolveItemLink(rawLink, context.base, context);
  const permalink = attrOf(childOf(item, 'guid'), 'isPermaLink') !== 'false' ? textOf(childOf(item, 'guid')) : undefined;
  if (url === undefined && permalink !== undefined && permalink !== rawLink) {
    url = resolveItemLink(permalink, context.base, context).url;
  }
  // RSS has always said "not used" of a link that is not http(s) (a permalink guid may stand in).
  if (warning?.includes('is not an http(s) URL')) warning = warning.replace('; left out', '; not used');
  if (warning !== undefined) warnings.push(warning);
  const label = itemLabel('item', position, title, guid ?? rawLink);
  if (url !== undefined && isAdLink(url)) {
    return { label, warnings, ignored: `is an advertisement (its link goes to the ad server ${new URL(url).host}); left out` };
  }

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

  // Items that share their link (podcast episodes linking to the show) are told apart by their guid, else link plus enclosure or title.
  const enclosure = attrOf(childOf(item, 'enclosure'), 'url') ?? attrOf(childOf(item, `${ns.enc}:enclosure`), 'rdf:resource');
  const linkKey = url ?? rawLink;
  const fallbackId = documentId(guid ?? (linkKey === undefined ? undefined : `${linkKey} ${enclosure ?? title ?? ''}`));

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

  return buildFeedDocument(
    label,
    {
      fallbackId,
      title,
      content,
      url,
      image,
      category: distinct(
        [...list(childOf(item, 'category')), ...list(childOf(item, `${ns.dc}:subject`))].map((c) => inlineHtmlToText(textOf(c))),
      ),
      author: authors,
      date,
    },
    context,
    warnings,
    'has no guid and no link to derive a stable id from',
  );
}
