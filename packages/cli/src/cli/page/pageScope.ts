import type { JsonLdNode } from './parseJsonLd.ts';
import type { PageMeta } from './readMeta.ts';

/** What the field readers of a page share. */
export interface PageScope {
  document: Document;
  /** The address the page is read at (for relative links). */
  address: string;
  meta: PageMeta;
  /** The page's JSON-LD article node (BlogPosting, Article…), if any. */
  article?: JsonLdNode;
  /** Where the post is shown: the page's one `<article>`, else its `<main>`, else its body. */
  scope: Element;
}

/** Is `element` in the page's chrome or comments (whose links and dates are not the post's)? */
export function inChrome(element: Element): boolean {
  return (
    element.closest(
      'nav, aside, [role="navigation"], [role="complementary"], #comments, .comments, .comment, .wp-block-comments, .related-posts, .jp-relatedposts, .yarpp-related, .post-navigation, .paginav, .links-nextprev, .breadcrumbs',
    ) !== null
  );
}

/** The element that shows the post: the one top-level `<article>` (not in comments), else `<main>`, else the body. */
export function scopeOf(document: Document): Element {
  const main = document.querySelector('main, [role="main"]');
  const articles = [...(main ?? document).querySelectorAll('article')]
    .slice(0, 200)
    .filter((article) => article.parentElement?.closest('article') === null && !inChrome(article));
  if (articles.length === 1) return articles[0]!;
  return main ?? document.body ?? document.documentElement;
}
