import type { SyncState } from '../sync/syncState.ts';
import { createPageReaderPool } from './createPageReaderPool.ts';
import { termAddress } from '../page/termListing.ts';
import { folderSource } from './folderSource.ts';
import { mergeListedTerms } from './listedTerms.ts';
import { filePage, type PageRules } from './readSitePage.ts';
import { addSkipped, createSiteReading, type ReadProgress, reportProgress, type SiteReading } from './SiteReading.ts';

/** The pages of a paginated list as generators write them: `/page/2/`, `/tags/x/page/3/`, `/page2/` (jekyll-paginate). */
const pagination = /\/page\/?\d+\/?(?:index\.html?)?$/i;

export function isPagination(address: string): boolean {
  try {
    return pagination.test(new URL(address).pathname);
  } catch {
    return false;
  }
}

/** Page 2, 3… of a category or tag (page 1 is the listing itself; Hugo writes `…/page/1/` as a redirect to it). */
function laterTermPage(address: string): boolean {
  return termAddress(address) !== undefined && !/\/page\/1\/?(?:index\.html?)?$/i.test(new URL(address).pathname);
}

/**
 * Reads a built site from disk (Hugo's `public/`, Jekyll's and Eleventy's `_site/`, any static
 * export) as Pagefind does: every HTML page, each filed as a reader sees it (posts only, unless
 * asked; listings, noindex pages and canonical addresses elsewhere left out), at most `maxPages`.
 * A page's address is its canonical link, or `--site-url` plus its path (folderSource). Pages of
 * a paginated list (`/page/2/`…) are listings by their path and are not read, but those of a
 * category or tag: a post that declares none takes the terms of the listings that list it (listedTerms).
 */
export async function readFolderSite(
  folder: string,
  previous: SyncState,
  rules: PageRules,
  maxPages: number,
  onProgress?: (progress: ReadProgress) => void,
  limit?: (message: string) => void,
  signal?: AbortSignal,
): Promise<SiteReading> {
  const reading = createSiteReading(previous, onProgress);
  reading.source = { name: 'folder', start: folder };
  const options = {
    maxPages,
    warn: (message: string) => reading.warnings.push({ label: folder, message }),
    limit: (message: string) => {
      limit?.(message);
      reading.incomplete.push('page bound');
    },
    ...(rules.siteUrl === undefined ? {} : { siteUrl: rules.siteUrl }),
  };
  // Files are read from disk while the pages before them are read as a reader sees them, on every core.
  const pool = createPageReaderPool();
  const inFlight = new Set<Promise<void>>();
  const pages = folderSource(folder, options);
  let next = pages.next();
  next.catch(() => undefined); // awaited below; handled if the loop ends first
  try {
    for (;;) {
      const current = await next;
      if (current.done) break;
      next = pages.next();
      next.catch(() => undefined);
      signal?.throwIfAborted();
      const { address, html } = current.value;
      reading.found++;
      if (isPagination(address) && !laterTermPage(address)) {
        // Page 2, 3… of a list (the home page's, an archive's): a listing, not worth reading. A category's or tag's are read for their posts' terms.
        addSkipped(reading, address, 'listing');
        reportProgress(reading);
        continue;
      }
      const task = pool
        .read(html, address, rules.siteUrl)
        .then(
          (page) => filePage(reading, address, page, rules),
          (error: Error) => addSkipped(reading, address, 'error', `could not be read (${error.message})`),
        )
        .then(() => {
          reading.read++;
          reportProgress(reading);
          inFlight.delete(task);
        });
      inFlight.add(task);
      if (inFlight.size >= pool.width) await Promise.race(inFlight);
    }
    await Promise.all(inFlight);
  } finally {
    await pool.close();
  }
  mergeListedTerms(reading);
  return reading;
}
