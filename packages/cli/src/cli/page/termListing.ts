import { cleanText } from '../buildDocument.ts';
import { absoluteUrl } from './pageLinks.ts';
import { inChrome } from './pageScope.ts';
import { type JsonLdNode, typesOf } from './parseJsonLd.ts';
import { firstMeta, type PageMeta } from './readMeta.ts';

/** The field of a document a taxonomy's terms fill. */
export type TermField = 'category' | 'tags';

/**
 * A taxonomy term's listing (Hugo's `/categories/<term>/`, WordPress's category archive, a tag
 * page of Jekyll or Eleventy), one page of it: the term, the posts it links to, and the other
 * pages of the same listing it links to (`…/page/2/`).
 */
export interface TermListing {
  field: TermField;
  /** The term as the site names it ("Baking", from the page's heading or title), not its slug. */
  name: string;
  /** The addresses it links to from its list (absolute, without fragment); the posts among them have the term. */
  posts: string[];
  /** Other pages of the same listing it links to. */
  pages: string[];
}

/** Links kept from one listing page, at most. */
const MAX_LISTED = 500;
/** A term's name is at most this long. */
const MAX_NAME = 100;

/** The taxonomy base folders whose terms are categories, and those whose terms are tags. */
const bases: Record<string, TermField> = { categories: 'category', category: 'category', tags: 'tags', tag: 'tags' };

/**
 * The term an address names by its shape: `…/categories/<term>/`, `…/category/<parent>/<term>/`,
 * `…/tags/<term>/`, `…/tag/<term>/` (under any folder of the site), each maybe followed by
 * `page/<n>/` (a later page of it); the base is the address up to the term, with a slash.
 */
export function termAddress(address: string): { field: TermField; slug: string; base: string } | undefined {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return undefined;
  }
  const segments = url.pathname.replace(/\/(?:index\.html?)?$/i, '').split('/');
  // A later page of the listing: …/page/<n>
  if (segments.length > 2 && segments.at(-2)?.toLowerCase() === 'page' && /^\d+$/.test(segments.at(-1)!)) segments.length -= 2;
  const at = segments.findIndex((segment) => Object.hasOwn(bases, segment.toLowerCase()));
  if (at === -1 || at === segments.length - 1) return undefined;
  const field = bases[segments[at]!.toLowerCase()]!;
  // Tags have one level; categories may nest (`/category/food/bread/`: the term is the last).
  if (field === 'tags' && segments.length - at !== 2) return undefined;
  const slug = segments.at(-1)!;
  if (slug === '' || slug.includes('.')) return undefined;
  return { field, slug: safeDecode(slug), base: `${url.origin}${segments.join('/')}/` };
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** A term's slug as generators make it: lower case, accents off, every run of other characters one hyphen. */
export function slugOf(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-|-$/g, '');
}

/** WordPress's body classes of a category or tag archive: `archive category category-<slug>`, `archive tag tag-<slug>`. */
function wordPressArchive(bodyClass: string): { field: TermField; slug: string } | undefined {
  const classes = bodyClass.split(/\s+/);
  for (const [kind, field] of [
    ['category', 'category'],
    ['tag', 'tags'],
  ] as const) {
    if (!classes.includes(kind)) continue;
    // `category-<slug>`, not `category-<id>` nor `category-paged-<n>` (page 2…).
    const slugs = classes
      .filter((name) => name.startsWith(`${kind}-`) && !/^\w+-(?:paged-)?\d+$/.test(name))
      .map((name) => name.slice(kind.length + 1));
    if (slugs.length > 0) return { field, slug: safeDecode(slugs[0]!) };
  }
  return undefined;
}

/** The parts of a heading or title that may be the term's name: itself, what follows a label (`Category: Baking`), what is quoted (`Tagged “oven”`), each part of a title (`Baking | Small Hours`). */
function nameCandidates(text: string | undefined): string[] {
  const cleaned = cleanText(text);
  if (cleaned === undefined) return [];
  const parts = [cleaned, ...cleaned.split(/\s+[|–—·:»-]\s+|\s*::\s*/)];
  const label = /^[^:：]{1,40}[:：]\s*(.+)$/.exec(cleaned)?.[1];
  if (label !== undefined) parts.push(label);
  for (const quoted of cleaned.matchAll(/[“"‘'«„]([^”"’'»“]+)[”"’'»“]/g)) parts.push(quoted[1]!);
  return parts.map((part) => part.trim()).filter((part) => part !== '');
}

/** The last item's name of the page's JSON-LD BreadcrumbList (Hugo themes emit one: Home › Categories › Baking). */
function breadcrumbName(jsonLd: JsonLdNode[]): string | undefined {
  const list = jsonLd.find((node) => typesOf(node).includes('BreadcrumbList'));
  const items = list?.itemListElement;
  if (!Array.isArray(items) || items.length === 0) return undefined;
  const last = items.at(-1) as JsonLdNode | undefined;
  const name = last?.name ?? (last?.item as JsonLdNode | undefined)?.name;
  return typeof name === 'string' ? name : undefined;
}

/**
 * The term's name as the site writes it: of the page's `<h1>`, `og:title`, breadcrumb and
 * `<title>` (and their parts: `Category: Baking`, `Tagged “oven”`, `Baking | Small Hours`), the
 * first whose slug is the term's slug; else the first heading's part after a label; else the slug.
 */
function termName(document: Document, meta: PageMeta, jsonLd: JsonLdNode[], slug: string): string {
  const h1 = document.querySelector('main h1, [role="main"] h1') ?? document.querySelector('h1');
  const sources = [h1?.textContent ?? undefined, firstMeta(meta, 'og:title'), breadcrumbName(jsonLd), document.title];
  const wanted = slugOf(slug);
  for (const source of sources) {
    const match = nameCandidates(source).find((candidate) => slugOf(candidate) === wanted);
    if (match !== undefined && match.length <= MAX_NAME) return match;
  }
  return slug.length <= MAX_NAME ? slug : slug.slice(0, MAX_NAME);
}

/**
 * The term listing a page read as a listing is, if it is one: its address has a taxonomy's shape
 * (`termAddress`), or WordPress's body classes say it is a category or tag archive; and it does
 * not declare itself an article (`og:type` article, a JSON-LD article). Its posts are the links of
 * its list (outside navigation, breadcrumbs and sidebars), its other pages the links to
 * `<the term's address>page/<n>/`.
 */
export function termListing(
  document: Document,
  address: string,
  meta: PageMeta,
  jsonLd: JsonLdNode[],
  declaresArticle: boolean,
): TermListing | undefined {
  if (declaresArticle || firstMeta(meta, 'og:type')?.toLowerCase() === 'article') return undefined;
  const byAddress = termAddress(address);
  const term = byAddress ?? wordPressArchive(document.body?.getAttribute('class') ?? '');
  if (term === undefined) return undefined;
  const root = document.querySelector('main, [role="main"]') ?? document.body ?? document.documentElement;
  const posts = new Set<string>();
  const pages = new Set<string>();
  for (const link of [...root.querySelectorAll('a[href]')].slice(0, MAX_LISTED * 4)) {
    const url = absoluteUrl(link.getAttribute('href'), address);
    if (url === undefined || url === address) continue;
    const other = termAddress(url);
    if (byAddress !== undefined && other !== undefined && other.base === byAddress.base) {
      if (pages.size < MAX_LISTED) pages.add(url);
      continue;
    }
    if (inChrome(link) || other !== undefined) continue;
    if (posts.size < MAX_LISTED) posts.add(url);
  }
  for (const link of document.querySelectorAll('link[rel~="next"][href], link[rel~="prev"][href]')) {
    const url = absoluteUrl(link.getAttribute('href'), address);
    if (url !== undefined && byAddress !== undefined && termAddress(url)?.base === byAddress.base && url !== address) pages.add(url);
  }
  return { field: term.field, name: termName(document, meta, jsonLd, term.slug), posts: [...posts], pages: [...pages] };
}
