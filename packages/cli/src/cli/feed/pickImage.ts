import { isIncidentalImage, isUndisplayableImage } from './isIncidentalImage.ts';
import { attrOf, childOf, list, textOf, type XmlValue } from './parseXml.ts';

const imageExtension = /\.(avif|gif|jpe?g|png|svg|webp)(\?|#|$)/i;

function isImage(type: string | undefined, medium: string | undefined, url: string): boolean {
  if (isUndisplayableImage(url, type)) return false;
  if (medium !== undefined) return medium === 'image';
  if (type !== undefined) return type.toLowerCase().startsWith('image/');
  return imageExtension.test(url);
}

/** Whether a Media RSS element (or an enclosure) names a tracking pixel, an avatar or the like. */
function incidental(element: XmlValue, url: string): boolean {
  return (
    isIncidentalImage(url, { width: attrOf(element, 'width'), height: attrOf(element, 'height') }) ||
    isUndisplayableImage(url, attrOf(element, 'type'))
  );
}

/**
 * The first image a feed item names through Media RSS (`media:content` with an image type or
 * medium, also inside `media:group`, then `media:thumbnail`), in that order; `undefined` if none.
 * Avatars (WordPress.com puts the author's Gravatar first, GitHub the releaser's avatar) and
 * pixels are passed over. `media` is the prefix the feed uses for the Media RSS namespace.
 */
export function pickMediaImage(item: XmlValue, media: string): string | undefined {
  const groups = [item, ...list(childOf(item, `${media}:group`))];
  for (const group of groups) {
    for (const content of list(childOf(group, `${media}:content`))) {
      const url = attrOf(content, 'url');
      if (url !== undefined && isImage(attrOf(content, 'type'), attrOf(content, 'medium'), url) && !incidental(content, url)) return url;
    }
  }
  for (const group of groups) {
    for (const thumbnail of list(childOf(group, `${media}:thumbnail`))) {
      const url = attrOf(thumbnail, 'url');
      if (url !== undefined && !incidental(thumbnail, url)) return url;
    }
  }
  return undefined;
}

/** The first RSS `<enclosure>` that is an image (by its type, else by its file extension). */
export function pickEnclosureImage(item: XmlValue): string | undefined {
  for (const enclosure of list(childOf(item, 'enclosure'))) {
    const url = attrOf(enclosure, 'url');
    if (url !== undefined && isImage(attrOf(enclosure, 'type'), undefined, url) && !isIncidentalImage(url)) return url;
  }
  return undefined;
}

/**
 * The first RSS 1.0 `<enc:enclosure>` (mod_enclosure) that is an image: its address in
 * `rdf:resource` (or `resource`, `url`), its type in `enc:type` (or `type`). `enc` is the prefix
 * the feed uses for `http://purl.oclc.org/net/rss_2.0/enc#`.
 */
export function pickRdfEnclosureImage(item: XmlValue, enc: string): string | undefined {
  for (const enclosure of list(childOf(item, `${enc}:enclosure`))) {
    const url = attrOf(enclosure, 'rdf:resource') ?? attrOf(enclosure, 'resource') ?? attrOf(enclosure, 'url');
    const type = attrOf(enclosure, `${enc}:type`) ?? attrOf(enclosure, 'type');
    if (url !== undefined && isImage(type, undefined, url) && !isIncidentalImage(url)) return url;
  }
  return undefined;
}

/** The `<itunes:image href="…">` of an item or a channel (some feeds put the address in the text). */
export function pickItunesImage(node: XmlValue, itunes: string): string | undefined {
  const image = childOf(node, `${itunes}:image`);
  return attrOf(image, 'href') ?? attrOf(image, 'url') ?? textOf(image);
}

/** The first Atom `<link rel="enclosure">` that is an image. */
export function pickAtomEnclosureImage(entry: XmlValue): string | undefined {
  for (const link of list(childOf(entry, 'link'))) {
    const href = attrOf(link, 'href');
    if (
      attrOf(link, 'rel') === 'enclosure' &&
      href !== undefined &&
      isImage(attrOf(link, 'type'), undefined, href) &&
      !isIncidentalImage(href)
    ) {
      return href;
    }
  }
  return undefined;
}
