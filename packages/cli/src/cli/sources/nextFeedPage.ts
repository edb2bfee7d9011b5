import { decodeHTMLAttribute } from 'entities';

/**
 * The address of a feed's next page, as paged feeds name it: RFC 5005's `next` or `prev-archive`
 * link (Atom `<link rel="next">`, RSS `<atom:link rel="next">`), or JSON Feed's `next_url`;
 * `undefined` when the feed has no further page. Resolved against the feed's own address.
 */
export function nextFeedPage(text: string, address: string): string | undefined {
  let href: string | undefined;
  if (text.trimStart().startsWith('{')) {
    try {
      const feed = JSON.parse(text) as { next_url?: unknown };
      if (typeof feed.next_url === 'string') href = feed.next_url;
    } catch {
      return undefined;
    }
  } else {
    for (const [tag] of text.matchAll(/<(?:[\w-]+:)?link\b[^>]*>/gi)) {
      const rel = /\brel\s*=\s*["']([^"']*)["']/i.exec(tag)?.[1]?.toLowerCase().split(/\s+/) ?? [];
      const value = /\bhref\s*=\s*["']([^"']*)["']/i.exec(tag)?.[1];
      if (value !== undefined && (rel.includes('next') || rel.includes('prev-archive'))) {
        href = decodeHTMLAttribute(value);
        break;
      }
    }
  }
  if (href === undefined || href.trim() === '') return undefined;
  try {
    const url = new URL(href.trim(), address);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}
