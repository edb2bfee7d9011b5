import { attrOf, childOf, list, type XmlValue } from './parseXml.ts';

const imageExtension = /\.(avif|gif|jpe?g|png|svg|webp)(\?|#|$)/i;

function isImage(type: string | undefined, medium: string | undefined, url: string): boolean {
  if (medium !== undefined) return medium === 'image';
  if (type !== undefined) return type.toLowerCase().startsWith('image/');
  return imageExtension.test(url);
}

/**
 * The first image a feed item names through Media RSS (`media:content` with an image type or
 * medium, also inside `media:group`, then `media:thumbnail`), in that order; `undefined` if none.
 * `media` is the prefix the feed uses for the Media RSS namespace.
 */
export function pickMediaImage(item: XmlValue, media: string): string | undefined {
  const groups = [item, ...list(childOf(item, `${media}:group`))];
  for (const group of groups) {
    for (const content of list(childOf(group, `${media}:content`))) {
      const url = attrOf(content, 'url');
      if (url !== undefined && isImage(attrOf(content, 'type'), attrOf(content, 'medium'), url)) return url;
    }
  }
  for (const group of groups) {
    for (const thumbnail of list(childOf(group, `${media}:thumbnail`))) {
      const url = attrOf(thumbnail, 'url');
      if (url !== undefined) return url;
    }
  }
  return undefined;
}

/** The first RSS `<enclosure>` that is an image (by its type, else by its file extension). */
export function pickEnclosureImage(item: XmlValue): string | undefined {
  for (const enclosure of list(childOf(item, 'enclosure'))) {
    const url = attrOf(enclosure, 'url');
    if (url !== undefined && isImage(attrOf(enclosure, 'type'), undefined, url)) return url;
  }
  return undefined;
}

/** The first Atom `<link rel="enclosure">` that is an image. */
export function pickAtomEnclosureImage(entry: XmlValue): string | undefined {
  for (const link of list(childOf(entry, 'link'))) {
    const href = attrOf(link, 'href');
    if (attrOf(link, 'rel') === 'enclosure' && href !== undefined && isImage(attrOf(link, 'type'), undefined, href)) return href;
  }
  return undefined;
}
