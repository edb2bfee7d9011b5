/**
 * Blogs of real translated prose for the multilingual bench (issue 46): Debian's translated
 * manual pages (`manpages-de`, `manpages-fr` …, and the English originals), one post per page,
 * formatted by groff, written as plain HTML pages with `<html lang>` in a folder of their own.
 * Topics are the manual's sections (1 commands, 5 file formats, 7 overviews, 8 administration).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface ManPagePost {
  index: number;
  title: string;
  /** The page's text after its NAME line, paragraph by paragraph. */
  paragraphs: string[];
  topic: string;
  /** Its address on the blog (from the site's root) and its file in the folder. */
  path: string;
}

export interface ManPageBlog {
  language: string;
  dir: string;
  posts: ManPagePost[];
}

/** Each language's folder under /usr/share/man, and the Debian package that brings it. */
export const MAN_LANGUAGES: Record<string, { dir: string; pkg: string }> = {
  en: { dir: '', pkg: 'man-db' },
  de: { dir: 'de', pkg: 'manpages-de' },
  fr: { dir: 'fr', pkg: 'manpages-fr' },
  es: { dir: 'es', pkg: 'manpages-es' },
  it: { dir: 'it', pkg: 'manpages-it' },
  pt: { dir: 'pt_BR', pkg: 'manpages-pt-br' },
  nl: { dir: 'nl', pkg: 'manpages-nl' },
  pl: { dir: 'pl', pkg: 'manpages-pl' },
  ru: { dir: 'ru', pkg: 'manpages-ru' },
  ja: { dir: 'ja', pkg: 'manpages-ja' },
  zh: { dir: 'zh_CN', pkg: 'manpages-zh' },
};

const SECTIONS = ['1', '5', '7', '8'];
const PER_SECTION = 50;
/** A post's text is cut here (a man page can be a book). */
const MAX_CHARS = 12_000;

/** The page as text: groff's rendering, without its header and footer lines. */
function render(file: string): string | undefined {
  const roff = spawnSync('sh', ['-c', `zcat -f "$0" | groff -man -Kutf8 -Tutf8 -P-cbou -rLL=4000n -rHY=0 2>/dev/null`, file], {
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  return roff.status === 0 ? roff.stdout : undefined;
}

function parse(text: string): { title: string; paragraphs: string[] } | undefined {
  const lines = text.split('\n').filter((line) => !/^\S+\(\d\w*\)\s{3,}/.test(line));
  const nameAt = lines.findIndex((line) => /^\S/.test(line) && lines[lines.indexOf(line) + 1]?.startsWith(' '));
  if (nameAt < 0) return undefined;
  const title = lines[nameAt + 1]?.trim().replace(/\s+/g, ' ');
  if (!title || title.length < 4) return undefined;
  const paragraphs: string[] = [];
  let current: string[] = [];
  let length = 0;
  for (const line of lines.slice(nameAt + 2)) {
    const trimmed = line.trim();
    if (trimmed === '' || /^\S/.test(line)) {
      if (current.length) paragraphs.push(current.join(' '));
      current = [];
      if (/^\S/.test(line) && trimmed) paragraphs.push(trimmed);
    } else {
      current.push(trimmed);
      length += trimmed.length;
    }
    if (length > MAX_CHARS) break;
  }
  if (current.length) paragraphs.push(current.join(' '));
  return paragraphs.join(' ').length < 200 ? undefined : { title, paragraphs };
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The blog of one language (built once, kept in the temporary folder), or why not. */
export function manPageBlog(language: string): ManPageBlog | string {
  const source = MAN_LANGUAGES[language];
  if (!source) return `no manual pages known for ${language}`;
  const root = join('/usr/share/man', source.dir);
  if (!existsSync(join(root, 'man1'))) return `${source.pkg} is not installed (apt-get install ${source.pkg})`;
  const dir = join(tmpdir(), 'trove-bench-manpages', language);
  const listFile = join(dir, 'posts.json');
  const posts: ManPagePost[] = existsSync(listFile) ? JSON.parse(readFileSync(listFile, 'utf8')) : renderPosts(root);
  writePages(language, dir, posts);
  writeFileSync(listFile, JSON.stringify(posts));
  return { language, dir, posts };
}

function renderPosts(root: string): ManPagePost[] {
  const posts: ManPagePost[] = [];
  for (const section of SECTIONS) {
    const folder = join(root, `man${section}`);
    if (!existsSync(folder)) continue;
    const files = readdirSync(folder).sort();
    let taken = 0;
    // Evenly spread over the section (not its first letters only).
    const step = Math.max(1, Math.floor(files.length / (PER_SECTION * 1.5)));
    for (let i = 0; i < files.length && taken < PER_SECTION; i += step) {
      const text = render(join(folder, files[i]!));
      const page = text && parse(text);
      if (!page) continue;
      const name = files[i]!.replace(/\.gz$/, '').replace(/[^\w.-]+/g, '_');
      const path = `/man${section}/${name}/`;
      posts.push({ index: posts.length, title: page.title, paragraphs: page.paragraphs, topic: section, path });
      taken++;
    }
  }
  return posts;
}

/** The posts as a blog's pages: articles with a date (as `trove index` and Pagefind read blogs). */
function writePages(language: string, dir: string, posts: ManPagePost[]): void {
  for (const post of posts) {
    const folder = join(dir, post.path);
    mkdirSync(folder, { recursive: true });
    const body = post.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n');
    writeFileSync(
      join(folder, 'index.html'),
      `<!doctype html>\n<html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(post.title)}</title>\n` +
        `<meta property="og:type" content="article"><meta property="article:published_time" content="2026-01-${String((post.index % 28) + 1).padStart(2, '0')}T10:00:00Z"></head>\n` +
        `<body><header><a href="/">Manual</a></header><main><article><h1>${escapeHtml(post.title)}</h1>\n${body}\n</article></main></body></html>\n`,
    );
  }
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html><html lang="${language}"><title>Manual</title><body>${posts.map((p) => `<a href="${p.path}">${escapeHtml(p.title)}</a>`).join('\n')}</body></html>`,
  );
}
