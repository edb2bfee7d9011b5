import { decodeXML } from 'entities';

export interface Sitemap {
  /** `index`: a sitemap index (its entries are sitemaps); `urlset`: pages. */
  kind: 'index' | 'urlset';
  entries: { loc: string; lastmod?: string }[];
}

const text = (block: string, name: string): string | undefined => {
  const match = new RegExp(
    `<(?:[\\w-]+:)?${name}\\b[^>]*>\\s*(?:<!\\[CDATA\\[([\\s\\S]*?)\\]\\]>|([^<]*))\\s*</(?:[\\w-]+:)?${name}>`,
    'i',
  ).exec(block);
  const value = (match?.[1] ?? match?.[2])?.trim();
  return value ? decodeXML(value) : undefined;
};

/**
 * A sitemap (sitemaps.org 0.9) or sitemap index, read by its `<url>`/`<sitemap>` blocks: each
 * entry's `<loc>` and `<lastmod>`, in order, at most `max` of them (a sitemap of millions stops
 * there). `undefined` when the text is not a sitemap (an HTML page where /sitemap.xml was asked).
 * Read with a scan rather than an XML tree: a big sitemap costs no more than its text.
 */
export function parseSitemap(xml: string, max = Number.POSITIVE_INFINITY): (Sitemap & { truncated: boolean }) | undefined {
  const root = /<(?:[\w-]+:)?(sitemapindex|urlset)\b/i.exec(xml);
  if (root === null) return undefined;
  const kind = root[1]!.toLowerCase() === 'sitemapindex' ? 'index' : 'urlset';
  const tag = kind === 'index' ? 'sitemap' : 'url';
  const entries: Sitemap['entries'] = [];
  const blocks = new RegExp(`<(?:[\\w-]+:)?${tag}\\b[^>]*>([\\s\\S]*?)</(?:[\\w-]+:)?${tag}>`, 'gi');
  let truncated = false;
  for (const [, block] of xml.slice(root.index).matchAll(blocks)) {
    const loc = text(block!, 'loc');
    if (loc === undefined) continue;
    if (entries.length >= max) {
      truncated = true;
      break;
    }
    const lastmod = text(block!, 'lastmod');
    entries.push(lastmod === undefined ? { loc } : { loc, lastmod });
  }
  return { kind, entries, truncated };
}
