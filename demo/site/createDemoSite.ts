/**
 * The demo blog, rendered on the server as plain HTML from the generated corpus: a connect-style
 * middleware for Vite's dev server (`npm run demo`) and for the end-to-end server.
 *
 * Routes: `/` (newest posts, `?page=`), `/search`, `/posts/<id>/<slug>`, `/category/<slug>`,
 * `/tag/<slug>`, `/author/<slug>`, `/about`, `/analytics` (a redirect to the service's
 * `/_trove/analytics`), `/demo-assets/…` (stylesheet, icon,
 * generated cover images `/demo-assets/img/<n>.svg`), and a 404 page for everything else.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import type { Document } from '../../packages/client/src/types.ts';
import { generatePosts } from '../../packages/cli/src/service/sample/generatePosts.ts';
import { createBlogIndex, type BlogIndex } from './createBlogIndex.ts';
import { coverImage } from '../../packages/cli/src/service/sample/coverImage.ts';
import { serveStatic, type Middleware } from './serveStatic.ts';
import { slugify } from '../../packages/cli/src/service/sample/slugify.ts';
import type { SiteContext } from './pages/SiteContext.ts';
import { aboutPage } from './pages/aboutPage.ts';
import { archivePage } from './pages/archivePage.ts';
import { homePage } from './pages/homePage.ts';
import { notFoundPage } from './pages/notFoundPage.ts';
import { pageParam } from './pages/parts.ts';
import { postPage } from './pages/postPage.ts';
import { searchPage } from './pages/searchPage.ts';

export type { Middleware } from './serveStatic.ts';

export interface DemoSiteOptions {
  /** `dist`: the built `/dist/trove.js` by script tag with `data-*` config; `dev`: `/src/index.ts` as a module (Vite). */
  script: 'dev' | 'dist';
  /** Service base address given to the widgets; empty or absent: the origin the page was requested on. */
  baseUrl?: string;
  token: string;
  /** Default `demo`. */
  project?: string;
  /** Default `blog`. */
  collection?: string;
  /** The corpus; default `generatePosts()` (the same posts the service is seeded with). */
  posts?: readonly Document[];
  /** `true`: paths that are not the blog's go to `next()` instead of the 404 page (Vite serves them). */
  fallthrough?: boolean;
}

export interface DemoSite extends Middleware {
  /** Answers with the blog's 404 page. */
  notFound(req: IncomingMessage, res: ServerResponse): void;
}

const assets = fileURLToPath(new URL('./assets/', import.meta.url));

function originOf(req: IncomingMessage): string {
  const host = req.headers.host;
  const safeHost = typeof host === 'string' && /^[a-z0-9.\-:[\]]+$/i.test(host) ? host : 'localhost';
  const encrypted = (req.socket as { encrypted?: boolean } | undefined)?.encrypted;
  return `${encrypted ? 'https' : 'http'}://${safeHost}`;
}

function send(req: IncomingMessage, res: ServerResponse, status: number, body: string, type = 'text/html; charset=utf-8') {
  res.statusCode = status;
  res.setHeader('Content-Type', type);
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.setHeader('Cache-Control', 'no-cache');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.end(req.method === 'HEAD' ? undefined : body);
}

function redirect(res: ServerResponse, location: string, status = 301) {
  res.statusCode = status;
  res.setHeader('Location', location);
  res.setHeader('Content-Length', '0');
  res.end();
}

function decode(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

export function createDemoSite(options: DemoSiteOptions): DemoSite {
  const project = options.project ?? 'demo';
  const collection = options.collection ?? 'blog';
  let blog: BlogIndex | undefined;
  const getBlog = () => (blog ??= createBlogIndex(options.posts ?? generatePosts()));
  const staticAssets = serveStatic('/demo-assets/', assets);

  function context(req: IncomingMessage): SiteContext {
    const origin = originOf(req);
    return {
      blog: getBlog(),
      origin,
      widgets: { script: options.script, baseUrl: options.baseUrl || origin, token: options.token, project, collection },
    };
  }

  function notFound(req: IncomingMessage, res: ServerResponse) {
    const path = (req.url ?? '/').split('?')[0]!;
    send(req, res, 404, notFoundPage(context(req), decode(path) ?? path));
  }

  async function route(req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) {
    const url = new URL(req.url ?? '/', 'http://site.invalid');
    const path = url.pathname;
    const missing = () => (options.fallthrough ? next() : notFound(req, res));

    if (path.startsWith('/demo-assets/')) {
      const img = /^\/demo-assets\/img\/(\d{1,9})\.svg$/.exec(path);
      if (img) {
        res.setHeader('Cache-Control', 'public, max-age=86400');
        res.statusCode = 200;
        res.setHeader('Content-Type', 'image/svg+xml');
        const svg = coverImage(Number(img[1]));
        res.setHeader('Content-Length', Buffer.byteLength(svg));
        return void res.end(req.method === 'HEAD' ? undefined : svg);
      }
      return staticAssets(req, res, missing);
    }
    if (path.length > 1 && path.endsWith('/')) {
      const trimmed = path.replace(/\/+$/, '');
      const ours = /^\/(search|about|analytics)$/.test(trimmed) || /^\/(posts|category|tag|author)\/[^/]+(\/[^/]+)?$/.test(trimmed);
      return ours && !path.startsWith('//') ? redirect(res, trimmed + url.search) : missing();
    }

    const ctx = context(req);
    if (path === '/') {
      const page = homePage(ctx, pageParam(url.searchParams));
      return page ? send(req, res, 200, page) : notFound(req, res);
    }
    if (path === '/search') return send(req, res, 200, searchPage(ctx, url.searchParams.get('q') ?? ''));
    if (path === '/about') return send(req, res, 200, aboutPage(ctx));
    // The analytics page is the service's own (`/_trove/analytics`: what readers search for and open).
    if (path === '/analytics') return redirect(res, `${ctx.widgets.baseUrl.replace(/\/+$/, '')}/_trove/analytics`, 302);

    const postMatch = /^\/posts\/([^/]+)(?:\/([^/]*))?$/.exec(path);
    if (postMatch) {
      const id = decode(postMatch[1]!);
      const post = id === undefined ? undefined : ctx.blog.byId.get(id);
      if (!post) return notFound(req, res);
      if (path !== post.path) return redirect(res, post.path);
      return send(req, res, 200, postPage(ctx, post));
    }

    const archiveMatch = /^\/(category|tag|author)\/([^/]+)$/.exec(path);
    if (archiveMatch) {
      const kind = archiveMatch[1] as 'category' | 'tag' | 'author';
      const name = decode(archiveMatch[2]!);
      if (name === undefined) return notFound(req, res);
      const slug = slugify(name);
      const found = kind === 'category' ? ctx.blog.inCategory(slug) : kind === 'tag' ? ctx.blog.withTag(slug) : ctx.blog.byAuthor(slug);
      if (!found) return notFound(req, res);
      if (name !== slug) return redirect(res, `/${kind}/${slug}${url.search}`);
      const page = archivePage(ctx, kind, found, pageParam(url.searchParams));
      return page ? send(req, res, 200, page) : notFound(req, res);
    }
    return missing();
  }

  const site: DemoSite = Object.assign(
    (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') return next();
      route(req, res, next).catch((error: unknown) => {
        console.error('[demo site]', req.method, req.url, error);
        if (res.headersSent) return void res.end();
        send(
          req,
          res,
          500,
          `<!doctype html><title>Server error</title><h1>Something broke</h1><p>The demo site failed to render this page; the terminal has the details.</p>`,
        );
      });
    },
    { notFound },
  );
  return site;
}
