import { htmlLanguage } from '../page/pageLanguage.ts';
import { countLanguage } from '../languagesSeen.ts';
import { findFeedLinks } from '../feed/findFeedLinks.ts';
import type { SyncState } from '../sync/syncState.ts';
import type { SiteFetcher } from './createSiteFetcher.ts';
import { crawlSite } from './crawlSource.ts';
import { pagedFeed, readFeedPages } from './feedPagesSource.ts';
import { mergeListedTerms, readTermPages, settleListedTerms } from './listedTerms.ts';
import type { PageRules } from './readSitePage.ts';
import { createSiteReading, type ReadProgress, type SiteReading, type SourceName } from './SiteReading.ts';
import { listSitemapPages, readSitemapPages, usualSitemaps } from './sitemapSource.ts';
import { readWordPress, wordPressRoot } from './wordPressSource.ts';

/** A page already fetched (the address given, read to see whether it was a feed). */
export interface HomePage {
  url: string;
  text: string;
  headers?: Headers;
}

export interface ReadSiteOptions {
  fetcher: SiteFetcher;
  /** The site's address as given. */
  address: string;
  home?: HomePage;
  previous: SyncState;
  rules: PageRules;
  /** The page bound (`--max-pages`): also the bound of posts and of sitemap addresses. */
  maxPages: number;
  onSource?: (name: SourceName, start: string) => void;
  onProgress?: (progress: ReadProgress) => void;
}

/** Pages read at once (the fetcher keeps to its bound per host). */
const width = 8;

/**
 * Reads a site from its address with the most complete source it offers, in this order: the
 * WordPress REST API (as WordPress announces it), its sitemaps (robots.txt's `Sitemap:` lines,
 * else /sitemap.xml, /sitemap_index.xml, /wp-sitemap.xml), a paged feed (RFC 5005, JSON Feed
 * `next_url`), else its own links from its home page. A second run starts with the source the
 * last one used. `reading.source` says which one was used; a source that fails falls through to
 * the next with a warning. Posts whose pages declare no category or tag take those of the site's
 * listings that list them (listedTerms).
 */
export async function readSite(options: ReadSiteOptions): Promise<SiteReading> {
  const { fetcher, previous, rules, maxPages } = options;
  const reading = createSiteReading(previous, options.onProgress);
  const use = (name: SourceName, start: string) => {
    reading.source = { name, start };
    options.onSource?.(name, start);
  };
  const finish = async () => {
    // Terms from the site's listings (its category and tag pages), once every page is read.
    const name = reading.source?.name;
    if (name === 'sitemap') await settleListedTerms(reading, fetcher, rules, width);
    else if (name === 'links from the home page') await settleListedTerms(reading, fetcher, { ...rules, keepLinks: true }, width);
    else mergeListedTerms(reading);
    if (fetcher.stats.pageBoundReached) reading.incomplete.push('page bound');
    return reading;
  };
  const tryWordPress = async (root: string, language?: string) => {
    use('WordPress REST API', root);
    const before = reading.posts.length;
    const failure = await readWordPress(reading, fetcher, root, maxPages);
    // The REST API's posts say no language: the site's, as its home page declares it.
    if (failure === undefined) countLanguage(reading.languages, language, reading.posts.length - before);
    if (failure === undefined) return true;
    reading.warnings.push({ label: root, message: `the WordPress REST API could not be used (${failure}); reading the site otherwise` });
    reading.source = undefined;
    return false;
  };
  const trySitemaps = async (starts: string[]) => {
    const listed = await listSitemapPages(reading, fetcher, starts, maxPages);
    if (listed === undefined) return false;
    use('sitemap', listed.start);
    await readSitemapPages(reading, fetcher, rules, listed.pages, width);
    // The later pages of a category or tag (`/categories/baking/page/2/`) are in no sitemap.
    await readTermPages(reading, fetcher, rules, new Set(listed.pages.map((page) => page.address)), width);
    return true;
  };

  // A second run goes straight to the source of the last one.
  const last = previous.source;
  if (last?.name === 'WordPress REST API' && (await tryWordPress(last.start))) return finish();
  if (last?.name === 'sitemap' && (await trySitemaps([last.start]))) return finish();
  if (last?.name === 'paged feed' && fetcher.onSite(last.start)) {
    use('paged feed', last.start);
    await readFeedPages(reading, fetcher, last.start, rules.siteUrl, maxPages);
    return finish();
  }
  if (last?.name === 'links from the home page' && fetcher.onSite(last.start)) {
    use('links from the home page', last.start);
    await crawlSite(reading, fetcher, rules, last.start, width);
    return finish();
  }

  let home = options.home;
  if (home === undefined) {
    const answer = await fetcher.get(options.address, { accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5' });
    if (answer.kind === 'ok') home = { url: answer.url, text: answer.text, headers: answer.headers };
    else {
      const why =
        answer.kind === 'error'
          ? answer.message
          : answer.kind === 'gone'
            ? `HTTP ${answer.status}`
            : answer.kind === 'skipped'
              ? answer.reason
              : '304';
      reading.warnings.push({ label: options.address, message: `the home page could not be read (${why})` });
    }
  }
  const root = home === undefined ? undefined : wordPressRoot(home.text, home.headers, home.url);
  if (root !== undefined && fetcher.onSite(root) && (await tryWordPress(root, home && htmlLanguage(home.text)))) return finish();

  const origin = new URL(home?.url ?? options.address).origin;
  const fromRobots = (await fetcher.robotsSitemaps()).filter((url) => fetcher.onSite(url));
  if (fromRobots.length > 0 && (await trySitemaps(fromRobots))) return finish();
  for (const path of usualSitemaps) {
    if (await trySitemaps([`${origin}${path}`])) return finish();
  }

  if (home !== undefined) {
    for (const feed of findFeedLinks(home.text, home.url).filter((url) => fetcher.onSite(url))) {
      const firstPage = await pagedFeed(fetcher, feed);
      if (firstPage === undefined) continue;
      use('paged feed', feed);
      await readFeedPages(reading, fetcher, feed, rules.siteUrl, maxPages, firstPage);
      return finish();
    }
  }
  use('links from the home page', home?.url ?? options.address);
  await crawlSite(reading, fetcher, rules, home?.url ?? options.address, width);
  return finish();
}
