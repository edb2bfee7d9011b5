import { firstMeta, type PageMeta } from './readMeta.ts';
import { type JsonLdNode, typesOf } from './parseJsonLd.ts';

export type PageKind = 'post' | 'page' | 'listing';

/** JSON-LD types that say "this page is one article". */
export const articleTypes = new Set([
  'Article',
  'BlogPosting',
  'NewsArticle',
  'TechArticle',
  'ScholarlyArticle',
  'Report',
  'LiveBlogPosting',
  'SocialMediaPosting',
  'AnalysisNewsArticle',
  'OpinionNewsArticle',
  'ReportageNewsArticle',
  'ReviewNewsArticle',
]);

/** JSON-LD types that say "this page lists others". */
const listingTypes = new Set(['CollectionPage', 'ItemList', 'SearchResultsPage', 'ProfilePage', 'Blog']);

/** WordPress's body classes of archives (home, blog, category, tag, author, date, paged, search). */
const listingBodyClass = /(?:^|\s)(?:home|blog|archive|category|tag|tax-[\w-]+|author|date|paged|search|search-results)(?:\s|$)/;

/** WordPress's body classes of a single post, and of a page. */
const postBodyClass = /(?:^|\s)(?:single-post|single-format-[\w-]+)(?:\s|$)/;
const pageBodyClass = /(?:^|\s)(?:page-template-default|page-id-\d+)(?:\s|$)/;

/**
 * Addresses of archives on every platform, as a whole path (a post's address never has this
 * form): `…/page/2/`; a category, tag, author, series or label and its sub-levels
 * (`/category/food/bread/`, `/tags/x/`, `/author/x/`, Blogger's `/search/label/x`); their indexes
 * (`/tags/`, `/categories/`, `/archives/`); `/search…`; date archives (`/2021/`, `/2021/05/`,
 * `/2021/05/03/`); and the same with `?paged=2`, `?page=2`, `?cat=3`, `?tag=x`, `?author=1`, `?m=202105`.
 */
const listingPath = new RegExp(
  [
    String.raw`/page/\d+/?$`,
    '/(?:category|categories|tag|tags|author|authors|series|topics|label)(?:/[^/.]+)+/?$',
    '/(?:categories|tags|authors|archive|archives|series|topics)/?$',
    '^/search(?:/|$)',
    String.raw`^/\d{4}(?:/\d{2}){0,2}/?$`,
  ].join('|'),
  'i',
);
const listingQuery = /(?:^|&)(?:paged|page|cat|tag|author|m|year|monthnum)=[^&]/;

/** Is `node` inside a comment section (whose dates are not the page's)? */
function inComments(node: Element): boolean {
  return node.closest('#comments, .comments, .comment, .wp-block-comments, .comment-list, .commentlist') !== null;
}

/** How many `<time datetime>` (not in comments) the page shows, and how many `<article>` elements not inside another. */
function entries(document: Document): { dated: number; articles: number } {
  const root = document.querySelector('main') ?? document.body ?? document.documentElement;
  let dated = 0;
  const seen = new Set<string>();
  for (const time of [...root.querySelectorAll('time[datetime]')].slice(0, 200)) {
    if (inComments(time)) continue;
    const key = `${time.getAttribute('datetime')}|${time.closest('li, article')?.textContent?.slice(0, 80) ?? dated}`;
    if (!seen.has(key)) {
      seen.add(key);
      dated++;
    }
    if (dated > 10) break;
  }
  let articles = 0;
  for (const article of [...root.querySelectorAll('article')].slice(0, 200)) {
    if (article.parentElement?.closest('article') === null && !inComments(article)) articles++;
  }
  return { dated, articles };
}

export interface KindReading {
  kind: PageKind;
  /** Why, when a page that says it is an article is not read as a post. */
  warning?: string;
}

/**
 * What a page is: a listing (home, archives, their page 2, 3…), a post, or a page that is not a
 * post (About). In order:
 * - WordPress's body classes of an archive, the site's root address or an archive's address
 *   (above): a listing, whatever it contains; so is a JSON-LD CollectionPage/ItemList without an article;
 * - a page that declares itself an article (JSON-LD BlogPosting/Article/NewsArticle…, `og:type`
 *   article, WordPress's single-post classes or its `/wp/v2/posts/` link) is a post when it has a
 *   publication date, else a page (Hugo declares every page an article, its About page included);
 * - without that: two `<article>`s or three dated entries make a listing;
 *   a page that declares itself a page (WordPress's page classes, JSON-LD WebPage, `og:type`
 *   website) is a page; one `<time datetime>` under an `<h1>` makes a post; anything else is a page.
 */
export function pageKind(document: Document, address: URL, meta: PageMeta, jsonLd: JsonLdNode[], hasDate: boolean): KindReading {
  const bodyClass = document.body?.getAttribute('class') ?? '';
  const types = new Set(jsonLd.flatMap(typesOf));
  const declaresArticle =
    [...types].some((type) => articleTypes.has(type)) ||
    firstMeta(meta, 'og:type')?.toLowerCase() === 'article' ||
    postBodyClass.test(bodyClass) ||
    document.querySelector('link[rel="alternate"][type="application/json"][href*="/wp/v2/posts/"]') !== null;
  if (listingBodyClass.test(bodyClass) && !postBodyClass.test(bodyClass)) return { kind: 'listing' };
  const root = address.pathname === '/' && (address.search === '' || listingQuery.test(address.search.slice(1)));
  if (root || listingPath.test(address.pathname) || listingQuery.test(address.search.slice(1))) return { kind: 'listing' };
  if ([...types].some((type) => listingTypes.has(type)) && !declaresArticle) return { kind: 'listing' };
  if (declaresArticle) {
    if (hasDate) return { kind: 'post' };
    return { kind: 'page', warning: 'says it is an article but gives no publication date: read as a page, not a post' };
  }
  const { dated, articles } = entries(document);
  if (articles >= 2 || dated >= 3) return { kind: 'listing' };
  const declaresPage =
    pageBodyClass.test(bodyClass) ||
    types.has('WebPage') ||
    types.has('AboutPage') ||
    ['website', 'profile'].includes(firstMeta(meta, 'og:type')?.toLowerCase() ?? '') ||
    document.querySelector('link[rel="alternate"][type="application/json"][href*="/wp/v2/pages/"]') !== null;
  if (declaresPage) return { kind: 'page' };
  if (hasDate && document.querySelector('h1') !== null) return { kind: 'post' };
  return { kind: 'page' };
}
