import { documentId } from 'trove-search-client';
import type { Document } from 'trove-search-client';
import type { Warning } from '../collectDocuments.ts';
import type { LanguagesSeen } from '../languagesSeen.ts';
import { documentHash, type ListState, type PageState, type SyncState } from '../sync/syncState.ts';

/** Why a page read was not indexed, in the order the summary counts them. */
export const skipReasons = [
  'listing',
  'not a post',
  'noindex',
  'robots',
  'canonical elsewhere',
  'duplicate canonical',
  'redirected to another site',
  'error',
] as const;

export type SkipReason = (typeof skipReasons)[number];

/** The source a site was read from, as the summary names it. */
export type SourceName = 'WordPress REST API' | 'sitemap' | 'paged feed' | 'links from the home page' | 'folder';

export interface FoundPost {
  /** The address it was read at (a page, or the REST item's link). */
  address: string;
  id: number;
  /** Set when the post was read this run and differs from what the last run sent: it is to be sent. */
  document?: Document;
  /** The post as its page gave it, when it was read this run (before terms from the site's listings: see listedTerms). */
  read?: Document;
  label: string;
}

export interface SkippedPage {
  address: string;
  reason: SkipReason;
  detail?: string;
}

export interface ReadProgress {
  found: number;
  read: number;
}

/**
 * What reading a site gathers: every post present (sent this run or unchanged since the last),
 * every page skipped with its reason, the addresses that answered 404/410, the bounds reached, and
 * the state for the next run. `incomplete` says why when the source could not be read to its end
 * (a bound reached, a sitemap or REST page that failed): then nothing is removed from the index.
 */
export interface SiteReading {
  source?: { name: SourceName; start: string };
  posts: FoundPost[];
  skipped: SkippedPage[];
  gone: string[];
  warnings: Warning[];
  /** Why the enumeration is incomplete, if it is. */
  incomplete: string[];
  /** The posts read this run, by the language their page or feed declares. */
  languages: LanguagesSeen;
  found: number;
  read: number;
  /** The state of this run, for the next one. */
  pages: Record<string, PageState>;
  lists: Record<string, ListState>;
  /** Ids of posts already taken, by the address that took them (duplicate canonical). */
  ids: Map<number, string>;
  /** The last run's state (empty with `--full`). */
  previous: SyncState;
  onProgress?: (progress: ReadProgress) => void;
}

export function createSiteReading(previous: SyncState, onProgress?: (progress: ReadProgress) => void): SiteReading {
  return {
    posts: [],
    skipped: [],
    gone: [],
    warnings: [],
    incomplete: [],
    languages: {},
    found: 0,
    read: 0,
    pages: {},
    lists: {},
    ids: new Map(),
    previous,
    onProgress,
  };
}

export function reportProgress(reading: SiteReading): void {
  reading.onProgress?.({ found: reading.found, read: reading.read });
}

/** A short label for messages: the title, else the address. */
export function postLabel(document: Document | undefined, address: string): string {
  const title = document?.title;
  return title === undefined ? address : `"${title.length > 60 ? `${title.slice(0, 57)}…` : title}" (${address})`;
}

/**
 * Records a post read this run: its id is the canonical address's (the one document-id rule), of
 * two pages with the same canonical address the one at that address is kept and the other is a
 * `duplicate canonical`, and the document is to be sent only when it differs from what the last
 * run sent.
 */
export function addPost(
  reading: SiteReading,
  address: string,
  canonical: string,
  document: Document,
  validators: Omit<PageState, 'kind' | 'id' | 'hash'> = {},
): boolean {
  const id = typeof document.id === 'number' ? document.id : (documentId(document.id) ?? documentId(canonical));
  if (id === undefined) return false;
  const first = reading.ids.get(id);
  if (first !== undefined) {
    // Of two pages with one canonical address, the page at that address is the post (pages are read in any order).
    const firstIsCanonical = documentId(first) === id;
    if (firstIsCanonical || documentId(address) !== id) {
      addSkipped(reading, address, 'duplicate canonical', `same canonical address as ${first}`, validators);
      return false;
    }
    const index = reading.posts.findIndex((post) => post.address === first);
    if (index !== -1) reading.posts.splice(index, 1);
    const { kind: _kind, id: _id, hash: _hash, ...kept } = reading.pages[first] ?? { kind: 'skipped' };
    addSkipped(reading, first, 'duplicate canonical', `same canonical address as ${address}`, kept);
  }
  reading.ids.set(id, address);
  const sent = { ...document, id };
  const hash = documentHash(sent);
  const before = reading.previous.pages[address];
  reading.pages[address] = { kind: 'post', id, hash, ...validators };
  reading.posts.push({
    address,
    id,
    label: postLabel(sent, address),
    read: sent,
    ...(before?.kind === 'post' && before.hash === hash && before.id === id ? {} : { document: sent }),
  });
  return true;
}

/** Records a post the last run indexed that has not changed (a 304, the same lastmod or `modified`). */
export function keepPost(reading: SiteReading, address: string, before: PageState): boolean {
  if (before.id === undefined) return false;
  const first = reading.ids.get(before.id);
  if (first !== undefined) return false;
  reading.ids.set(before.id, address);
  reading.pages[address] = before;
  reading.posts.push({ address, id: before.id, label: address });
  return true;
}

export function addSkipped(
  reading: SiteReading,
  address: string,
  reason: SkipReason,
  detail?: string,
  validators: Omit<PageState, 'kind' | 'id' | 'hash'> = {},
): void {
  reading.skipped.push(detail === undefined ? { address, reason } : { address, reason, detail });
  // Errors are not remembered: the next run reads the page again.
  if (reason !== 'error' && reason !== 'robots') reading.pages[address] = { kind: 'skipped', reason, ...validators };
}
