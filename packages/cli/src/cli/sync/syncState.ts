import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Document } from 'trove-search-client';
import type { TermField, TermListing } from '../page/termListing.ts';

/** What one run learnt about one address of the site, for the next run. */
export interface PageState {
  /** `post`: indexed as `id`; `skipped`: read and left out for `reason` (a listing, a page…). */
  kind: 'post' | 'skipped';
  id?: number;
  /** The hash of the document as sent (`documentHash`): an unchanged post is not sent again. */
  hash?: string;
  reason?: string;
  etag?: string;
  lastModified?: string;
  /** The sitemap's `<lastmod>` of the address when it was read. */
  lastmod?: string;
  /** WordPress's `modified_gmt`. */
  modified?: string;
  /** The site's own addresses the page links to (a crawl follows them again when the page answers 304). */
  links?: string[];
  /** A taxonomy term's listing: the term, what it lists and its other pages (kept for when it answers 304). */
  term?: TermListing;
  /** A post: the terms the site's listings gave it (when they change, a post that answers 304 is read again). */
  listed?: Partial<Record<TermField, string[]>>;
}

/** A file that lists addresses (a sitemap, a feed page): its validators and what it listed. */
export interface ListState {
  etag?: string;
  lastModified?: string;
  /** Each address it listed, with its `<lastmod>` when it had one. */
  entries: [address: string, lastmod?: string][];
  /** Further lists it named (a sitemap index's sitemaps, a feed's next page). */
  lists?: string[];
}

export interface SyncState {
  version: 1;
  /** The site or folder and the collection this state is for. */
  site: string;
  target: string;
  /** The source used, as the summary names it (`WordPress REST API`, `sitemap`…), and where it starts. */
  source?: { name: string; start: string };
  pages: Record<string, PageState>;
  lists: Record<string, ListState>;
  /** When the run that wrote it ended. */
  updated?: string;
}

export function emptyState(site: string, target: string): SyncState {
  return { version: 1, site, target, pages: {}, lists: {} };
}

/** The folder of the state files: `$XDG_CACHE_HOME/trove`, else `~/.cache/trove`. */
export function stateFolder(env: Record<string, string | undefined>): string {
  const cache = env.XDG_CACHE_HOME?.trim() || join(env.HOME?.trim() || homedir(), '.cache');
  return join(cache, 'trove');
}

/** The state file of one site (or folder) and one collection of one service: a readable name and a hash that tells them apart. */
export function statePath(env: Record<string, string | undefined>, site: string, target: string): string {
  const readable = site
    .replace(/^https?:\/\//, '')
    .replace(/[^a-zA-Z0-9.-]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 60);
  const hash = createHash('sha256').update(`${site}\n${target}`).digest('hex').slice(0, 12);
  return join(stateFolder(env), `${readable || 'site'}-${hash}.json`);
}

/** The state a previous run left, or an empty one (no file, or a file this version cannot read: a new start, said by the caller). */
export async function loadState(path: string, site: string, target: string): Promise<{ state: SyncState; found: boolean }> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch {
    return { state: emptyState(site, target), found: false };
  }
  try {
    const state = JSON.parse(text) as SyncState;
    if (state.version === 1 && state.site === site && state.target === target && typeof state.pages === 'object') {
      return { state: { ...state, lists: state.lists ?? {} }, found: true };
    }
  } catch {
    // unreadable: start again
  }
  return { state: emptyState(site, target), found: false };
}

/** Writes the state atomically (a half-written file is never left for the next run). */
export async function saveState(path: string, state: SyncState): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(state)}\n`);
  await rename(temporary, path);
}

/** A hash of a document as it would be sent: the same post read twice gives the same hash. */
export function documentHash(document: Document): string {
  return createHash('sha256').update(JSON.stringify(document)).digest('base64url').slice(0, 22);
}
