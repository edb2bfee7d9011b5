import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Any origin may call the API (pages embed the widgets anywhere; indexing checks `Origin` itself,
 * createService.ts); there is nothing to DELETE there. Preflights are cached 10 minutes.
 */
export function setCors(req: IncomingMessage, res: ServerResponse): void {
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
  res.setHeader('Access-Control-Allow-Headers', req.headers['access-control-request-headers'] ?? 'Content-Type');
  res.setHeader('Access-Control-Max-Age', '600');
}
