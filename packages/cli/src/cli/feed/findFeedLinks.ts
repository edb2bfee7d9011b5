import { decodeHTMLAttribute } from 'entities';

const feedTypes = /^application\/(?:rss\+xml|atom\+xml|rdf\+xml|feed\+json)$/i;

function attributesOf(tag: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const match of tag.matchAll(/([a-z][a-z0-9:-]*)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/gi)) {
    attributes[match[1]!.toLowerCase()] = decodeHTMLAttribute(match[2] ?? match[3] ?? match[4] ?? '');
  }
  return attributes;
}

/**
 * The feeds an HTML page announces (`<link rel="alternate" type="application/rss+xml" href="…">`,
 * Atom, RDF and JSON Feed likewise), as absolute URLs when `base` (the page's address) is known,
 * in page order, without repeats.
 */
export function findFeedLinks(html: string, base?: string): string[] {
  const found = new Set<string>();
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const attributes = attributesOf(tag);
    const rel = (attributes.rel ?? '').toLowerCase().split(/\s+/);
    const href = attributes.href?.trim();
    if (!rel.includes('alternate') || !feedTypes.test(attributes.type?.trim() ?? '') || !href) continue;
    try {
      found.add(base === undefined ? new URL(href).href : new URL(href, base).href);
    } catch {
      found.add(href);
    }
  }
  return [...found];
}
