/**
 * The relevance rows of `npm run bench` (issue 40), figures, not timed tests:
 *
 *     npx tsx bench/relevance.ts
 *
 * For each of the tests' real generators (test/sites/: Jekyll with minima, Hugo with a PaperMod-like
 * theme, the Eleventy base blog), the crowded blog built by it (test/sites/crowdedBlogPosts.ts: 300
 * long posts, most on two of six topics, titles sharing their words), `trove serve` (the built folder indexed
 * by `trove index <folder> --site-url …`, in-process) beside Pagefind (its Node API indexing the
 * same built pages, each post's article marked `data-pagefind-body` as its docs advise, searched
 * by its own pagefind.js in Chromium), the same queries drawn from the posts themselves:
 *  - a post's own word (test/sites/blogPosts.ts `ownWord`, in its body only) → the post first;
 *  - that word with two letters in its middle swapped → the post among the first 5;
 *  - a word of one topic (found in ≥ 10 posts of that topic, and elsewhere at most once for every
 *    10 of them) → the share of the first 10 results on that topic;
 *  - a post's title typed a letter at a time → the letters typed until the post is among the first
 *    5 posts the box shows (trove: the autocomplete's navigational suggestions, limit 8 as the box
 *    asks; Pagefind: its results for what is typed), the mean over the posts (a post never
 *    among them counts its title's length + 1);
 *  - every other post's own word typed a letter at a time → the posts offered (among those 5) and
 *    after how many letters on average;
 *  - related posts (trove only), over every post: the block full (4 of 4, the block's default), at
 *    least 2 of the first 3 on the post's topic, and the whole block on it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from '@playwright/test';
import { documentId } from '../packages/client/src/documentId.ts';
import { siteIndexer } from '../packages/cli/test/cli/sites/siteIndexer.ts';
import { startService, type Running } from '../packages/cli/test/service/startService.ts';
import type { BlogPost } from '../test/sites/blogPosts.ts';
import { crowdedBlogPosts } from '../test/sites/crowdedBlogPosts.ts';
import { type BuiltSite, buildSite, missingGenerator } from '../test/sites/buildSite.ts';
import { type Platform, platforms, sitePlatforms } from '../test/sites/sitePlatforms.ts';
import { launchChromium } from './launchChromium.ts';
import { type PagefindApi, pagefindInPage } from './pagefindInPage.ts';

/**
 * Pagefind's Node API (the devDependency `pagefind`, whose platform package brings its binary);
 * TROVE_BENCH_PAGEFIND names another copy (a path to its lib/index.js). What the bench uses of it:
 */
const PAGEFIND = process.env.TROVE_BENCH_PAGEFIND ?? 'pagefind';

/** What the search box shows: its first 5 posts. */
const SHOWN = 5;
/** The related-posts block's default size (src/core/defaults.ts). */
const BLOCK = 4;
/** A word of one topic is in at least this many of its posts. */
const TOPIC_WORD_POSTS = 10;
const TOPIC_WORDS_PER_TOPIC = 5;
const OTHER_TOPIC_RATIO = 10;

/** One engine as the measures see it: post indices (blogPosts' `index`), best first. */
interface Searcher {
  /** The first 10 results of a search. */
  search(q: string): Promise<number[]>;
  /** The posts the box shows for what is typed (at most SHOWN). */
  box(q: string): Promise<number[]>;
  /** The related-posts block of a post, when the engine has one. */
  related?(post: BlogPost): Promise<number[]>;
}

export interface RelevanceFigures {
  rareFirst: number;
  swappedInFive: number;
  /** Share of the first 10 on the topic, over every topic word. */
  topicShare: number;
  /** Mean letters typed until the post is among the first 5 the box shows. */
  titleLetters: number;
  /** Posts never among them, title typed whole. */
  titleMissed: number;
  bodyOffered: number;
  bodyTotal: number;
  /** Mean letters typed until offered (over the offered ones). */
  bodyLetters: number;
  related?: { full: number; onTopic: number; allOnTopic: number };
  posts: number;
}

export interface RelevanceBlog {
  platform: Platform;
  trove?: RelevanceFigures;
  pagefind?: RelevanceFigures;
  /** Why a side is missing. */
  notes: string[];
}

export interface RelevanceBenchResult {
  blogs: RelevanceBlog[];
  pagefindVersion?: string;
  skipped?: string;
}

/** The word with the two letters at its middle swapped ("brafenix" → "brafneix"). */
export function swapped(word: string): string {
  const i = Math.max(1, Math.floor(word.length / 2) - 1);
  return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
}

const wordsOf = (text: string) => text.toLowerCase().match(/\p{L}+/gu) ?? [];

/**
 * Per topic, its words found in at least TOPIC_WORD_POSTS of its posts and in at most one post of
 * other topics for every OTHER_TOPIC_RATIO of its own (a blogger's interests cross), the most used first.
 */
export function topicWords(posts: BlogPost[]): { word: string; topic: string }[] {
  const postsWith = new Map<string, Map<string, number>>();
  for (const post of posts) {
    const text = [post.title, ...post.paragraphs, post.heading].join(' ');
    for (const word of new Set(wordsOf(text))) {
      if (word.length < 4 || word === post.ownWord) continue;
      const byTopic = postsWith.get(word) ?? new Map<string, number>();
      byTopic.set(post.topic, (byTopic.get(post.topic) ?? 0) + 1);
      postsWith.set(word, byTopic);
    }
  }
  const out: { word: string; topic: string }[] = [];
  for (const topic of new Set(posts.map((p) => p.topic))) {
    const own = [...postsWith]
      .filter(([, byTopic]) => {
        const own = byTopic.get(topic) ?? 0;
        const elsewhere = [...byTopic.values()].reduce((a, b) => a + b, 0) - own;
        return own >= TOPIC_WORD_POSTS && elsewhere * OTHER_TOPIC_RATIO <= own;
      })
      .sort((a, b) => b[1].get(topic)! - a[1].get(topic)! || (a[0] < b[0] ? -1 : 1))
      .slice(0, TOPIC_WORDS_PER_TOPIC);
    for (const [word] of own) out.push({ word, topic });
  }
  return out;
}

/** Letters of `text` typed until `found(prefix)` holds, or `undefined` when it never does. */
async function lettersUntil(text: string, found: (typed: string) => Promise<boolean>): Promise<number | undefined> {
  for (let n = 1; n <= text.length; n++) {
    // A space typed last shows what the word before it showed; counted, as the reader types it.
    if (text[n - 1] === ' ') continue;
    if (await found(text.slice(0, n))) return n;
  }
  return undefined;
}

const mean = (values: number[]) => (values.length === 0 ? Number.NaN : values.reduce((a, b) => a + b, 0) / values.length);

export async function measure(posts: BlogPost[], engine: Searcher): Promise<RelevanceFigures> {
  let rareFirst = 0;
  let swappedInFive = 0;
  for (const post of posts) {
    if ((await engine.search(post.ownWord))[0] === post.index) rareFirst++;
    if ((await engine.search(swapped(post.ownWord))).slice(0, 5).includes(post.index)) swappedInFive++;
  }
  const topicOf = new Map(posts.map((p) => [p.index, p.topic]));
  const shares: number[] = [];
  for (const { word, topic } of topicWords(posts)) {
    const first10 = (await engine.search(word)).slice(0, 10);
    shares.push(first10.length === 0 ? 0 : first10.filter((i) => topicOf.get(i) === topic).length / first10.length);
  }
  const titleLetters: number[] = [];
  let titleMissed = 0;
  for (const post of posts) {
    const title = post.title.replace(/’/g, "'");
    const n = await lettersUntil(title, async (typed) => (await engine.box(typed)).includes(post.index));
    if (n === undefined) titleMissed++;
    titleLetters.push(n ?? title.length + 1);
  }
  const bodyLetters: number[] = [];
  const bodyPosts = posts.filter((p) => p.index % 2 === 0);
  for (const post of bodyPosts) {
    const n = await lettersUntil(post.ownWord, async (typed) => (await engine.box(typed)).includes(post.index));
    if (n !== undefined) bodyLetters.push(n);
  }
  let related: RelevanceFigures['related'];
  if (engine.related) {
    related = { full: 0, onTopic: 0, allOnTopic: 0 };
    for (const post of posts) {
      const block = await engine.related(post);
      if (block.length === BLOCK) related.full++;
      if (block.slice(0, 3).filter((i) => topicOf.get(i) === post.topic).length >= 2) related.onTopic++;
      if (block.length === BLOCK && block.every((i) => topicOf.get(i) === post.topic)) related.allOnTopic++;
    }
  }
  return {
    rareFirst,
    swappedInFive,
    topicShare: mean(shares),
    titleLetters: mean(titleLetters),
    titleMissed,
    bodyOffered: bodyLetters.length,
    bodyTotal: bodyPosts.length,
    bodyLetters: mean(bodyLetters),
    related,
    posts: posts.length,
  };
}

/** `trove serve` in-process with the built folder indexed into the collection named after the platform. */
async function troveSearcher(site: BuiltSite, service: Running): Promise<Searcher> {
  const collection = site.platform;
  const { target, index } = siteIndexer(collection, () => service);
  const run = await index([site.dir, '--site-url', site.siteUrl, ...target()]);
  if (run.code !== 0) throw new Error(`trove index ${site.dir} failed: ${run.stderr}`);
  const byUrl = new Map(site.posts.map((p) => [site.postAddress(p), p.index]));
  const root = `/api/v2/projects/demo/collections/${collection}`;
  const get = async (path: string, params: Record<string, string>) => {
    const { body } = await service.request(`${root}/${path}?${new URLSearchParams({ ...params, token: 'test-token' })}`);
    return (body.response.results as { url?: string; suggestion_type?: string }[]) ?? [];
  };
  const indices = (results: { url?: string }[]) => results.map((r) => byUrl.get(r.url ?? '') ?? -1);
  return {
    search: async (q) => indices(await get('search/default', { q, limit: '10' })),
    box: async (q) =>
      indices((await get('autocomplete/', { q, limit: '8' })).filter((r) => r.suggestion_type === 'navigational')).slice(0, SHOWN),
    related: async (post) => indices(await get('recommend/', { id: String(documentId(site.postAddress(post))), limit: String(BLOCK) })),
  };
}

/** The first `<article` of a post's page (Jekyll's minima, PaperMod), else its `<main` (the base blog), marked as Pagefind's body. */
function markBody(html: string): string {
  const at = html.search(/<article[\s>]/) >= 0 ? html.search(/<article[\s>]/) : html.search(/<main[\s>]/);
  if (at < 0) return html;
  const tag = html.indexOf(' ', at) < html.indexOf('>', at) ? html.indexOf(' ', at) : html.indexOf('>', at);
  return `${html.slice(0, tag)} data-pagefind-body${html.slice(tag)}`;
}

/** The path of a post's page in the built folder, from its address. */
function postFile(site: BuiltSite, post: BlogPost): { url: string; file: string } {
  const url = site.postAddress(post).slice(site.siteUrl.length);
  return { url, file: join(site.dir, url.endsWith('/') ? `${url}index.html` : url) };
}

interface PagefindSide {
  searcher: Searcher;
  close(): Promise<void>;
}

/** Pagefind's index of the blog's posts, written to a folder served on loopback and searched by pagefind.js in a Chromium page. */
async function pagefindSearcher(site: BuiltSite, browser: Browser): Promise<PagefindSide> {
  const pagefind = (await import(PAGEFIND)) as PagefindApi;
  const { index, errors } = await pagefind.createIndex({});
  if (!index) throw new Error(`pagefind: ${errors.join('; ')}`);
  const byUrl = new Map<string, number>();
  for (const post of site.posts) {
    const { url, file } = postFile(site, post);
    byUrl.set(url, post.index);
    const added = await index.addHTMLFile({ url, content: markBody(readFileSync(file, 'utf8')) });
    if (added.errors.length > 0) throw new Error(`pagefind: ${added.errors.join('; ')}`);
  }
  const inPage = await pagefindInPage(pagefind, index, site.platform, browser);
  const results = async (q: string, count: number) =>
    (await inPage.urls(q, count)).map((url) => byUrl.get(url) ?? byUrl.get(url.replace(/\.html$/, '')) ?? -1);
  return { searcher: { search: (q) => results(q, 10), box: (q) => results(q, SHOWN) }, close: inPage.close };
}

function pagefindVersion(): string | undefined {
  try {
    const url = import.meta.resolve(PAGEFIND);
    return JSON.parse(readFileSync(new URL('../package.json', url), 'utf8')).version;
  } catch {
    return undefined;
  }
}

export async function benchRelevance(options: { browser?: Browser } = {}): Promise<RelevanceBenchResult> {
  const blogs: RelevanceBlog[] = [];
  const service = await startService({ seed: false });
  let browser = options.browser;
  const ownBrowser = !browser;
  try {
    for (const platform of platforms) {
      const missing = missingGenerator(platform);
      if (missing) {
        blogs.push({ platform, notes: [missing] });
        continue;
      }
      const site = await buildSite(platform, { posts: crowdedBlogPosts() });
      const blog: RelevanceBlog = { platform, notes: [] };
      blog.trove = await measure(site.posts, await troveSearcher(site, service));
      try {
        browser ??= await launchChromium();
        const side = await pagefindSearcher(site, browser);
        try {
          blog.pagefind = await measure(site.posts, side.searcher);
        } finally {
          await side.close();
        }
      } catch (error) {
        blog.notes.push(`Pagefind: ${error instanceof Error ? error.message : String(error)}`);
      }
      blogs.push(blog);
    }
  } finally {
    await service.stop();
    if (ownBrowser) await browser?.close().catch(() => {});
  }
  return { blogs, pagefindVersion: pagefindVersion() };
}

const pct = (part: number, whole: number) => `${part}/${whole}`;

export function formatRelevance(result: RelevanceBenchResult): string {
  if (result.skipped) return `Relevance (issue 40): skipped, ${result.skipped}`;
  const lines = [
    `Relevance on a crowded blog (300 posts) built by each generator (issues 40, 46): trove serve | Pagefind ${result.pagefindVersion ?? '(not installed)'}`,
  ];
  const cell = (figures: RelevanceFigures | undefined, show: (f: RelevanceFigures) => string) => (figures ? show(figures) : '—');
  const rows: [string, (f: RelevanceFigures) => string][] = [
    ["a post's own word → that post first", (f) => pct(f.rareFirst, f.posts)],
    ['that word, two letters swapped → the post in the first 5', (f) => pct(f.swappedInFive, f.posts)],
    ['a word of one topic → share of the first 10 on it', (f) => `${Math.round(f.topicShare * 100)}%`],
    [
      "a post's title typed → letters until among the box's first 5",
      (f) => `${f.titleLetters.toFixed(1)}${f.titleMissed ? ` (${f.titleMissed} never)` : ''}`,
    ],
    [
      'a word of the body only, typed → the post offered (letters)',
      (f) => `${pct(f.bodyOffered, f.bodyTotal)} (${Number.isNaN(f.bodyLetters) ? '—' : f.bodyLetters.toFixed(1)})`,
    ],
    ['related posts, every post: full blocks (4 of 4)', (f) => (f.related ? pct(f.related.full, f.posts) : '—')],
    ['related posts: ≥ 2 of the first 3 on topic', (f) => (f.related ? pct(f.related.onTopic, f.posts) : '—')],
    ['related posts: the whole block (4 of 4) on topic', (f) => (f.related ? pct(f.related.allOnTopic, f.posts) : '—')],
  ];
  for (const blog of result.blogs) {
    lines.push(`  ${sitePlatforms[blog.platform].name}:`);
    for (const [label, show] of rows) {
      lines.push(`    ${label.padEnd(62)} ${cell(blog.trove, show).padStart(14)} | ${cell(blog.pagefind, show)}`);
    }
    for (const note of blog.notes) lines.push(`    (${note})`);
  }
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(formatRelevance(await benchRelevance()));
}
