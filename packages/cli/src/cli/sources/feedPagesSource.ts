import { feedLanguage } from '../feed/feedLanguage.ts';
import { countLanguage } from '../languagesSeen.ts';
import { collectDocuments } from '../collectDocuments.ts';
import { parseInput } from '../feed/parseInput.ts';
import type { ListState } from '../sync/syncState.ts';
import { type Fetched, type SiteFetcher, validatorsOf } from './createSiteFetcher.ts';
import { nextFeedPage } from './nextFeedPage.ts';
import { addPost, addSkipped, keepPost, reportProgress, type SiteReading } from './SiteReading.ts';

const feedAccept = 'application/feed+json, application/json, application/atom+xml, application/rss+xml, application/xml;q=0.9, */*;q=0.8';

/**
 * The first page of a feed when the feed is paged (RFC 5005 `next`/`prev-archive`, JSON Feed
 * `next_url`), else `undefined`: only a paged feed is a source of the whole blog. Its first page is
 * not counted against the page bound, and `readFeedPages` starts from it without asking again.
 */
export async function pagedFeed(fetcher: SiteFetcher, feed: string): Promise<Fetched | undefined> {
  const answer = await fetcher.get(feed, { accept: feedAccept, counts: false });
  return answer.kind === 'ok' && nextFeedPage(answer.text, answer.url) !== undefined ? answer : undefined;
}

/**
 * Reads a paged feed from its first page to its last (each page's items mapped as a feed given
 * directly is, the next page on the site only, no page twice, at most `maxItems` items). A page
 * that has not changed since the last run (304) keeps the posts it listed then. `firstPage` is
 * the first page's answer when `pagedFeed` already has it.
 */
export async function readFeedPages(
  reading: SiteReading,
  fetcher: SiteFetcher,
  first: string,
  siteUrl: string | undefined,
  maxItems: number,
  firstPage?: Fetched,
): Promise<void> {
  const seen = new Set<string>();
  let fetched = firstPage;
  let page: string | undefined = first;
  let items = 0;
  while (page !== undefined) {
    if (seen.has(page)) break;
    seen.add(page);
    if (items >= maxItems) {
      fetcher.limit(`the feed holds more than ${maxItems} posts; the first ${maxItems} were read (raise it with --max-pages)`);
      reading.incomplete.push('page bound');
      break;
    }
    const before: ListState | undefined = reading.previous.lists[page];
    const answer = fetched ?? (await fetcher.get(page, { accept: feedAccept, etag: before?.etag, lastModified: before?.lastModified }));
    fetched = undefined;
    reading.read++;
    if (answer.kind === 'not modified' && before !== undefined) {
      reading.lists[page] = before;
      for (const [address] of before.entries) {
        const known = reading.previous.pages[address];
        if (known?.kind === 'post') keepPost(reading, address, known);
        reading.found++;
        items++;
      }
      page = before.lists?.[0];
      continue;
    }
    if (answer.kind !== 'ok') {
      reading.incomplete.push(`feed page ${page}`);
      reading.warnings.push({ label: page, message: `feed page not read (${answer.kind === 'error' ? answer.message : answer.kind})` });
      break;
    }
    let collected;
    try {
      collected = collectDocuments(parseInput(answer.text, page, answer.url, siteUrl).items);
    } catch (error) {
      reading.incomplete.push(`feed page ${page}`);
      reading.warnings.push({ label: page, message: (error as Error).message });
      break;
    }
    const list: ListState = { entries: [], ...validatorsOf(answer.headers) };
    for (const skipped of collected.skipped) addSkipped(reading, `${page} ${skipped.label}`, 'error', skipped.reason);
    const language = feedLanguage(answer.text);
    for (const document of collected.documents) {
      const address = document.url ?? `${page}#${document.id}`;
      list.entries.push([address]);
      reading.found++;
      items++;
      if (addPost(reading, address, address, document)) countLanguage(reading.languages, language);
    }
    reportProgress(reading);
    const next = nextFeedPage(answer.text, answer.url);
    page = next !== undefined && fetcher.onSite(next) ? next : undefined;
    if (page !== undefined) list.lists = [page];
    reading.lists[answer.url] = list;
  }
}
