/**
 * The helper endpoints of `trove serve` (plain JSON, not enveloped, no CORS; createService.ts's
 * header lists them): health, the feedback log (read and clear), the sample posts' images.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { EndpointContext } from '../endpoints/EndpointContext.ts';
import { coverImage } from '../sample/coverImage.ts';
import type { Access } from './createAccess.ts';
import { sendJson } from './sendJson.ts';

const HELPER_METHODS: Record<string, string[]> = {
  '/_trove/health': ['GET'],
  '/_trove/feedback': ['GET', 'DELETE'],
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
    const ok = maxBehind === null || !/^\d+$/.test(maxBehind) || behind <= Number(maxBehind);
    const collections = await ctx.registry.list();
    return sendJson(res, ok ? 200 : 503, progress ? { ok, collections, log: { ...progress, behind } } : { ok, collections });
  }
  const refused = access.checkHelperAccess(req, url);
  if (refused) return sendJson(res, refused[0], { error: refused[1] });
  if (method === 'DELETE') {
    await ctx.feedback.clear();
    res.statusCode = 204;
    return void res.end();
  }
  return streamFeedback(ctx, res);
}
