import type { Document } from 'trove-search-client';
import { distinct } from '../buildDocument.ts';
import { inlineHtmlToText } from '../feed/inlineHtmlToText.ts';
import { articleText } from '../page/articleText.ts';
import { readDate } from '../readDate.ts';
import { toSafeUrl } from '../toSafeUrl.ts';

/** A post of the WordPress REST API (`/wp/v2/posts` with `_embed`), as far as it is read. */
export interface WordPressPost {
  id?: unknown;
  link?: unknown;
  date_gmt?: unknown;
  modified_gmt?: unknown;
  status?: unknown;
  title?: { rendered?: unknown };
  content?: { rendered?: unknown; protected?: unknown };
  _embedded?: {
    author?: { name?: unknown }[];
    'wp:term'?: { taxonomy?: unknown; name?: unknown }[][];
    'wp:featuredmedia'?: { source_url?: unknown }[];
  };
}

const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** WordPress's GMT times carry no zone (`2024-12-20T09:00:00`): they are UTC. */
export function wordPressTime(value: unknown): string | undefined {
  const text = str(value);
  if (text === undefined || text === '' || text.startsWith('0000')) return undefined;
  return /[zZ]|[+-]\d\d:?\d\d$/.test(text) ? text : `${text}Z`;
}

/**
 * A document from a REST post: its link (the post's address, so the id is the one its page's
 * canonical address gives), its title decoded, its content through the page reader's one
 * html→text rule (`articleText`), its GMT date, its categories and tags by name, its authors and
 * its featured image, all from `_embed`. `undefined` for what is not a published post with a link
 * (a password-protected post's content is not read).
 */
export function mapWordPressPost(post: WordPressPost): { document: Document; address: string; modified?: string } | undefined {
  const address = toSafeUrl(post.link);
  if (address === undefined || (post.status !== undefined && post.status !== 'publish')) return undefined;
  const title = inlineHtmlToText(str(post.title?.rendered));
  const html = str(post.content?.rendered);
  const content = html === undefined || post.content?.protected === true ? undefined : articleText(html);
  const document: Document = { id: address };
  if (title) document.title = title;
  if (content) document.content = content;
  document.url = address;
  const image = toSafeUrl(post._embedded?.['wp:featuredmedia']?.[0]?.source_url);
  if (image) document.image = image;
  const terms = (post._embedded?.['wp:term'] ?? []).flat().filter((term) => term && typeof term === 'object');
  const category = distinct(terms.filter((t) => t.taxonomy === 'category').map((t) => inlineHtmlToText(str(t.name))));
  const tags = distinct(terms.filter((t) => t.taxonomy === 'post_tag').map((t) => inlineHtmlToText(str(t.name))));
  const author = distinct((post._embedded?.author ?? []).map((a) => inlineHtmlToText(str(a?.name))));
  if (tags.length > 0) document.tags = tags;
  if (category.length > 0) document.category = category;
  if (author.length > 0) document.author = author;
  const published = wordPressTime(post.date_gmt);
  const date = published === undefined ? undefined : readDate(published).date;
  if (date) document.date = date;
  const modified = wordPressTime(post.modified_gmt);
  return modified === undefined ? { document, address } : { document, address, modified };
}
