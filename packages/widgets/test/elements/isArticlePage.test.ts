import { describe, expect, it } from 'vitest';
import { isArticlePage } from '../../src/elements/isArticlePage.ts';

function page(head: string): Document {
  const doc = document.implementation.createHTMLDocument('page');
  doc.head.innerHTML = head;
  return doc;
}
const ld = (value: unknown) => `<script type="application/ld+json">${JSON.stringify(value)}</script>`;

describe('isArticlePage', () => {
  it('is true for og:type article, in any case', () => {
    expect(isArticlePage(page('<meta property="og:type" content="article">'))).toBe(true);
    expect(isArticlePage(page('<meta property="og:type" content=" Article ">'))).toBe(true);
  });

  it('is false for og:type website and for a page that declares nothing', () => {
    expect(isArticlePage(page('<meta property="og:type" content="website">'))).toBe(false);
    expect(isArticlePage(page('<title>Home</title>'))).toBe(false);
  });

  it('is true for JSON-LD BlogPosting, Article and NewsArticle, written short or as an address', () => {
    for (const type of ['BlogPosting', 'Article', 'NewsArticle', 'https://schema.org/BlogPosting', 'http://schema.org/Article'])
      expect(isArticlePage(page(ld({ '@context': 'https://schema.org', '@type': type, headline: 'A post' }))), type).toBe(true);
  });

  it('finds the article among several types, in a list and in a @graph', () => {
    expect(isArticlePage(page(ld({ '@type': ['CreativeWork', 'BlogPosting'] })))).toBe(true);
    expect(isArticlePage(page(ld([{ '@type': 'Organization' }, { '@type': 'NewsArticle' }])))).toBe(true);
    expect(isArticlePage(page(ld({ '@graph': [{ '@type': 'WebSite' }, { '@type': 'Article' }] })))).toBe(true);
  });

  it('is false for a listing’s JSON-LD (WebSite, Blog, CollectionPage) and skips a block that is not JSON', () => {
    expect(isArticlePage(page(ld({ '@type': 'WebSite' }) + ld({ '@type': 'Blog' }) + ld({ '@type': 'CollectionPage' })))).toBe(false);
    expect(isArticlePage(page(`<script type="application/ld+json">{ not json</script>${ld({ '@type': 'BlogPosting' })}`))).toBe(true);
    expect(isArticlePage(page('<script type="application/ld+json">{ not json</script>'))).toBe(false);
  });

  it('does not count a word that only contains Article', () => {
    expect(isArticlePage(page(ld({ '@type': 'ScholarlyArticles' })))).toBe(false);
  });
});
