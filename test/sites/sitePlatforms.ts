/**
 * The three static-site generators the tests build real blogs with: where each one's sources
 * are (test/sites/<platform>/), how the posts of test/sites/blogPosts.ts are written for it, the
 * command that builds it, and the address each post gets.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { BlogPost } from './blogPosts.ts';

export type Platform = 'jekyll' | 'hugo' | 'eleventy';

export const platforms: Platform[] = ['jekyll', 'hugo', 'eleventy'];

export interface SitePlatform {
  /** What builds it, for messages ("Jekyll with minima, jekyll-feed, jekyll-sitemap, jekyll-seo-tag"). */
  name: string;
  /** The generator's version line, or `undefined` when it (or a plugin it needs) is missing. */
  version(): string | undefined;
  /** What to install when it is missing. */
  install: string;
  /** Writes the posts into a copy of the site's sources, and the site's address where the generator reads it from a file. */
  writeSources(source: string, posts: BlogPost[], siteUrl: string): void;
  /** The command (program, arguments, working folder) that builds `source` into `output`. */
  command(source: string, output: string, siteUrl: string): { program: string; args: string[]; cwd: string };
  /** The address of a post's page on the built site. */
  postAddress(post: BlogPost, siteUrl: string): string;
  /** The site-relative path of its feed. */
  feed: string;
}

function frontMatter(fields: Record<string, unknown>): string {
  const lines = Object.entries(fields)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${key}: ${JSON.stringify(value)}`);
  return `---\n${lines.join('\n')}\n---\n`;
}

/** The post's body in Markdown: its paragraphs, a heading before the third, its image first when it has one. */
function markdownBody(post: BlogPost, imagePrefix = ''): string {
  const [first, second, ...rest] = post.paragraphs;
  const image = post.image === undefined ? [] : [`![A photo for ${post.title}](${imagePrefix}${post.image})`];
  return `${[...image, first, second, `## ${post.heading}`, ...rest].join('\n\n')}\n`;
}

function run(program: string, args: string[]): string | undefined {
  try {
    return execFileSync(program, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
  } catch {
    return undefined;
  }
}

const require = createRequire(import.meta.url);

/** The installed @11ty/eleventy package's folder (its `exports` hide package.json from require.resolve). */
function eleventyDir(): string {
  return join(dirname(require.resolve('@11ty/eleventy')), '..');
}

function dayParts(date: string): [string, string, string] {
  return [date.slice(0, 4), date.slice(5, 7), date.slice(8, 10)];
}

export const sitePlatforms: Record<Platform, SitePlatform> = {
  jekyll: {
    name: 'Jekyll with minima, jekyll-feed, jekyll-sitemap and jekyll-seo-tag',
    install: 'apt-get install -y jekyll jekyll-theme-minima ruby-jekyll-feed ruby-jekyll-sitemap ruby-jekyll-seo-tag',
    version() {
      const jekyll = run('jekyll', ['--version']);
      const gems = run('ruby', [
        '-e',
        'require "jekyll-feed"; require "jekyll-sitemap"; require "jekyll-seo-tag"; gem "minima"; print "ok"',
      ]);
      return jekyll !== undefined && gems === 'ok' ? jekyll : undefined;
    },
    writeSources(source, posts, siteUrl) {
      writeFileSync(join(source, '_url.yml'), `url: ${JSON.stringify(siteUrl)}\n`);
      mkdirSync(join(source, '_posts'), { recursive: true });
      for (const post of posts) {
        const [year, month, day] = dayParts(post.date);
        const fields = {
          layout: 'post',
          title: post.title,
          date: `${year}-${month}-${day} ${post.date.slice(11, 19)} +0000`,
          categories: [post.category],
          tags: post.tags.length > 0 ? post.tags : undefined,
          description: post.description,
          image: post.image,
        };
        writeFileSync(
          join(source, '_posts', `${year}-${month}-${day}-${post.slug}.markdown`),
          `${frontMatter(fields)}\n${markdownBody(post)}`,
        );
      }
    },
    command(source, output) {
      return {
        program: 'jekyll',
        args: ['build', '--quiet', '--source', source, '--destination', output, '--config', '_config.yml,_url.yml', '--disable-disk-cache'],
        cwd: source,
      };
    },
    postAddress(post, siteUrl) {
      const [year, month, day] = dayParts(post.date);
      return `${siteUrl}/${post.category.toLowerCase()}/${year}/${month}/${day}/${post.slug}.html`;
    },
    feed: '/feed.xml',
  },
  hugo: {
    name: 'Hugo with a PaperMod-like theme',
    install: 'apt-get install -y hugo',
    version: () => run('hugo', ['version']),
    writeSources(source, posts) {
      for (const post of posts) {
        const fields = {
          title: post.title,
          date: post.date,
          description: post.description,
          tags: post.tags.length > 0 ? post.tags : undefined,
          categories: [post.category],
          images: post.image === undefined ? undefined : [post.image],
        };
        writeFileSync(join(source, 'content', 'posts', `${post.slug}.md`), `${frontMatter(fields)}\n${markdownBody(post)}`);
      }
    },
    command(source, output, siteUrl) {
      return { program: 'hugo', args: ['--quiet', '--source', source, '--destination', output, '--baseURL', `${siteUrl}/`], cwd: source };
    },
    postAddress: (post, siteUrl) => `${siteUrl}/posts/${post.slug}/`,
    feed: '/index.xml',
  },
  eleventy: {
    name: 'Eleventy (the base blog’s layout)',
    install: 'npm ci (Eleventy is a devDependency)',
    version() {
      try {
        return `Eleventy ${JSON.parse(readFileSync(join(eleventyDir(), 'package.json'), 'utf8')).version}`;
      } catch {
        return undefined;
      }
    },
    writeSources(source, posts, siteUrl) {
      const metadataFile = join(source, '_data', 'metadata.json');
      const metadata = JSON.parse(readFileSync(metadataFile, 'utf8'));
      writeFileSync(
        metadataFile,
        JSON.stringify({ ...metadata, url: `${siteUrl}/`, author: { ...metadata.author, url: `${siteUrl}/about/` } }),
      );
      for (const post of posts) {
        const fields = {
          title: post.title,
          description: post.description,
          date: post.date,
          tags: post.tags.length > 0 ? post.tags : undefined,
        };
        writeFileSync(join(source, 'content', 'blog', `${post.slug}.md`), `${frontMatter(fields)}\n${markdownBody(post)}`);
      }
    },
    command(source, output) {
      const eleventy = join(eleventyDir(), 'cmd.cjs');
      return { program: process.execPath, args: [eleventy, '--quiet', '--config=eleventy.config.mjs', `--output=${output}`], cwd: source };
    },
    postAddress: (post, siteUrl) => `${siteUrl}/blog/${post.slug}/`,
    feed: '/feed/feed.xml',
  },
};
