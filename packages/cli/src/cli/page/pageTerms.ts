import { distinct } from '../buildDocument.ts';
import { jsonLdValues } from './jsonLdValues.ts';
import { inChrome, type PageScope } from './pageScope.ts';

/** Terms kept per field, and their length, at most. */
const MAX_TERMS = 30;
const MAX_TERM = 100;
/** Links looked at for terms, at most (a hostile page may hold millions). */
const MAX_LINKS = 1000;

/** Is a term link a category (rel="category tag", a /category/ address, WordPress's category block or classic theme classes)? */
function isCategoryLink(link: Element): boolean {
  const rel = (link.getAttribute('rel') ?? '').toLowerCase().split(/\s+/);
  if (rel.includes('category')) return true;
  if (/\/(?:category|categories)\//i.test(link.getAttribute('href') ?? '')) return true;
  return link.closest('.taxonomy-category, .cat-links, .post-categories, .entry-categories') !== null;
}

/** Links to a tag archive (`/tag/x/`, `/tags/x/`) that the post shows, outside chrome. */
function tagArchiveLinks(scope: Element): Element[] {
  return [...scope.querySelectorAll('a[href]')]
    .slice(0, MAX_LINKS)
    .filter((link) => /\/tags?\/[^/?#]+\/?(?:[?#]|$)/i.test(link.getAttribute('href') ?? '') && !inChrome(link));
}

function bounded(values: (string | undefined)[]): string[] {
  return distinct(values)
    .filter((value) => value.length <= MAX_TERM)
    .slice(0, MAX_TERMS);
}

/** The first source that names some terms. */
function firstOf(...sources: (() => (string | undefined)[])[]): string[] {
  for (const source of sources) {
    const terms = bounded(source());
    if (terms.length > 0) return terms;
  }
  return [];
}

function termLinks(scope: Element): Element[] {
  return [...scope.querySelectorAll('a[rel~="tag"], a[rel~="category"]')].slice(0, MAX_LINKS).filter((link) => !inChrome(link));
}

/**
 * The folders of the post's own address (`/posts/` of `/posts/a-post/`), as written: a generator
 * that declares one of them as the article's section (Hugo's `article:section` "posts") names
 * where it keeps the post, not what it is about.
 */
function addressFolders(address: string): Set<string> {
  try {
    const segments = new URL(address).pathname.split('/').filter((segment) => segment !== '');
    return new Set(
      segments.slice(0, -1).map((segment) => {
        try {
          return decodeURIComponent(segment);
        } catch {
          return segment;
        }
      }),
    );
  } catch {
    return new Set();
  }
}

/** A declared section, unless it is only the name of a folder of the post's address (Hugo's "posts"). */
function sections(values: (string | undefined)[], address: string): (string | undefined)[] {
  const folders = addressFolders(address);
  return values.filter((value) => value === undefined || !folders.has(value.trim()));
}

/**
 * The post's categories: the JSON-LD article's `articleSection`, `article:section` (either one
 * unless it is only a folder of the post's address: Hugo's section "posts"), its links
 * with `rel="category tag"` (or to a `/category/` archive, or in WordPress's category block).
 */
export function pageCategories({ meta, article, scope, address }: PageScope): string[] {
  return firstOf(
    () => sections(jsonLdValues(article, 'articleSection'), address),
    () => sections(meta.get('article:section') ?? [], address),
    () =>
      termLinks(scope)
        .filter(isCategoryLink)
        .map((link) => link.textContent ?? undefined),
  );
}

/**
 * The post's tags: the JSON-LD article's `keywords`, `article:tag`, its `rel="tag"` links that
 * are not categories, and last its links to tag archives (`/tags/x/`: the Eleventy base blog's).
 */
export function pageTags({ meta, article, scope }: PageScope): string[] {
  return firstOf(
    () => jsonLdValues(article, 'keywords', { split: true }),
    () => meta.get('article:tag') ?? [],
    () =>
      termLinks(scope)
        .filter((link) => !isCategoryLink(link))
        .map((link) => link.textContent ?? undefined),
    () => tagArchiveLinks(scope).map((link) => link.textContent ?? undefined),
  );
}
