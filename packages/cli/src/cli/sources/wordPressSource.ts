import { decodeHTMLAttribute } from 'entities';
import type { SiteFetcher } from './createSiteFetcher.ts';
import { mapWordPressPost, type WordPressPost, wordPressTime } from './mapWordPressPost.ts';
import { addPost, keepPost, reportProgress, type SiteReading } from './SiteReading.ts';

/** The relation WordPress announces its REST API with. */
const apiRel = 'https://api.w.org/';

/** What `_embed` brings: authors, categories and tags, the featured image. */
const embed = 'author,wp:term,wp:featuredmedia';

/**
 * The root of a site's WordPress REST API, as WordPress announces it on every page: the
 * `Link: <…/wp-json/>; rel="https://api.w.org/"` header, else `<link rel="https://api.w.org/">`
 * in the page (`…/?rest_route=/` when permalinks are plain). `undefined` on any other site.
 */
export function wordPressRoot(html: string, headers: Headers | undefined, address: string): string | undefined {
  const header = headers?.get('link') ?? '';
  for (const part of header.split(/,(?=\s*<)/)) {
    const match = /<([^>]*)>\s*;(.*)$/.exec(part.trim());
    if (match && /\brel\s*=\s*"?https:\/\/api\.w\.org\/"?/i.test(match[2]!)) return resolve(match[1]!, address);
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = /\brel\s*=\s*["']([^"']*)["']/i.exec(tag)?.[1];
    const href = /\bhref\s*=\s*["']([^"']*)["']/i.exec(tag)?.[1];
    if (rel?.trim() === apiRel && href !== undefined) return resolve(decodeHTMLAttribute(href), address);
  }
  return undefined;
}

function resolve(href: string, base: string): string | undefined {
  try {
    return new URL(href, base).href;
  } catch {
    return undefined;
  }
}

/** The address of a REST route under a root: `…/wp-json/wp/v2/posts?…`, or `…/?rest_route=/wp/v2/posts&…` when permalinks are plain. */
export function restUrl(root: string, route: string, query: string): string {
  const url = new URL(root);
  if (url.searchParams.has('rest_route')) {
    const base = `${url.origin}${url.pathname}?rest_route=${route}`;
    return query === '' ? base : `${base}&${query}`;
  }
  return `${root.replace(/\/?$/, '/')}${route.replace(/^\//, '')}${query === '' ? '' : `?${query}`}`;
}

type Page<T> = { items: T[]; totalPages: number; total?: number } | { error: string };

async function getPage<T>(fetcher: SiteFetcher, url: string): Promise<Page<T>> {
  const answer = await fetcher.get(url, { accept: 'application/json' });
  if (answer.kind !== 'ok') {
    return { error: answer.kind === 'error' ? answer.message : answer.kind === 'gone' ? `HTTP ${answer.status}` : answer.kind };
  }
  let items: unknown;
  try {
    items = JSON.parse(answer.text);
  } catch {
    return { error: 'the answer is not JSON' };
  }
  if (!Array.isArray(items)) return { error: 'the answer is not a list of posts' };
  const totalPages = Number(answer.headers.get('x-wp-totalpages'));
  const total = Number(answer.headers.get('x-wp-total'));
  return {
    items: items as T[],
    totalPages: Number.isFinite(totalPages) && totalPages >= 1 ? totalPages : 1,
    ...(Number.isFinite(total) && answer.headers.has('x-wp-total') ? { total } : {}),
  };
}

/**
 * Every page of a REST listing, 100 a page, as many pages as `X-WP-TotalPages` says (at most
 * `maxItems` items). `undefined` when the first page fails (the caller falls back to another
 * source); a later page that fails leaves the reading incomplete.
 */
async function listAll<T>(
  reading: SiteReading,
  fetcher: SiteFetcher,
  root: string,
  query: string,
  maxItems: number,
  onPage: (items: T[], total: number | undefined) => void,
): Promise<string | undefined> {
  const first = await getPage<T>(fetcher, restUrl(root, '/wp/v2/posts', `per_page=100&page=1${query}`));
  if ('error' in first) return first.error;
  onPage(first.items, first.total);
  const pages = Math.min(first.totalPages, Math.ceil(maxItems / 100));
  if (first.totalPages > pages) {
    fetcher.limit(`the blog has ${first.total ?? 'more'} posts; the first ${pages * 100} were read (raise the bound with --max-pages)`);
    reading.incomplete.push('page bound');
  }
  for (let page = 2; page <= pages; page++) {
    const next = await getPage<T>(fetcher, restUrl(root, '/wp/v2/posts', `per_page=100&page=${page}${query}`));
    if ('error' in next) {
      reading.incomplete.push(`REST page ${page}: ${next.error}`);
      reading.warnings.push({ label: `WordPress REST API page ${page}`, message: `not read (${next.error})` });
      break;
    }
    onPage(next.items, next.total);
  }
  return undefined;
}

/**
 * Reads every published post through the WordPress REST API (`/wp/v2/posts`, 100 a page, with
 * `_embed`). When the last run read the same API, only what changed is asked for: the list of
 * posts (ids, links and `modified_gmt` only) shows what is there, and the posts modified after the
 * latest the last run saw (`modified_after`) bring the edited and the new ones in full. Resolves to
 * `undefined`, or to why the API could not be used (the caller then reads the sitemaps).
 */
export async function readWordPress(
  reading: SiteReading,
  fetcher: SiteFetcher,
  root: string,
  maxItems: number,
): Promise<string | undefined> {
  const add = (posts: WordPressPost[]) => {
    for (const post of posts) {
      const mapped = mapWordPressPost(post);
      if (mapped === undefined) continue;
      reading.read++;
      addPost(reading, mapped.address, mapped.address, mapped.document, mapped.modified ? { modified: mapped.modified } : {});
    }
    reportProgress(reading);
  };
  const known = Object.values(reading.previous.pages)
    .map((page) => page.modified)
    .filter((modified): modified is string => modified !== undefined)
    .sort();
  const synced = reading.previous.source?.name === 'WordPress REST API' && known.length > 0;
  if (!synced) {
    return listAll<WordPressPost>(reading, fetcher, root, `&_embed=${embed}`, maxItems, (posts, total) => {
      if (total !== undefined) reading.found = total;
      add(posts);
    });
  }

  const changed = new Set<string>();
  const failure = await listAll<WordPressPost>(reading, fetcher, root, '&_fields=id,link,modified_gmt', maxItems, (posts, total) => {
    if (total !== undefined) reading.found = total;
    for (const post of posts) {
      const link = typeof post.link === 'string' ? post.link : undefined;
      if (link === undefined) continue;
      const before = reading.previous.pages[link];
      if (before?.kind === 'post' && before.modified === wordPressTime(post.modified_gmt)) keepPost(reading, link, before);
      else changed.add(link);
    }
    reportProgress(reading);
  });
  if (failure !== undefined) return failure;
  if (changed.size === 0) return undefined;
  const since = known.at(-1)!;
  const modifiedAfter = await listAll<WordPressPost>(
    reading,
    fetcher,
    root,
    `&_embed=${embed}&modified_after=${since}`,
    maxItems,
    (posts) => add(posts.filter((post) => typeof post.link === 'string' && changed.delete(post.link))),
  );
  if (modifiedAfter !== undefined) {
    reading.incomplete.push(`changed posts: ${modifiedAfter}`);
    reading.warnings.push({ label: 'WordPress REST API', message: `the changed posts could not be read (${modifiedAfter})` });
  }
  // Posts the list shows as changed that modified_after did not bring (a post restored from the trash keeps
  // its old modified time): left for a --full run, and nothing is removed this time.
  if (changed.size > 0) {
    reading.incomplete.push(`${changed.size} changed posts not read`);
    reading.warnings.push({
      label: 'WordPress REST API',
      message: `${changed.size} posts changed without a newer modified time were not read; run with --full`,
    });
  }
  return undefined;
}
