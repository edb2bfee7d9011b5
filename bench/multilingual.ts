/**
 * Relevance per language (issue 46), `trove serve` beside Pagefind on the same blogs and queries:
 *
 *     npx tsx bench/multilingual.ts [fr de …]
 *
 * Each blog is a language's translated Debian manual pages (bench/manPageBlogs.ts), indexed by
 * `trove index <folder>` with no language flag (in-process trove serve), and by Pagefind's Node
 * API (`<html lang>` as its docs advise, the article marked `data-pagefind-body`), searched by its
 * own pagefind.js in Chromium. The queries come from the posts:
 *  - a word of one post only (in its body, not its title) → that post first;
 *  - another form of a word of the post (a word in at most 3 posts), taken from Debian's Hunspell
 *    dictionary of the language (its affixes expanded by `unmunch`, never from the stemmer under
 *    test) and found in no post → the post in the first 10;
 *  - the title of a post (one no other post has) typed a letter at a time → letters until among the
 *    first 5 the box shows;
 *  - a word of one topic (a manual section: in ≥ 10 of its posts, in none of another) → the
 *    share of the first 10 on that topic.
 * Then a blog of both the English and the French pages in one collection: the French forms again,
 * beside the French blog alone (both without a form the English posts have as written, such as
 * "affects": there it is a word of the collection, not another form), and the share of French posts
 * among the related posts of each French post.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from '@playwright/test';
import { documentId } from '../packages/client/src/documentId.ts';
import { siteIndexer } from '../packages/cli/test/cli/sites/siteIndexer.ts';
import { startService, type Running } from '../packages/cli/test/service/startService.ts';
import { launchChromium } from './launchChromium.ts';
import { type PagefindApi, pagefindInPage } from './pagefindInPage.ts';
import { MAN_LANGUAGES, type ManPageBlog, type ManPagePost, manPageBlog } from './manPageBlogs.ts';

const PAGEFIND = process.env.TROVE_BENCH_PAGEFIND ?? 'pagefind';
const LANGUAGES = ['en', 'de', 'fr', 'es', 'it', 'pt', 'nl', 'ja', 'zh'];
/** Debian's Hunspell dictionary of each language (package hunspell-<…>). */
const HUNSPELL: Record<string, string> = {
  en: 'en_US',
  de: 'de_DE',
  fr: 'fr_FR',
  es: 'es_ES',
  it: 'it_IT',
  pt: 'pt_BR',
  nl: 'nl',
};
const FORM_QUERIES = 60;
const TITLE_POSTS = 60;
const SHOWN = 5;
const TOPIC_WORD_POSTS = 10;
const TOPIC_WORDS_PER_TOPIC = 5;

interface Searcher {
  search(q: string): Promise<number[]>;
  box(q: string): Promise<number[]>;
  related?(post: ManPagePost): Promise<number[]>;
}

export interface LanguageFigures {
  ownFirst: [number, number];
  formInTen?: [number, number];
  titleLetters: number;
  topicShare: number;
}

export interface LanguageRow {
  language: string;
  posts: number;
  trove?: LanguageFigures;
  pagefind?: LanguageFigures;
  notes: string[];
}

const wordsOf = (text: string) => text.toLowerCase().match(/\p{L}+/gu) ?? [];
const mean = (values: number[]) => (values.length === 0 ? Number.NaN : values.reduce((a, b) => a + b, 0) / values.length);

/** The queries of a blog, the same for both engines. */
interface Queries {
  own: { post: number; word: string }[];
  forms: { post: number; word: string; form: string }[];
  titles: ManPagePost[];
  topics: { word: string; topic: string }[];
  formNote?: string;
}

function postWords(post: ManPagePost): Map<string, number> {
  const counts = new Map<string, number>();
  for (const word of wordsOf(post.paragraphs.join(' '))) counts.set(word, (counts.get(word) ?? 0) + 1);
  return counts;
}

/** Every form Hunspell gives each dictionary entry (unmunch), entries apart by a marker word. */
function expand(entries: string[], dictionary: string): string[][] {
  const dir = mkdtempSync(join(tmpdir(), 'trove-bench-unmunch-'));
  const marker = 'zzqxmarkerzz';
  try {
    const lines = entries.flatMap((entry) => [entry, marker]);
    writeFileSync(join(dir, 'words.dic'), `${lines.length}\n${lines.join('\n')}\n`);
    const run = spawnSync('unmunch', [join(dir, 'words.dic'), `/usr/share/hunspell/${dictionary}.aff`], {
      encoding: 'utf8',
      maxBuffer: 256 << 20,
    });
    const groups: string[][] = [[]];
    for (const line of run.stdout.split('\n')) {
      const word = line.split('/')[0]!.trim();
      if (word === marker) groups.push([]);
      else if (word) groups[groups.length - 1]!.push(word);
    }
    return groups.slice(0, entries.length);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function blogQueries(blog: ManPageBlog): Queries {
  const { posts } = blog;
  const counts = posts.map(postWords);
  const postsWith = new Map<string, number>();
  for (const post of posts)
    for (const word of new Set([...counts[post.index]!.keys(), ...wordsOf(post.title)]))
      postsWith.set(word, (postsWith.get(word) ?? 0) + 1);
  const own: Queries['own'] = [];
  for (const post of posts) {
    const title = new Set(wordsOf(post.title));
    const best = [...counts[post.index]!]
      .filter(([word]) => word.length >= 5 && word.length <= 20 && postsWith.get(word) === 1 && !title.has(word))
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0];
    if (best) own.push({ post: post.index, word: best[0] });
  }
  const forms: Queries['forms'] = [];
  let formNote: string | undefined;
  const dictionary = HUNSPELL[blog.language];
  if (!dictionary || !existsSync(`/usr/share/hunspell/${dictionary}.dic`)) {
    formNote = dictionary ? `hunspell ${dictionary} not installed (apt-get install hunspell-…)` : 'no Hunspell dictionary for it';
  } else if (spawnSync('unmunch', ['--help']).error) {
    formNote = 'unmunch not installed (apt-get install hunspell-tools)';
  } else {
    const roots = new Map<string, string>();
    for (const line of readFileSync(`/usr/share/hunspell/${dictionary}.dic`, 'utf8').split('\n').slice(1)) {
      const entry = line.split(/[\t ]/)[0]!;
      const [root, flags] = entry.split('/');
      if (root && flags && !roots.has(root.toLowerCase())) roots.set(root.toLowerCase(), entry);
    }
    const candidates: { post: number; word: string; entry: string }[] = [];
    const step = Math.max(1, Math.floor(posts.length / FORM_QUERIES));
    for (let i = 0; i < posts.length; i += step) {
      const post = posts[i]!;
      const title = new Set(wordsOf(post.title));
      const words = [...counts[post.index]!]
        .filter(([word]) => word.length >= 5 && (postsWith.get(word) ?? 0) <= 3 && roots.has(word) && !title.has(word))
        .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
        .slice(0, 6);
      for (const [word] of words) candidates.push({ post: post.index, word, entry: roots.get(word)! });
    }
    const expanded = expand(
      candidates.map((c) => c.entry),
      dictionary,
    );
    const done = new Set<number>();
    candidates.forEach((candidate, i) => {
      if (done.has(candidate.post) || forms.length >= FORM_QUERIES) return;
      const form = expanded[i]!.map((f) => f.toLowerCase()).find(
        (f) => /^\p{L}+$/u.test(f) && f !== candidate.word && f.slice(0, 3) === candidate.word.slice(0, 3) && !postsWith.has(f),
      );
      if (!form) return;
      done.add(candidate.post);
      forms.push({ post: candidate.post, word: candidate.word, form });
    });
  }
  // A title that several posts share (a page and its aliases: vi, view, vim) names none of them.
  const titleCount = new Map<string, number>();
  for (const post of posts) titleCount.set(post.title, (titleCount.get(post.title) ?? 0) + 1);
  const ownTitles = posts.filter((post) => titleCount.get(post.title) === 1);
  const titleStep = Math.max(1, Math.floor(ownTitles.length / TITLE_POSTS));
  const titles = ownTitles.filter((_, i) => i % titleStep === 0).slice(0, TITLE_POSTS);
  const byTopic = new Map<string, Map<string, number>>();
  for (const post of posts) {
    for (const word of new Set([...counts[post.index]!.keys(), ...wordsOf(post.title)])) {
      if (word.length < 4) continue;
      const topics = byTopic.get(word) ?? new Map<string, number>();
      topics.set(post.topic, (topics.get(post.topic) ?? 0) + 1);
      byTopic.set(word, topics);
    }
  }
  const topics: Queries['topics'] = [];
  for (const topic of new Set(posts.map((p) => p.topic))) {
    const list = [...byTopic]
      .filter(([, t]) => t.size === 1 && (t.get(topic) ?? 0) >= TOPIC_WORD_POSTS)
      .sort((a, b) => b[1].get(topic)! - a[1].get(topic)! || (a[0] < b[0] ? -1 : 1))
      .slice(0, TOPIC_WORDS_PER_TOPIC);
    for (const [word] of list) topics.push({ word, topic });
  }
  return { own, forms, titles, topics, formNote };
}

async function lettersUntil(text: string, found: (typed: string) => Promise<boolean>): Promise<number | undefined> {
  for (let n = 1; n <= text.length; n++) {
    if (text[n - 1] === ' ') continue;
    if (await found(text.slice(0, n))) return n;
  }
  return undefined;
}

async function measure(blog: ManPageBlog, queries: Queries, engine: Searcher): Promise<LanguageFigures> {
  let ownFirst = 0;
  for (const { post, word } of queries.own) if ((await engine.search(word))[0] === post) ownFirst++;
  let formInTen = 0;
  for (const { post, form } of queries.forms) if ((await engine.search(form)).slice(0, 10).includes(post)) formInTen++;
  const letters: number[] = [];
  for (const post of queries.titles) {
    const n = await lettersUntil(post.title, async (typed) => (await engine.box(typed)).includes(post.index));
    letters.push(n ?? post.title.length + 1);
  }
  const topicOf = new Map(blog.posts.map((p) => [p.index, p.topic]));
  const shares: number[] = [];
  for (const { word, topic } of queries.topics) {
    const first = (await engine.search(word)).slice(0, 10);
    shares.push(first.length === 0 ? 0 : first.filter((i) => topicOf.get(i) === topic).length / first.length);
  }
  return {
    ownFirst: [ownFirst, queries.own.length],
    formInTen: queries.forms.length > 0 ? [formInTen, queries.forms.length] : undefined,
    titleLetters: mean(letters),
    topicShare: mean(shares),
  };
}

/** `trove index <folder>` into `collection`, and that collection's search, box and related posts. */
async function troveSearcher(
  blogs: ManPageBlog[],
  service: Running,
  collection: string,
): Promise<Searcher & { byUrl: Map<string, number> }> {
  const { target, index } = siteIndexer(collection, () => service);
  const byUrl = new Map<string, number>();
  const ids = new Map<ManPagePost, string>();
  let offset = 0;
  for (const blog of blogs) {
    const siteUrl = `https://manual-${blog.language}.example`;
    const run = await index([blog.dir, '--site-url', siteUrl, ...target()]);
    if (run.code !== 0) throw new Error(`trove index ${blog.dir} failed: ${run.stderr}`);
    for (const post of blog.posts) {
      byUrl.set(siteUrl + post.path, post.index + offset);
      ids.set(post, String(documentId(siteUrl + post.path)));
    }
    offset += blog.posts.length;
  }
  const root = `/api/v2/projects/demo/collections/${collection}`;
  const get = async (path: string, params: Record<string, string>) => {
    const { body } = await service.request(`${root}/${path}?${new URLSearchParams({ ...params, token: 'test-token' })}`);
    return (body.response.results as { url?: string; suggestion_type?: string }[]) ?? [];
  };
  const indices = (results: { url?: string }[]) => results.map((r) => byUrl.get(r.url ?? '') ?? -1);
  return {
    byUrl,
    search: async (q) => indices(await get('search/default', { q, limit: '10' })),
    box: async (q) =>
      indices((await get('autocomplete/', { q, limit: '8' })).filter((r) => r.suggestion_type === 'navigational')).slice(0, SHOWN),
    related: async (post) => indices(await get('recommend/', { id: ids.get(post)!, limit: '4' })),
  };
}

async function pagefindSearcher(blog: ManPageBlog, browser: Browser): Promise<{ searcher: Searcher; close(): Promise<void> }> {
  const pagefind = (await import(PAGEFIND)) as PagefindApi;
  const { index, errors } = await pagefind.createIndex({});
  if (!index) throw new Error(`pagefind: ${errors.join('; ')}`);
  const byUrl = new Map<string, number>();
  for (const post of blog.posts) {
    byUrl.set(post.path, post.index);
    const html = readFileSync(join(blog.dir, post.path, 'index.html'), 'utf8').replace('<article>', '<article data-pagefind-body>');
    const added = await index.addHTMLFile({ url: post.path, content: html });
    if (added.errors.length > 0) throw new Error(`pagefind: ${added.errors.join('; ')}`);
  }
  const inPage = await pagefindInPage(pagefind, index, blog.language, browser);
  const results = async (q: string, count: number) =>
    (await inPage.urls(q, count)).map((url) => byUrl.get(url) ?? byUrl.get(`${url.replace(/\/?$/, '/')}`) ?? -1);
  return { searcher: { search: (q) => results(q, 10), box: (q) => results(q, SHOWN) }, close: inPage.close };
}

export interface MixedFigures {
  formsAlone?: [number, number];
  formsMixed?: [number, number];
  /** The French forms left out of both: words the English posts have as written. */
  formsInEnglish: string[];
  relatedFrench: [number, number];
}

export interface MultilingualResult {
  rows: LanguageRow[];
  mixed?: MixedFigures;
  mixedNote?: string;
}

export async function benchMultilingual(languages = LANGUAGES, options: { browser?: Browser } = {}): Promise<MultilingualResult> {
  const rows: LanguageRow[] = [];
  const service = await startService({ seed: false });
  let browser = options.browser;
  const ownBrowser = !browser;
  const built = new Map<string, { blog: ManPageBlog; queries: Queries; trove?: Searcher }>();
  let mixed: MixedFigures | undefined;
  let mixedNote: string | undefined;
  try {
    for (const language of languages) {
      const blog = manPageBlog(language);
      if (typeof blog === 'string') {
        rows.push({ language, posts: 0, notes: [`skipped: ${blog}`] });
        continue;
      }
      const queries = blogQueries(blog);
      const row: LanguageRow = { language, posts: blog.posts.length, notes: queries.formNote ? [queries.formNote] : [] };
      const trove = await troveSearcher([blog], service, `man-${language}`);
      row.trove = await measure(blog, queries, trove);
      built.set(language, { blog, queries, trove });
      try {
        browser ??= await launchChromium();
        const side = await pagefindSearcher(blog, browser);
        try {
          row.pagefind = await measure(blog, queries, side.searcher);
        } finally {
          await side.close();
        }
      } catch (error) {
        row.notes.push(`Pagefind: ${error instanceof Error ? error.message : String(error)}`);
      }
      rows.push(row);
    }
    const en = built.get('en') ?? (typeof manPageBlog('en') === 'string' ? undefined : { blog: manPageBlog('en') as ManPageBlog });
    const fr = built.get('fr');
    if (!en || !fr) {
      mixedNote = 'needs the English and French blogs';
    } else {
      const both = await troveSearcher([en.blog, fr.blog], service, 'man-en-fr');
      const frenchBase = en.blog.posts.length;
      const english = new Set(en.blog.posts.flatMap((post) => [...postWords(post).keys(), ...wordsOf(post.title)]));
      const forms = fr.queries.forms.filter(({ form }) => !english.has(form));
      const count = async (searcher: Searcher, shift: number) => {
        let found = 0;
        for (const { post, form } of forms) if ((await searcher.search(form)).slice(0, 10).includes(post + shift)) found++;
        return [found, forms.length] as [number, number];
      };
      let french = 0;
      let total = 0;
      for (const post of fr.blog.posts) {
        const related = await both.related!(post);
        total += related.length;
        french += related.filter((i) => i >= frenchBase).length;
      }
      mixed = {
        formsAlone: forms.length ? await count(fr.trove!, 0) : undefined,
        formsMixed: forms.length ? await count(both, frenchBase) : undefined,
        formsInEnglish: fr.queries.forms.filter(({ form }) => english.has(form)).map(({ form }) => form),
        relatedFrench: [french, total],
      };
    }
  } finally {
    await service.stop();
    if (ownBrowser) await browser?.close().catch(() => {});
  }
  return { rows, mixed, mixedNote };
}

const ratio = (pair: [number, number] | undefined) =>
  pair ? `${pair[0]}/${pair[1]} (${Math.round((100 * pair[0]) / Math.max(1, pair[1]))}%)` : '—';

export function formatMultilingual(result: MultilingualResult): string {
  const lines = ['Relevance per language (issue 46), Debian manual pages: trove serve | Pagefind'];
  const rows: [string, (f: LanguageFigures) => string][] = [
    ['a word of one post → that post first', (f) => ratio(f.ownFirst)],
    ['another form (Hunspell) → its post in the first 10', (f) => ratio(f.formInTen)],
    ['a title typed → letters until in the first 5', (f) => f.titleLetters.toFixed(1)],
    ['a word of one topic → share of the first 10 on it', (f) => `${Math.round(f.topicShare * 100)}%`],
  ];
  for (const row of result.rows) {
    lines.push(`  ${row.language} (${row.posts} posts, ${MAN_LANGUAGES[row.language]?.pkg ?? ''}):`);
    if (row.trove)
      for (const [label, show] of rows)
        lines.push(`    ${label.padEnd(52)} ${show(row.trove).padStart(16)} | ${row.pagefind ? show(row.pagefind) : '—'}`);
    for (const note of row.notes) lines.push(`    (${note})`);
  }
  if (result.mixed) {
    lines.push('  English and French pages in one collection (trove serve):');
    lines.push(
      `    French forms → their post in the first 10: ${ratio(result.mixed.formsMixed)} (French alone: ${ratio(result.mixed.formsAlone)})`,
    );
    if (result.mixed.formsInEnglish.length > 0)
      lines.push(`    (left out of both, written in English posts: ${result.mixed.formsInEnglish.join(', ')})`);
    lines.push(`    related posts of the French posts that are French: ${ratio(result.mixed.relatedFrench)}`);
  } else if (result.mixedNote) {
    lines.push(`  English and French in one collection: skipped, ${result.mixedNote}`);
  }
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const asked = process.argv.slice(2).filter((a) => !a.startsWith('-'));
  console.log(formatMultilingual(await benchMultilingual(asked.length ? asked : LANGUAGES)));
}
