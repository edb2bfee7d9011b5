import type { SiteFetcher } from './createSiteFetcher.ts';
import { type PageRules, readSitePage } from './readSitePage.ts';
import { runPool } from './runPool.ts';
import type { SiteReading } from './SiteReading.ts';

/** Addresses of one form (`/calendar/#/#/`, `/?page=#`) followed at most: endless generated links stop here. */
export const MAX_PER_FORM = 200;

/**
 * The form of an address: its path with every run of digits as `#`, and its query's names. A
 * calendar's months, a `?page=` without end, a tag's page 1, 2, 3… share one form; posts (each its
 * own slug) do not.
 */
export function addressForm(url: string): string {
  const parsed = new URL(url);
  const names = [...new Set([...parsed.searchParams.keys()])].sort();
  return `${parsed.pathname.replace(/\d+/g, '#')}${names.length > 0 ? `?${names.join('&')}` : ''}`;
}

/**
 * Reads the site by its own links, from its home page: every page on the site's host that is
 * linked from a page read, breadth first, through the polite fetcher (robots.txt, the page bound),
 * at most `MAX_PER_FORM` addresses of one form. Links to other hosts are never followed.
 */
export async function crawlSite(reading: SiteReading, fetcher: SiteFetcher, rules: PageRules, home: string, width: number): Promise<void> {
  const queue = [home];
  const seen = new Set(queue);
  const forms = new Map<string, number>();
  const cut = new Map<string, number>();
  reading.found = 1;
  await runPool(queue, width, async (address) => {
    const links = await readSitePage(reading, fetcher, { ...rules, keepLinks: true }, address);
    for (const link of links) {
      if (seen.has(link)) continue;
      seen.add(link);
      const form = addressForm(link);
      const count = (forms.get(form) ?? 0) + 1;
      forms.set(form, count);
      if (count > MAX_PER_FORM) {
        cut.set(form, (cut.get(form) ?? 0) + 1);
        continue;
      }
      queue.push(link);
      reading.found++;
    }
  });
  for (const [form, count] of cut) {
    fetcher.limit(`${count} links of the form ${form} were not followed (more than ${MAX_PER_FORM} of that form)`);
  }
  if (cut.size > 0) reading.incomplete.push('links not followed');
}
