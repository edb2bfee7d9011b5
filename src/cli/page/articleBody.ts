import { Readability } from '@mozilla/readability';

/**
 * What is never the article's text, whatever the theme: scripts and forms, navigation, sidebars,
 * comment sections, share buttons, "related posts" lists, post-to-post navigation, breadcrumbs
 * and the post's date/author/tags line
 * (WordPress's, Jetpack's, YARPP's, PaperMod's, the Eleventy base blog's and the common names).
 */
const chrome = [
  'script',
  'style',
  'noscript',
  'template',
  'iframe',
  'form',
  'button',
  'input',
  'select',
  'textarea',
  'nav',
  'aside',
  '[role="navigation"]',
  '[role="complementary"]',
  '[role="search"]',
  '[hidden]',
  '#comments',
  '.comments',
  '.comments-area',
  '.wp-block-comments',
  '#respond',
  '.comment-respond',
  '#disqus_thread',
  '.giscus',
  '.utterances',
  '.share-buttons',
  '.sharedaddy',
  '.sd-sharing-enabled',
  '.addtoany_share_save_container',
  '.a2a_kit',
  '.social-share',
  '.share-links',
  '.related-posts',
  '#related-posts',
  '.jp-relatedposts',
  '.yarpp-related',
  '.crp_related',
  '.wp-block-post-navigation-link',
  '.post-navigation',
  '.paginav',
  '.links-nextprev',
  '.pagination',
  '.nav-links',
  '.breadcrumbs',
  '.breadcrumb',
  '.post-meta',
  '.post-metadata',
  '.entry-meta',
  '.entry-footer',
  '.post-tags',
  '.tags-links',
  '.cat-links',
  '.byline',
].join(', ');

/**
 * What the page's `<title>` is set to before Readability runs (its `<meta>` titles taken out, the
 * fields are read before): a word no heading holds, so that
 * Readability (which drops the first heading that resembles the title) never drops a heading of
 * the post ("More about brake pads" in "Notes on brake pads"); the title's own `<h1>` is taken
 * out here instead.
 */
const NO_TITLE = 'trovenotitlesentinel';

/** Elements Readability looks at, at most (a hostile page may have millions): above it, the page's main element is taken as it is. */
const MAX_ELEMENTS = 30_000;

export interface ArticleBody {
  html: string;
  /** Where it came from: the theme's `data-trove-body`, Readability, or (Readability finding nothing) the page's main element. */
  from: 'data-trove-body' | 'readability' | 'main';
}

/**
 * The HTML of a page's article: the elements marked `data-trove-body` (as Pagefind's
 * `data-pagefind-body`) when the theme marks any, else Mozilla's Readability over the page with
 * the theme's chrome (above) removed first, else the page's `<main>` (or body). Elements marked
 * `data-trove-ignore` are always left out, and so is the `<h1>` that shows `title` (the post's
 * title, a field of its own). Changes `document` (read everything else first).
 */
export function articleBody(document: Document, title?: string): ArticleBody {
  for (const element of document.querySelectorAll('[data-trove-ignore]')) element.remove();
  const marked = document.querySelectorAll('[data-trove-body]');
  if (marked.length > 0) return { html: [...marked].map((element) => element.innerHTML).join('\n'), from: 'data-trove-body' };
  for (const element of document.querySelectorAll(chrome)) element.remove();
  if (title !== undefined) {
    for (const h1 of document.querySelectorAll('h1')) if (h1.textContent?.replace(/\s+/g, ' ').trim() === title) h1.remove();
  }
  for (const meta of document.querySelectorAll('meta')) meta.remove();
  let titleElement = document.querySelector('title');
  if (titleElement === null) {
    titleElement = document.createElement('title');
    (document.head ?? document.documentElement).appendChild(titleElement);
  }
  titleElement.textContent = NO_TITLE;
  const fallback = (document.querySelector('main, [role="main"]') ?? document.body)?.innerHTML ?? '';
  try {
    const article = new Readability(document, { maxElemsToParse: MAX_ELEMENTS, charThreshold: 100, disableJSONLD: true }).parse();
    if (article?.content) return { html: article.content, from: 'readability' };
  } catch {
    // Too many elements, or markup Readability cannot walk: the main element as it is.
  }
  return { html: fallback, from: 'main' };
}
