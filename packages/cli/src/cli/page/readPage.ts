import { parseHTML } from 'linkedom';
import { documentId } from 'trove-search-client';
import type { Document } from 'trove-search-client';
import { buildDocument, cleanText } from '../buildDocument.ts';
import { articleBody } from './articleBody.ts';
import { readArticle } from './articleText.ts';
import { isNoindex } from './isNoindex.ts';
import { nestingCut } from './nestingCut.ts';
import { pageAuthor } from './pageAuthor.ts';
import { pageDate } from './pageDate.ts';
import { pageImage } from './pageImage.ts';
import { pageLanguage } from './pageLanguage.ts';
import { type PageKind, articleTypes, pageKind } from './pageKind.ts';
import { absoluteUrl, pageLinks } from './pageLinks.ts';
import type { PageScope } from './pageScope.ts';
import { scopeOf } from './pageScope.ts';
import { pageCategories, pageTags } from './pageTerms.ts';
import { pageTitle } from './pageTitle.ts';
import { parseJsonLd, typesOf } from './parseJsonLd.ts';
import { readMeta } from './readMeta.ts';
import { type TermListing, termListing } from './termListing.ts';

export type { PageKind } from './pageKind.ts';

export interface PageReading {
  /** The page's canonical address: `<link rel="canonical">`, `og:url`, else the address it was read from. Absolute. */
  canonical: string;
  /** post (JSON-LD BlogPosting/Article/NewsArticle, og:type article, an <article> with a published time), page (not a post: About), listing (home, category, tag, author, date archives and their page 2, 3…). */
  kind: PageKind;
  /** `<meta name="robots" content="noindex">` (or googlebot/trove-index noindex). */
  noindex: boolean;
  /** The document to index (for post, and page), with id = documentId(canonical), title, content, url, date, category, tags, author, image. */
  document?: Document;
  /** For a listing that is a taxonomy term's (`/categories/baking/`, a tag page): the term, the posts it lists and its other pages. */
  term?: TermListing;
  /** Links of the page, absolute, fragment removed (all hosts; the crawler filters them). */
  links: string[];
  /** Things worth a warning (no date, …). */
  warnings: string[];
  /** The language the page declares (`<html lang>`), for the summary. */
  lang?: string;
}

/** Characters of a page that are read, at most: the rest is cut (and said). */
export const MAX_PAGE_CHARS = 5_000_000;

/** Nesting of a page that is read, at most (see nestingCut): the rest is cut (and said). Real themes nest some 40 deep. */
export const MAX_PAGE_DEPTH = 1000;

/** The page's canonical address: its `<link rel="canonical">`, else `og:url`, else `address`; absolute, without fragment. */
function canonicalOf(document: globalThis.Document, address: string, ogUrl: string | undefined): string {
  const link = document.querySelector('link[rel~="canonical" i][href]')?.getAttribute('href');
  return absoluteUrl(link, address) ?? absoluteUrl(ogUrl, address) ?? absoluteUrl(address, address) ?? address;
}

/** The path of the site's home page: `siteUrl`'s path (`/blog/`), else `/`. */
function rootPath(siteUrl: string | undefined): string {
  if (siteUrl === undefined) return '/';
  try {
    return new URL(siteUrl).pathname.replace(/\/*$/, '/');
  } catch {
    return '/';
  }
}

/**
 * Reads one HTML page as a reader sees it: what it is (a post, a page that is not a post, a
 * listing), whether it may be indexed, its links, and (for a post or a page) the document to
 * index, its fields taken from what the page declares before what it shows (see each reader in
 * src/cli/page/) and its content from the article only (src/cli/page/articleBody.ts). Never
 * throws; hostile input costs bounded work (the page is cut at `MAX_PAGE_CHARS`, every list is bounded).
 * `siteUrl` (the site's address, when known) tells where the site's home page is.
 */
export function readPage(html: string, address: string, options: { siteUrl?: string } = {}): PageReading {
  const warnings: string[] = [];
  if (absoluteUrl(address, address) === undefined) {
    return {
      canonical: address,
      kind: 'page',
      noindex: false,
      links: [],
      warnings: [`"${address}" is not an http(s) address: the page was not read`],
    };
  }
  let source = html;
  if (source.length > MAX_PAGE_CHARS) {
    source = source.slice(0, MAX_PAGE_CHARS);
    warnings.push(`the page is longer than ${MAX_PAGE_CHARS} characters: only its beginning was read`);
  }
  const cut = nestingCut(source, MAX_PAGE_DEPTH);
  if (cut !== undefined) {
    source = source.slice(0, cut);
    warnings.push(`the page nests elements more than ${MAX_PAGE_DEPTH} deep: only what comes before was read`);
  }
  // linkedom makes the first element of markup without <html> the document element (or none, for text): such markup is read inside a page.
  let { document } = parseHTML(source);
  if (document.documentElement?.tagName !== 'HTML' || document.body === null)
    ({ document } = parseHTML(`<!doctype html><html><head></head><body>${source}</body></html>`));
  const meta = readMeta(document);
  const jsonLd = parseJsonLd(document);
  const article = jsonLd.find((node) => typesOf(node).some((type) => articleTypes.has(type)));
  const canonical = canonicalOf(document, address, meta.get('og:url')?.[0]);
  const noindex = isNoindex(meta);
  const links = pageLinks(document, address);
  const scope: PageScope = { document, address, meta, scope: scopeOf(document), ...(article ? { article } : {}) };
  const date = pageDate(scope, warnings);
  const url = new URL(canonical);
  const root = rootPath(options.siteUrl);
  const atRoot = url.pathname.replace(/\/*$/, '/') === root && url.search === '';
  const reading = atRoot ? { kind: 'listing' as const } : pageKind(document, url, meta, jsonLd, date !== undefined);
  if (reading.warning) warnings.push(reading.warning);
  if (reading.kind === 'listing') {
    const term = termListing(document, address, meta, jsonLd, article !== undefined);
    return { canonical, kind: 'listing', noindex, ...(term === undefined ? {} : { term }), links, warnings };
  }

  const fields = {
    id: documentId(canonical),
    title: pageTitle(scope),
    url: canonical,
    date,
    category: pageCategories(scope),
    tags: pageTags(scope),
    author: pageAuthor(scope),
  };
  const declaredImage = pageImage(scope);
  const body = readArticle(articleBody(document, fields.title).html);
  const image = declaredImage ?? absoluteUrl(body.firstImage, address);
  const mapped = buildDocument(
    canonical,
    { ...fields, content: cleanText(body.text) === undefined ? undefined : body.text, image },
    warnings,
    'has no address',
  );
  if (mapped.skipped !== undefined) warnings.push(mapped.skipped);
  const lang = pageLanguage(document);
  return {
    canonical,
    kind: reading.kind,
    noindex,
    ...(mapped.document ? { document: mapped.document } : {}),
    links,
    warnings,
    ...(lang === undefined ? {} : { lang }),
  };
}
