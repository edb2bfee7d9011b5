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

/** A line of terms is short: text longer than this is the post's, and the times and term links looked at are bounded too. */
const MAX_LINE = 1000;
const MAX_FIELD_ELEMENTS = 200;

/** Is the text of an element, less that of its links, no more than a label ("Tags:", "Posted in", commas)? */
function onlyLinks(element: Element): boolean {
  let rest = element.textContent ?? '';
  if (rest.length > MAX_LINE) return false;
  for (const link of element.querySelectorAll('a')) rest = rest.replace(link.textContent ?? '', '');
  return rest.replace(/[\s,;:·•|/]+/g, ' ').trim().length <= 24;
}

/**
 * The post's own date and terms as the theme shows them, which are fields, not text: a
 * `<time datetime>` that stands alone (its parent holds nothing else, or is the article itself),
 * and the line of `rel="tag"`/`rel="category"` links (its closest block that holds only them and a label).
 */
function removeFieldLines(document: Document): void {
  for (const time of [...document.querySelectorAll('time[datetime]')].slice(0, MAX_FIELD_ELEMENTS)) {
    const parent = time.parentElement;
    if (parent === null || parent.tagName === 'HTML' || parent.tagName === 'HEAD') continue;
    const alone = /^(?:ARTICLE|HEADER|MAIN|BODY)$/.test(parent.tagName) || parent.textContent?.trim() === time.textContent?.trim();
    if (alone) (parent.tagName === 'P' || parent.tagName === 'DIV' || parent.tagName === 'SPAN' ? parent : time).remove();
  }
  for (const link of [...document.querySelectorAll('a[rel~="tag"], a[rel~="category"]')].slice(0, MAX_FIELD_ELEMENTS)) {
    if (!link.isConnected) continue;
    let line: Element = link;
    for (
      let parent = link.parentElement;
      parent !== null && !/^(?:ARTICLE|MAIN|BODY|HTML|HEAD)$/.test(parent.tagName) && onlyLinks(parent);
      parent = parent.parentElement
    ) {
      line = parent;
    }
    line.remove();
  }
}

/**
 * What the page's `<title>` is set to before Readability runs (its `<meta>` titles taken out, the
 * fields are read before): a word no heading holds, so that
 * Readability (which drops the first heading that resembles the title) never drops a heading of
 * the post ("More about brake pads" in "Notes on brake pads"); the title's own `<h1>` is taken
 * out here instead.
 */
const NO_TITLE = 'trovenotitlesentinel';

/**
 * The page shapes Readability is given, at most: its elements and their nesting (a hostile page
 * may have millions, or nest thousands deep, where Readability over linkedom takes minutes; real
 * themes nest some 40 deep). Beyond either, the page's main element is taken as it is.
 */
const MAX_ELEMENTS = 30_000;
const MAX_DEPTH = 150;

/** Whether the page is small and shallow enough for Readability (one walk, stopped at the first bound passed). */
function withinBounds(root: Element): boolean {
  let elements = 0;
  let depth = 0;
  let node: Element | null = root;
  while (node !== null) {
    if (++elements > MAX_ELEMENTS || depth > MAX_DEPTH) return false;
    if (node.firstElementChild !== null) {
      node = node.firstElementChild;
      depth++;
      continue;
    }
    while (node !== null && node !== root && node.nextElementSibling === null) {
      node = node.parentElement;
      depth--;
    }
    node = node === null || node === root ? null : node.nextElementSibling;
  }
  return true;
}

export interface ArticleBody {
  html: string;
  /**
   * Where it came from: the theme's `data-trove-body`, the one element the theme declares the
   * article's body (schema.org `itemprop="articleBody"`, microformats' `e-content`), Readability,
   * or (Readability finding nothing) the page's main element.
   */
  from: 'data-trove-body' | 'declared' | 'readability' | 'main';
}

/** How themes declare the article's body: schema.org microdata (minima, many WordPress themes), microformats2 (h-entry). */
const declaredBody = ['[itemprop~="articleBody"]', '.h-entry .e-content'];

/**
 * The HTML of a page's article: the elements marked `data-trove-body` (as Pagefind's
 * `data-pagefind-body`) when the theme marks any, else the one element the theme declares the
 * article's body (`itemprop="articleBody"`, `e-content` in an `h-entry`), else Mozilla's Readability over the page with
 * the theme's chrome (above) removed first, else the page's `<main>` (or body). Elements marked
 * `data-trove-ignore` are always left out, and so is the `<h1>` that shows `title` (the post's
 * title, a field of its own). Changes `document` (read everything else first).
 */
export function articleBody(document: Document, title?: string): ArticleBody {
  for (const element of document.querySelectorAll('[data-trove-ignore]')) element.remove();
  const marked = document.querySelectorAll('[data-trove-body]');
  if (marked.length > 0) return { html: [...marked].map((element) => element.innerHTML).join('\n'), from: 'data-trove-body' };
  for (const element of document.querySelectorAll(chrome)) element.remove();
  removeFieldLines(document);
  for (const selector of declaredBody) {
    const declared = document.querySelectorAll(selector);
    if (declared.length === 1) return { html: declared[0]!.innerHTML, from: 'declared' };
  }
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
  if (!withinBounds(document.documentElement)) return { html: fallback, from: 'main' };
  try {
    const article = new Readability(document, { maxElemsToParse: MAX_ELEMENTS, charThreshold: 100, disableJSONLD: true }).parse();
    if (article?.content) return { html: article.content, from: 'readability' };
  } catch {
    // Too many elements, or markup Readability cannot walk: the main element as it is.
  }
  return { html: fallback, from: 'main' };
}
