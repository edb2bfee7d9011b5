import { countLanguage } from '../languagesSeen.ts';
import { type PageReading, readPage } from '../page/readPage.ts';
import { termAddress } from '../page/termListing.ts';
import type { PageState } from '../sync/syncState.ts';
import { type SiteFetcher, validatorsOf } from './createSiteFetcher.ts';
import { addPost, addSkipped, keepPost, reportProgress, type SiteReading, type SkipReason } from './SiteReading.ts';

export interface PageRules {
  /** Whether an address is the site's own (its host, or `--site-url`'s): a canonical address elsewhere is left out. */
  isOwn(url: string): boolean;
  /** `--site-url`, handed to the page reader. */
  siteUrl?: string;
  /** `--include-pages`: pages that are not posts (About) are indexed too. */
  includePages: boolean;
  /** The crawl: each page's links are kept in the state, to follow them again when it answers 304. */
  keepLinks?: boolean;
}

/**
 * Files a page read as a reader sees it: left out when `noindex`, when its canonical address is
 * on another site, when it is a listing (home, archives, their page 2…) or a page that is not a
 * post (unless asked for); else a post, under its canonical address's id.
 */
export function filePage(
  reading: SiteReading,
  address: string,
  page: PageReading,
  rules: PageRules,
  validators: Omit<PageState, 'kind' | 'id' | 'hash'> = {},
): void {
  for (const message of page.warnings) reading.warnings.push({ label: address, message });
  const skip = page.noindex
    ? (['noindex', undefined] as const)
    : !rules.isOwn(page.canonical)
      ? (['canonical elsewhere', page.canonical] as const)
      : page.kind === 'listing'
        ? (['listing', undefined] as const)
        : page.kind === 'page' && !rules.includePages
          ? (['not a post', undefined] as const)
          : page.document === undefined
            ? (['not a post', 'nothing to index'] as const)
            : undefined;
  if (skip !== undefined) {
    // A term's listing is remembered (noindex or not: many sites keep their archives out of search engines) for its posts' terms.
    const term = page.term !== undefined && (skip[0] === 'listing' || skip[0] === 'noindex') ? { term: page.term } : {};
    addSkipped(reading, address, skip[0], skip[1], { ...validators, ...term });
    return;
  }
  if (addPost(reading, address, page.canonical, page.document!, validators)) countLanguage(reading.languages, page.lang);
}

/** Addresses that are not pages: never read as one. */
const notAPage = /\.(?:jpe?g|png|gif|webp|avif|svg|ico|css|js|mjs|json|xml|rss|atom|txt|pdf|zip|gz|mp3|mp4|webm|woff2?|ttf|eot)$/i;

function withoutFragment(link: string): string {
  const hash = link.indexOf('#');
  return hash === -1 ? link : link.slice(0, hash);
}

export function looksLikePage(url: string): boolean {
  try {
    return !notAPage.test(new URL(url).pathname);
  } catch {
    return false;
  }
}

/**
 * Reads one page of the site through the polite fetcher and files it. With what the last run
 * knew, it asks conditionally (`If-None-Match`, `If-Modified-Since`), or, for a page that gave no
 * validators, not at all when the sitemap's `lastmod` has not moved; an unchanged page keeps its
 * last filing. A 404 or 410 is
 * `gone`. Resolves to the site's own links on the page (the crawl follows them; for an unchanged
 * page, those the last run saw). `fresh`: asked without what the last run knew.
 */
export async function readSitePage(
  reading: SiteReading,
  fetcher: SiteFetcher,
  rules: PageRules,
  address: string,
  lastmod?: string,
  fresh = false,
): Promise<string[]> {
  const remembered = fresh ? undefined : reading.previous.pages[address];
  // A category or tag page remembered without its term (by a version that did not read terms) is read again.
  const before =
    remembered?.kind === 'skipped' && remembered.term === undefined && termAddress(address) !== undefined ? undefined : remembered;
  const keep = (): string[] => {
    if (before === undefined) return [];
    if (before.kind === 'post') keepPost(reading, address, before);
    else {
      reading.skipped.push({ address, reason: before.reason as SkipReason });
      reading.pages[address] = before;
    }
    return before.links ?? [];
  };
  // The same lastmod is trusted only where the page gave no validators: generators often keep a post's
  // date as its lastmod through edits, and a conditional request costs a 304.
  if (before !== undefined && lastmod !== undefined && before.lastmod === lastmod && !before.etag && !before.lastModified) return keep();
  const answer = await fetcher.get(address, {
    accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5',
    etag: before?.etag,
    lastModified: before?.lastModified,
  });
  reading.read++;
  reportProgress(reading);
  switch (answer.kind) {
    case 'not modified':
      if (before !== undefined) return keep();
      addSkipped(reading, address, 'error', 'answered 304 to a request that was not conditional');
      return [];
    case 'gone':
      reading.gone.push(address);
      return [];
    case 'skipped':
      if (answer.reason === 'page bound') return [];
      addSkipped(reading, address, answer.reason === 'robots' ? 'robots' : 'redirected to another site');
      return [];
    case 'error':
      addSkipped(reading, address, 'error', answer.message);
      return [];
  }
  const type = answer.headers.get('content-type') ?? 'text/html';
  if (!/html/i.test(type)) {
    addSkipped(reading, address, 'not a post', `not a page (${type.split(';')[0]})`);
    return [];
  }
  const validators = { ...validatorsOf(answer.headers), ...(lastmod ? { lastmod } : {}) };
  let page: PageReading;
  try {
    page = readPage(answer.text, answer.url, rules.siteUrl === undefined ? {} : { siteUrl: rules.siteUrl });
  } catch (error) {
    addSkipped(reading, address, 'error', `could not be read (${(error as Error).message})`);
    return [];
  }
  const links = [...new Set(page.links.map(withoutFragment).filter((link) => fetcher.onSite(link) && looksLikePage(link)))];
  filePage(reading, address, page, rules, rules.keepLinks ? { ...validators, links } : validators);
  return links;
}
