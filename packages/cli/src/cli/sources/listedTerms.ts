import { documentId } from 'trove-search-client';
import type { Document } from 'trove-search-client';
import type { TermField } from '../page/termListing.ts';
import { documentHash, type PageState } from '../sync/syncState.ts';
import type { SiteFetcher } from './createSiteFetcher.ts';
import { type PageRules, readSitePage } from './readSitePage.ts';
import { runPool } from './runPool.ts';
import type { FoundPost, SiteReading } from './SiteReading.ts';

/** Terms a listing gives one post, per field, at most (as a page's own: src/cli/page/pageTerms.ts). */
const MAX_TERMS = 30;

const fields: TermField[] = ['category', 'tags'];

type Listed = Partial<Record<TermField, string[]>>;

/**
 * The terms the site's term listings read this run (or unchanged since the last) give each post,
 * by the post's id: a listing's link names a post by its canonical address or the address it was
 * read at. Sorted, so that the order the pages were read in does not matter.
 */
function listedTerms(reading: SiteReading): Map<number, Listed> {
  const byAddress = new Map(reading.posts.map((post) => [post.address, post.id]));
  const found = new Map<number, Record<TermField, Set<string>>>();
  for (const state of Object.values(reading.pages)) {
    const term = state.term;
    if (term === undefined || !fields.includes(term.field)) continue;
    for (const link of term.posts) {
      const byId = documentId(link);
      const id = byAddress.get(link) ?? (byId !== undefined && reading.ids.has(byId) ? byId : undefined);
      if (id === undefined) continue;
      let terms = found.get(id);
      if (terms === undefined) found.set(id, (terms = { category: new Set(), tags: new Set() }));
      terms[term.field].add(term.name);
    }
  }
  const listed = new Map<number, Listed>();
  for (const [id, terms] of found) {
    const entry: Listed = {};
    for (const field of fields) {
      const names = [...terms[field]].sort().slice(0, MAX_TERMS);
      if (names.length > 0) entry[field] = names;
    }
    listed.set(id, entry);
  }
  return listed;
}

function sameListed(a: Listed | undefined, b: Listed | undefined): boolean {
  return fields.every((field) => (a?.[field] ?? []).join('\n') === (b?.[field] ?? []).join('\n'));
}

/** The post with the listed terms of each field it declares none of. */
function withListed(document: Document, listed: Listed | undefined): Document {
  let merged = document;
  for (const field of fields) {
    const terms = listed?.[field];
    if (terms !== undefined && (document[field]?.length ?? 0) === 0) merged = { ...merged, [field]: terms };
  }
  return merged;
}

/**
 * Gives each post read this run the terms the site's listings give it (`/categories/<term>/`, a
 * tag page…) of each field its page declares none of, once every page is read (listings come
 * before or after their posts); the post is then to be sent when that differs from what the last
 * run sent, and its state keeps the hash of what is sent and the terms the listings gave. Returns
 * the posts kept unchanged (a 304) whose listed terms are not what the last run saw: they are to
 * be read again.
 */
export function mergeListedTerms(reading: SiteReading): FoundPost[] {
  const listed = listedTerms(reading);
  const changed: FoundPost[] = [];
  for (const post of reading.posts) {
    const terms = listed.get(post.id);
    const state = reading.pages[post.address];
    if (post.read === undefined) {
      if (state !== undefined && !sameListed(state.listed, terms)) changed.push(post);
      continue;
    }
    const merged = withListed(post.read, terms);
    const hash = documentHash(merged);
    if (state !== undefined) {
      state.hash = hash;
      if (terms !== undefined && Object.keys(terms).length > 0) state.listed = terms;
      else delete state.listed;
    }
    const before = reading.previous.pages[post.address];
    if (before?.kind === 'post' && before.hash === hash && before.id === post.id) delete post.document;
    else post.document = merged;
  }
  return changed;
}

/**
 * Reads the pages of the term listings that the pages read link to and that were not read
 * (`/categories/baking/page/2/`, which no sitemap lists), and theirs in turn, through the polite
 * fetcher (its page bound holds). `read` holds the addresses already read or being read.
 */
export async function readTermPages(
  reading: SiteReading,
  fetcher: SiteFetcher,
  rules: PageRules,
  read: Set<string>,
  width: number,
): Promise<void> {
  for (;;) {
    const next = [...new Set(Object.values(reading.pages).flatMap((state: PageState) => state.term?.pages ?? []))].filter(
      (address) => !read.has(address) && fetcher.onSite(address),
    );
    if (next.length === 0) return;
    for (const address of next) read.add(address);
    reading.found += next.length;
    await runPool(next, width, async (address) => {
      await readSitePage(reading, fetcher, rules, address);
    });
  }
}

/**
 * Merges the listed terms (above) and reads again, without asking conditionally, the posts
 * unchanged since the last run whose listed terms changed (a post moved to another category on
 * a site whose post pages do not show it), so that what is sent has them.
 */
export async function settleListedTerms(reading: SiteReading, fetcher: SiteFetcher, rules: PageRules, width: number): Promise<void> {
  const changed = mergeListedTerms(reading);
  if (changed.length === 0) return;
  for (const post of changed) {
    const index = reading.posts.indexOf(post);
    if (index !== -1) reading.posts.splice(index, 1);
    reading.ids.delete(post.id);
    delete reading.pages[post.address];
  }
  await runPool(changed, width, async (post) => {
    await readSitePage(reading, fetcher, rules, post.address, undefined, true);
  });
  mergeListedTerms(reading);
}
