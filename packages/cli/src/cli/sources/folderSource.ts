import { lstat, readdir, readFile, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { CliError } from '../CliError.ts';
import { decodeInput } from '../decodeInput.ts';
import { defaultBounds } from './createSiteFetcher.ts';

/** One page of a built site read from disk: the address it is served at, and its HTML. */
export interface FolderPage {
  address: string;
  html: string;
  /** The file, relative to the folder (`posts/a/index.html`). */
  file: string;
}

export interface FolderSourceOptions {
  /** The address the site is served at (`--site-url`); else taken from the pages' canonical links. */
  siteUrl?: string;
  /** Pages read at most (default: the fetcher's page bound, 10,000); the rest are left and said. */
  maxPages?: number;
  /** A file larger than this many bytes is left out and said (default 5 MB). */
  maxPageBytes?: number;
  /** Told what was left out (a file too large, an unreadable file). */
  warn?: (message: string) => void;
  /** Told that the page bound was reached (default: `warn`). */
  limit?: (message: string) => void;
}

const DEFAULT_MAX_PAGE_BYTES = 5_000_000;
/** Folders never read: hidden ones (`.git`), dependencies. */
const skippedFolder = /^(?:\.|node_modules$)/;
/** Pages that are not the site's (the server's error page). */
const errorPage = /^(?:404|50\d)(?:\.html?|\/index\.html?)$/;

/** The site path a file is served at, percent-encoded as in an address: `a/b/index.html` → `/a/b/`, `a/b.html` → `/a/b.html`, `café/index.html` → `/caf%C3%A9/`. */
export function servedPath(file: string): string {
  const path = `/${file.split(sep).join('/')}`;
  return encodeURI(path.replace(/(^|\/)index\.html?$/i, '$1')).replace(/[?#]/g, encodeURIComponent);
}

/** The `.html` files under `dir`, sorted, symbolic links not followed, hidden folders skipped; at most `max` (and whether there were more). */
async function htmlFiles(dir: string, max: number): Promise<{ files: string[]; more: boolean }> {
  const files: string[] = [];
  const folders = [dir];
  let more = false;
  while (folders.length > 0) {
    const folder = folders.shift()!;
    const entries = (await readdir(folder, { withFileTypes: true })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) {
        if (!skippedFolder.test(entry.name)) folders.push(path);
      } else if (entry.isFile() && /\.html?$/i.test(entry.name)) {
        const file = relative(dir, path);
        if (errorPage.test(file.split(sep).join('/'))) continue;
        if (files.length >= max) {
          more = true;
          break;
        }
        files.push(file);
      }
    }
    if (more) break;
  }
  return { files, more };
}

/** The charset a page's `<meta charset>` (or `http-equiv` Content-Type) names in its first 1024 bytes, as a Content-Type. */
function metaContentType(bytes: Uint8Array): string | undefined {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 1024)).toString('latin1');
  const charset = /<meta[^>]+charset\s*=\s*["']?\s*([\w-]+)/i.exec(head)?.[1];
  return charset === undefined ? undefined : `text/html; charset=${charset}`;
}

/** The canonical address a page names (`<link rel="canonical">`, else `og:url`), read cheaply from its markup. */
export function declaredCanonical(html: string): string | undefined {
  const head = html.slice(0, 200_000);
  for (const tag of head.match(/<(?:link|meta)\b[^>]*>/gi) ?? []) {
    const attribute = (name: string) =>
      new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i')
        .exec(tag)
        ?.slice(1)
        .find((v) => v !== undefined);
    const isCanonical = /^<link/i.test(tag) && /(?:^|\s)canonical(?:\s|$)/i.test(attribute('rel') ?? '');
    const isOgUrl = /^<meta/i.test(tag) && attribute('property')?.toLowerCase() === 'og:url';
    const href = isCanonical ? attribute('href') : isOgUrl ? attribute('content') : undefined;
    if (href !== undefined && /^https?:\/\//i.test(href.trim())) return href.trim().replace(/&amp;/g, '&');
  }
  return undefined;
}

/** The site's address a page gives away: its canonical address minus the path the file is served at. */
function siteFromCanonical(canonical: string, path: string): string | undefined {
  let url: URL;
  try {
    url = new URL(canonical);
  } catch {
    return undefined;
  }
  const pathname = url.pathname.endsWith('/index.html') ? url.pathname.slice(0, -'index.html'.length) : url.pathname;
  if (!pathname.endsWith(path)) return undefined;
  return `${url.origin}${pathname.slice(0, pathname.length - path.length)}`;
}

async function readPageFile(dir: string, file: string, maxBytes: number, warn: (message: string) => void): Promise<string | undefined> {
  const path = join(dir, file);
  try {
    const { size } = await stat(path);
    if (size > maxBytes) {
      warn(`${file}: ${size} bytes, over the bound of ${maxBytes} a page: left out`);
      return undefined;
    }
    const bytes = await readFile(path);
    return decodeInput(bytes, metaContentType(bytes)).text;
  } catch (error) {
    warn(`${file}: cannot be read (${(error as Error).message}): left out`);
    return undefined;
  }
}

/**
 * The pages of a built site in a folder (Hugo's `public/`, Jekyll's and Eleventy's `_site/`, any
 * static export), read from disk as Pagefind does: every `.html` file (assets, hidden folders and
 * the server's 404 page are not pages), in path order, each with the address it is served at:
 * `siteUrl` plus the file's path (`a/b/index.html` → `<siteUrl>/a/b/`), where `siteUrl` is the
 * option, else what the pages' canonical links say it is. Bounded: `maxPages` pages, files of at
 * most `maxPageBytes`.
 *
 * Throws a CliError when `dir` is not a folder, holds no page, or names no canonical address that
 * matches its files when no `siteUrl` is given (then the addresses cannot be known).
 */
export async function* folderSource(dir: string, options: FolderSourceOptions = {}): AsyncGenerator<FolderPage> {
  const warn = options.warn ?? (() => {});
  const maxBytes = options.maxPageBytes ?? DEFAULT_MAX_PAGE_BYTES;
  const info = await lstat(dir).catch(() => undefined);
  if (info === undefined) throw new CliError(`${dir}: no such folder`);
  if (!info.isDirectory() && !(info.isSymbolicLink() && (await stat(dir).catch(() => undefined))?.isDirectory())) {
    throw new CliError(`${dir}: not a folder`);
  }
  const { files, more } = await htmlFiles(dir, options.maxPages ?? defaultBounds.maxPages);
  if (files.length === 0)
    throw new CliError(`${dir}: no .html page in this folder (is it the built site: Hugo's public/, Jekyll's or Eleventy's _site/?)`);
  let siteUrl = options.siteUrl?.trim().replace(/\/+$/, '');
  if (siteUrl !== undefined && !/^https?:\/\/[^/]/i.test(siteUrl))
    throw new CliError(`--site-url ${options.siteUrl}: not an http(s) address`);
  if (siteUrl === undefined) {
    // Read pages until one names a canonical address that ends with its own path: the rest is the site's address.
    for (let next = 0; next < files.length && siteUrl === undefined; next++) {
      const file = files[next]!;
      const html = await readPageFile(dir, file, maxBytes, () => {});
      const canonical = html === undefined ? undefined : declaredCanonical(html);
      const site = canonical === undefined ? undefined : siteFromCanonical(canonical, servedPath(file));
      if (site !== undefined) siteUrl = site.replace(/\/+$/, '');
    }
    if (siteUrl === undefined) {
      throw new CliError(
        `${dir}: its pages name no canonical address (<link rel="canonical">) to tell where the site is served: give it with --site-url https://…`,
      );
    }
  }
  // From the first page again (the few read to find the address are read twice, so that memory holds one page at a time).
  for (const file of files) {
    const html = await readPageFile(dir, file, maxBytes, warn);
    if (html !== undefined) yield { address: `${siteUrl}${servedPath(file)}`, html, file };
  }
  if (more)
    (options.limit ?? warn)(
      `the folder holds more than ${files.length} pages: only the first ${files.length} were read (raise it with --max-pages)`,
    );
}
