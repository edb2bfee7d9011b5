/**
 * The helper endpoints of `trove serve` (plain JSON, not enveloped, no CORS; createService.ts's
 * header lists them): health, the feedback log (read and clear), the search analytics (the page and
 * its exports, analytics/answerAnalytics.ts), the sample posts' images.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ANALYTICS_PATHS, answerAnalytics } from '../analytics/answerAnalytics.ts';
import type { EndpointContext } from '../endpoints/EndpointContext.ts';
import { coverImage } from '../sample/coverImage.ts';
import type { Access } from './createAccess.ts';
import { sendJson } from './sendJson.ts';

const HELPER_METHODS: Record<string, string[]> = {
  '/_trove/health': ['GET'],
  '/_trove/feedback': ['GET', 'DELETE'],
  ...Object.fromEntries(ANALYTICS_PATHS.map((path) => [path, ['GET']])),
};

async function streamFeedback(ctx: EndpointContext, res: ServerResponse): Promise<void> {
  res.statusCode = 200;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  let first = true;
  res.write('[');
  try {
    for await (const entry of ctx.feedback.entries()) {
      if (res.destroyed) return;
      const more = res.write(`${first ? '' : ','}\n${JSON.stringify(entry)}`);
      first = false;
      if (!more) await new Promise((resolve) => res.once('drain', resolve));
    }
  } catch (error) {
    // The answer has begun (a lost database, an unreadable file): cut it, so it cannot pass for the whole log.
    res.destroy();
    throw error;
  }
  res.end(first ? ']' : '\n]');
}

export async function handleHelper(
  ctx: EndpointContext,
  access: Access,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  /** Why the service is not ready yet (Service.starting), if it is not. */
  starting?: string,
): Promise<void> {
  const method = req.method ?? 'GET';
  const image = /^\/_trove\/img\/(\d{1,4})\.svg$/.exec(url.pathname);
  if (image && (method === 'GET' || method === 'HEAD')) {
    const svg = coverImage(Number(image[1]));
    res.writeHead(200, {
      'Content-Type': 'image/svg+xml',
      'Content-Length': Buffer.byteLength(svg),
      'Cache-Control': 'public, max-age=86400',
    });
    return void res.end(method === 'HEAD' ? undefined : svg);
  }
  const route = url.pathname.replace(/\/+$/, '');
  const allowed = HELPER_METHODS[route];
  if (!allowed) return sendJson(res, 404, { error: `Unknown helper path ${url.pathname}` });
  if (!allowed.includes(method)) {
    return sendJson(res, 405, { error: `Method ${method} not allowed on ${route}` }, { Allow: [...allowed, 'OPTIONS'].join(', ') });
  }
  if (route === '/_trove/health') {
    // With a shared record: how far this process has applied it; `max_behind=N` answers 503 past N batches behind.
    const progress = await ctx.registry.store.progress?.();
    const behind = progress ? progress.head - progress.applied : 0;
    const maxBehind = url.searchParams.get('max_behind');
    const ok = starting === undefined && (maxBehind === null || !/^\d+$/.test(maxBehind) || behind <= Number(maxBehind));
    const collections = await ctx.registry.list();
    const state = starting === undefined ? { ok, collections } : { ok, starting, collections };
    return sendJson(
      res,
      ok ? 200 : 503,
      progress ? { ...state, log: { ...progress, behind } } : state,
      starting === undefined ? {} : { 'Retry-After': '1' },
    );
  }
  const refused = access.checkHelperAccess(req, url);
  if (refused) return sendJson(res, refused[0], { error: refused[1] });
  const analyticsPath = ANALYTICS_PATHS.find((path) => path === route);
  if (analyticsPath) {
    if (!ctx.analytics) return sendJson(res, 404, { error: 'Analytics are off in this service' });
    const answer = await answerAnalytics(analyticsPath, url.searchParams, ctx.analytics);
    res.writeHead(answer.status, { ...answer.headers, 'Content-Length': Buffer.byteLength(answer.body) });
    return void res.end(answer.body);
  }
  if (method === 'DELETE') {
    await ctx.feedback.clear();
    res.statusCode = 204;
    return void res.end();
  }
  return streamFeedback(ctx, res);
}
