import type { Document } from '../../packages/client/src/types.ts';
import { safeUrl } from './safeUrl.ts';
import { slugify } from '../../packages/cli/src/service/sample/slugify.ts';

/** A corpus document made ready for rendering (every field present, links made safe). */
export interface Post {
  id: string;
  title: string;
  /** The post's own path: `/posts/<id>/<slug>`. */
  path: string;
  content: string;
  paragraphs: string[];
  excerpt: string;
  /** A safe image URL, or `undefined`. */
  image: string | undefined;
  tags: string[];
  categories: string[];
  authors: string[];
  /** `undefined` when the document has no valid date. */
  date: Date | undefined;
  /** Approximate reading time in minutes (≥ 1). */
  minutes: number;
}

export interface Term {
  name: string;
  slug: string;
  count: number;
}

export interface BlogIndex {
  /** Newest first. */
  posts: Post[];
  byId: Map<string, Post>;
  categories: Term[];
  tags: Term[];
  authors: Term[];
  inCategory(slug: string): { term: Term; posts: Post[] } | undefined;
  withTag(slug: string): { term: Term; posts: Post[] } | undefined;
  byAuthor(slug: string): { term: Term; posts: Post[] } | undefined;
}

function strings(value: unknown): string[] {
  if (!Array.isArray(value)) return typeof value === 'string' && value.trim() ? [value.trim()] : [];
  return value.filter((v): v is string => typeof v === 'string' && v.trim() !== '').map((v) => v.trim());
}

/** Splits text into paragraphs: on blank lines, else in groups of about four sentences. */
function toParagraphs(content: string): string[] {
  const blocks = content
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  if (blocks.length > 1) return blocks;
  const sentences =
    content
      .replace(/\s+/g, ' ')
      .trim()
      .match(/[^.!?]+[.!?]+["')\]]*\s*|[^.!?]+$/g) ?? [];
  const paragraphs: string[] = [];
  for (let i = 0; i < sentences.length; i += 4)
    paragraphs.push(
      sentences
        .slice(i, i + 4)
        .join('')
        .trim(),
    );
  return paragraphs.filter(Boolean);
}

function excerptOf(content: string, max = 200): string {
  const text = content.replace(/\s+/g, ' ').trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max * 0.6)).replace(/[\s,.;:]+$/, '')}…`;
}

function toPost(doc: Document): Post {
  const id = String(doc.id);
  const title = typeof doc.title === 'string' && doc.title.trim() ? doc.title.trim() : `Untitled post ${id}`;
  const content = typeof doc.content === 'string' ? doc.content : '';
  const date = typeof doc.date === 'string' ? new Date(doc.date) : undefined;
  const words = content.split(/\s+/).filter(Boolean).length;
  const image = safeUrl(doc.image, '');
  // The document's own url when it is one of our post paths (search results link to it), else one made here.
  const own = safeUrl(doc.url, '');
  const ownPath = own.startsWith(`/posts/${encodeURIComponent(id)}/`) && !/[?#]/.test(own) ? own : '';
  return {
    id,
    title,
    path: ownPath || `/posts/${encodeURIComponent(id)}/${slugify(title)}`,
    content,
    paragraphs: toParagraphs(content),
    excerpt: excerptOf(content),
    image: image || undefined,
    tags: strings(doc.tags),
    categories: strings(doc.category),
    authors: strings(doc.author ?? doc.authors),
    date: date && !Number.isNaN(date.getTime()) ? date : undefined,
    minutes: Math.max(1, Math.round(words / 220)),
  };
}

function terms(posts: Post[], pick: (post: Post) => string[]) {
  const map = new Map<string, { term: Term; posts: Post[] }>();
  for (const post of posts) {
    for (const name of new Set(pick(post))) {
      const slug = slugify(name);
      let entry = map.get(slug);
      if (!entry) map.set(slug, (entry = { term: { name, slug, count: 0 }, posts: [] }));
      entry.term.count++;
      entry.posts.push(post);
    }
  }
  const list = [...map.values()].map((e) => e.term).sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
  return { map, list };
}

/** Indexes the corpus for the pages: newest-first list, lookups by id, category, tag and author. */
export function createBlogIndex(documents: readonly Document[]): BlogIndex {
  const posts = documents.map(toPost).sort((a, b) => (b.date?.getTime() ?? 0) - (a.date?.getTime() ?? 0) || Number(b.id) - Number(a.id));
  const byId = new Map(posts.map((p) => [p.id, p]));
  const categories = terms(posts, (p) => p.categories);
  // The blog's topics (a post's first category) lead the list, before kinds of post such as Guides.
  const topics = new Set(posts.flatMap((p) => (p.categories[0] ? [slugify(p.categories[0])] : [])));
  categories.list.sort((a, b) => Number(topics.has(b.slug)) - Number(topics.has(a.slug)));
  const tags = terms(posts, (p) => p.tags);
  const authors = terms(posts, (p) => p.authors);
  return {
    posts,
    byId,
    categories: categories.list,
    tags: tags.list,
    authors: authors.list,
    inCategory: (slug) => categories.map.get(slug),
    withTag: (slug) => tags.map.get(slug),
    byAuthor: (slug) => authors.map.get(slug),
  };
}
