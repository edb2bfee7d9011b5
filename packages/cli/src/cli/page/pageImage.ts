import { jsonLdValues } from './jsonLdValues.ts';
import { absoluteUrl } from './pageLinks.ts';
import { firstMeta } from './readMeta.ts';
import type { PageScope } from './pageScope.ts';

/** WordPress's featured image, and schema.org microdata. */
const featured = 'img.wp-post-image, .wp-block-post-featured-image img, .post-thumbnail img, img[itemprop="image"]';

/**
 * The post's image, absolute: `og:image`, the JSON-LD article's `image`, `twitter:image`, the
 * theme's featured image (the caller falls back to the article's first image that can stand for it).
 */
export function pageImage({ document, meta, article, address }: PageScope): string | undefined {
  const candidates = [
    firstMeta(meta, 'og:image:secure_url'),
    firstMeta(meta, 'og:image'),
    firstMeta(meta, 'og:image:url'),
    jsonLdValues(article, 'image', { key: 'url' })[0],
    firstMeta(meta, 'twitter:image'),
    firstMeta(meta, 'twitter:image:src'),
    document.querySelector(featured)?.getAttribute('src') ?? undefined,
  ];
  for (const candidate of candidates) {
    const url = absoluteUrl(candidate, address);
    if (url !== undefined) return url;
  }
  return undefined;
}
