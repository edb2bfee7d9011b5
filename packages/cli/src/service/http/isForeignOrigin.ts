import type { IncomingMessage } from 'node:http';

/**
 * Whether a request comes from a page of another site than the one it was sent to: its `Origin`
 * header (browsers send it on every cross-origin request and on every POST, form posts included)
 * names another host than its `Host` header, or is `null` (a sandboxed or local page). Requests
 * without `Origin` (curl, `trove index`, same-origin GETs) are not foreign.
 */
export function isForeignOrigin(req: IncomingMessage): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return false;
  try {
    return new URL(origin).host.toLowerCase() !== String(req.headers.host ?? '').toLowerCase();
  } catch {
    return true; // "null" or malformed
  }
}
