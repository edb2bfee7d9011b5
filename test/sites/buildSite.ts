/**
 * Builds one of the test blogs (test/sites/<platform>/ with the posts of blogPosts.ts) with its
 * real generator (`jekyll build`, `hugo`, Eleventy) into a folder under the system's temp folder,
 * and returns where it is. A build is cached by everything that makes it (the platform, the
 * generator's version, the site's sources, the posts, the address), so the test files of one run
 * (and the next runs) share it; two processes building the same site at once each build into
 * their own folder and the first to finish publishes it. Builds unused for a day are removed.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BlogPost, blogPosts } from './blogPosts.ts';
import { type Platform, sitePlatforms } from './sitePlatforms.ts';

export type { Platform } from './sitePlatforms.ts';

export interface BuiltSite {
  platform: Platform;
  /** The built site's folder (Jekyll's and Eleventy's `_site/`, Hugo's `public/`). */
  dir: string;
  /** The address the site was built for, without a trailing slash (`https://jekyll.blog.example`). */
  siteUrl: string;
  /** The posts it holds, oldest first. */
  posts: BlogPost[];
  /** The address of a post's page. */
  postAddress(post: BlogPost): string;
  /** The site-relative path of its feed (`/feed.xml`). */
  feed: string;
}

export interface BuildOptions {
  /** The address the site is built for (default `https://<platform>.blog.example`). */
  siteUrl?: string;
  /** The posts (default: the 120 of blogPosts()); pass an edited list to build the site after a change. */
  posts?: BlogPost[];
}

const sitesDir = fileURLToPath(new URL('.', import.meta.url));
const cacheDir = join(tmpdir(), 'trove-test-sites');
const building = new Map<string, Promise<BuiltSite>>();
/** Builds unused this long are removed (each e2e run builds for its own port), and builds left half-done by a killed run. */
const STALE_MS = 24 * 3600_000;
const ABANDONED_MS = 3600_000;

/** Removes the cache's stale builds (at most once a process). */
let pruned = false;
function pruneCache(): void {
  if (pruned) return;
  pruned = true;
  const now = Date.now();
  for (const name of existsSync(cacheDir) ? readdirSync(cacheDir) : []) {
    const path = join(cacheDir, name);
    const age = now - statSync(path).mtimeMs;
    if (age > (name.includes('.building-') ? ABANDONED_MS : STALE_MS)) rmSync(path, { recursive: true, force: true });
  }
}

/** Whether the platform's generator is installed: `undefined` when it is, else what is missing and how to install it. */
export function missingGenerator(platform: Platform): string | undefined {
  const site = sitePlatforms[platform];
  return site.version() === undefined ? `${site.name} is not installed (${site.install})` : undefined;
}

/**
 * Whether a test that needs the generator should be skipped: only outside CI, with a line that
 * says why. In CI (`CI` set) a missing generator is never skipped: `buildSite` then fails the test.
 */
export function skipWithoutGenerator(platform: Platform): boolean {
  const missing = missingGenerator(platform);
  if (missing === undefined || process.env.CI) return false;
  console.warn(`skipped: ${missing}; these tests run in CI, where .ci/run installs it.`);
  return true;
}

function filesOf(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => statSync(join(dir, name)).isFile())
    .sort();
}

function keyOf(platform: Platform, version: string, siteUrl: string, posts: BlogPost[]): string {
  const hash = createHash('sha256').update(JSON.stringify([platform, version, siteUrl, posts]));
  const source = join(sitesDir, platform);
  for (const name of filesOf(source)) hash.update(name).update(readFileSync(join(source, name)));
  return `${platform}-${hash.digest('hex').slice(0, 16)}`;
}

function build(platform: Platform, siteUrl: string, posts: BlogPost[]): BuiltSite {
  const site = sitePlatforms[platform];
  const version = site.version();
  if (version === undefined) throw new Error(`cannot build the ${platform} test site: ${site.name} is not installed (${site.install})`);
  const key = keyOf(platform, version, siteUrl, posts);
  const done = join(cacheDir, key);
  const result: BuiltSite = {
    platform,
    dir: join(done, 'site'),
    siteUrl,
    posts,
    postAddress: (post) => site.postAddress(post, siteUrl),
    feed: site.feed,
  };
  if (existsSync(join(done, 'site'))) {
    utimesSync(done, new Date(), new Date());
    return result;
  }
  pruneCache();
  mkdirSync(cacheDir, { recursive: true });
  const work = mkdtempSync(join(cacheDir, `${key}.building-`));
  try {
    const source = join(work, 'source');
    cpSync(join(sitesDir, platform), source, { recursive: true });
    site.writeSources(source, posts, siteUrl);
    const { program, args, cwd } = site.command(source, join(work, 'site'), siteUrl);
    try {
      execFileSync(program, args, {
        cwd,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, JEKYLL_ENV: 'production' },
      });
    } catch (error) {
      const { stderr, stdout } = error as { stderr?: string; stdout?: string };
      throw new Error(`building the ${platform} test site failed: ${program} ${args.join(' ')}\n${stdout ?? ''}${stderr ?? ''}`);
    }
    try {
      renameSync(work, done);
    } catch (error) {
      if (!existsSync(join(done, 'site'))) throw error;
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return result;
}

/** The test blog of `platform`, built by its real generator (cached; see above). */
export function buildSite(platform: Platform, options: BuildOptions = {}): Promise<BuiltSite> {
  const siteUrl = (options.siteUrl ?? `https://${platform}.blog.example`).replace(/\/+$/, '');
  const posts = options.posts ?? blogPosts();
  const memo = JSON.stringify([platform, siteUrl, posts]);
  let promise = building.get(memo);
  if (promise === undefined) {
    promise = Promise.resolve().then(() => build(platform, siteUrl, posts));
    building.set(memo, promise);
  }
  return promise;
}
