import type { ListState } from '../sync/syncState.ts';
import { type SiteFetcher, validatorsOf } from './createSiteFetcher.ts';
import { parseSitemap } from './parseSitemap.ts';
import { type PageRules, readSitePage } from './readSitePage.ts';
import { runPool } from './runPool.ts';
import type { SiteReading } from './SiteReading.ts';

/** Where sitemaps usually are, after the `Sitemap:` lines of robots.txt. */
export const usualSitemaps = ['/sitemap.xml', '/sitemap_index.xml', '/wp-sitemap.xml'];

/** Sitemap files read per run at most (an index naming thousands of sitemaps stops there). */
const MAX_SITEMAP_FILES = 500;

const sitemapAccept = 'application/xml,text/xml;q=0.9,*/*;q=0.5';

/**
 * The pages a site's sitemaps list, each with its `lastmod`: the sitemaps given (robots.txt's, or
 * the usual places), their sitemap indexes followed (on the site only), gzip read, at most
 * `maxAddresses` addresses. A sitemap that has not changed since the last run (304) gives what it
 * listed then. `undefined` when none of `starts` is a sitemap.
 */
export async function listSitemapPages(
  reading: SiteReading,
  fetcher: SiteFetcher,
  starts: string[],
  maxAddresses: number,
): Promise<{ pages: { address: string; lastmod?: string }[]; start: string } | undefined> {
  const pages = new Map<string, string | undefined>();
  const seen = new Set<string>();
  let first: string | undefined;
  let truncated = false;

  const readList = async (url: string, depth: number): Promise<boolean> => {
    if (seen.has(url) || depth > 3) return false;
    seen.add(url);
    if (seen.size > MAX_SITEMAP_FILES) {
      fetcher.limit(`more than ${MAX_SITEMAP_FILES} sitemap files; the rest were not read`);
      reading.incomplete.push('sitemap files left unread');
      return false;
    }
    const before: ListState | undefined = reading.previous.lists[url];
    const answer = await fetcher.get(url, { accept: sitemapAccept, etag: before?.etag, lastModified: before?.lastModified });
    let list: ListState;
    if (answer.kind === 'not modified' && before !== undefined) list = before;
    else if (answer.kind === 'ok') {
      const sitemap = parseSitemap(answer.text, maxAddresses + 1);
      if (sitemap === undefined) {
        if (depth > 0) reading.incomplete.push(`${url} is not a sitemap`);
        return false;
      }
      if (sitemap.truncated) truncated = true;
      const entries = sitemap.entries.filter((entry) => fetcher.onSite(entry.loc));
      list =
        sitemap.kind === 'index'
          ? { entries: [], lists: entries.map((entry) => entry.loc) }
          : { entries: entries.map((entry) => (entry.lastmod === undefined ? [entry.loc] : [entry.loc, entry.lastmod])) };
      Object.assign(list, validatorsOf(answer.headers));
    } else {
      if (depth > 0) {
        reading.incomplete.push(`${url}: ${answer.kind === 'error' ? answer.message : answer.kind}`);
        reading.warnings.push({ label: url, message: `sitemap not read (${answer.kind === 'error' ? answer.message : answer.kind})` });
      }
      return false;
    }
    reading.lists[url] = list;
    first ??= url;
    for (const [address, lastmod] of list.entries) {
      if (pages.size >= maxAddresses) {
        truncated = true;
        break;
      }
      if (!pages.has(address)) {
        pages.set(address, lastmod);
        reading.found++;
      }
    }
    for (const child of list.lists ?? []) await readList(child, depth + 1);
    return true;
  };

  for (const start of starts) await readList(start, 0);
  if (first === undefined) return undefined;
  if (truncated) {
    fetcher.limit(`the sitemaps list more than ${maxAddresses} addresses; the first ${maxAddresses} were read (raise it with --max-pages)`);
    reading.incomplete.push('sitemap longer than the page bound');
  }
  return { pages: [...pages].map(([address, lastmod]) => (lastmod === undefined ? { address } : { address, lastmod })), start: first };
}

/** Reads every page the sitemaps list (see `listSitemapPages`), as a reader sees it. */
export async function readSitemapPages(
  reading: SiteReading,
  fetcher: SiteFetcher,
  rules: PageRules,
  pages: { address: string; lastmod?: string }[],
  width: number,
): Promise<void> {
  await runPool(pages, width, async ({ address, lastmod }) => {
    await readSitePage(reading, fetcher, rules, address, lastmod);
  });
}
