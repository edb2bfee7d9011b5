/** The schema.org types of a post (`@type`, possibly a full address or one of several). */
const ARTICLE = /^(https?:\/\/schema\.org\/)?(Article|BlogPosting|NewsArticle)$/;

/** Whether a JSON-LD value (an object, a list, a `@graph`) declares an article. */
function declaresArticle(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(declaresArticle);
  if (!value || typeof value !== 'object') return false;
  const { '@type': type, '@graph': graph } = value as Record<string, unknown>;
  return [type].flat().some((t) => typeof t === 'string' && ARTICLE.test(t)) || declaresArticle(graph);
}

/**
 * Whether the page declares itself an article (a post, not a listing): `og:type` `article`, or a
 * JSON-LD block whose `@type` is `Article`, `BlogPosting` or `NewsArticle` (at its top, in a list
 * or in its `@graph`). A block that is not JSON is skipped.
 */
export function isArticlePage(doc: Document = document): boolean {
  const og = doc.querySelector('meta[property="og:type"]')?.getAttribute('content');
  if (og?.trim().toLowerCase() === 'article') return true;
  for (const script of doc.querySelectorAll('script[type="application/ld+json"]')) {
    try {
      if (declaresArticle(JSON.parse(script.textContent ?? ''))) return true;
    } catch {
      // Not JSON: not a declaration.
    }
  }
  return false;
}
