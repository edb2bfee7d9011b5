import type { IncomingMessage } from 'node:http';
import { ServiceError } from '../ServiceError.ts';
import { isForeignOrigin } from './isForeignOrigin.ts';
import { isLoopback } from './isLoopback.ts';
import { isLoopbackHost } from './isLoopbackHost.ts';
import { tokensEqual } from './tokensEqual.ts';

export interface Access {
  /** 401 or 403 unless the request's `token` may use an endpoint of that scope (createService.ts, "Token scopes"). */
  checkToken(req: IncomingMessage, url: URL, scope: 'read' | 'write'): void;
  /** The helpers that show or change what readers did: the write token, or the loopback rule without one; never another site. */
  checkHelperAccess(req: IncomingMessage, url: URL): [status: number, error: string] | null;
}

/** Whether the loopback rule holds: a loopback connection, addressed to a loopback name. */
function viaLoopback(req: IncomingMessage): boolean {
  const host = req.headers.host;
  return isLoopback(req.socket.localAddress) && (host === undefined || isLoopbackHost(host));
}

/** The token scopes of a service: its read token (pages publish it) and its write token, if any. */
export function createAccess(token: string, writeToken: string | undefined): Access {
  return {
    checkToken(req, url, scope) {
      const given = url.searchParams.get('token');
      if (given === null || given === '') throw new ServiceError(401, 'Missing token: pass token=<access key> in the query string');
      // Both comparisons always run: the time taken does not tell which token was close.
      const isRead = tokensEqual(given, token);
      const isWrite = tokensEqual(given, writeToken);
      if (scope === 'read') {
        if (!isRead && !isWrite) throw new ServiceError(401, 'Invalid token: the token does not match an access key of this service');
        return;
      }
      if (writeToken !== undefined) {
        if (isWrite) return;
        throw new ServiceError(
          401,
          isRead
            ? 'Read-only token: indexing needs the write token (TROVE_WRITE_TOKEN), not the token pages publish'
            : 'Invalid token: the token does not match the write token of this service',
        );
      }
      if (!isRead) throw new ServiceError(401, 'Invalid token: the token does not match an access key of this service');
      if (!viaLoopback(req)) {
        throw new ServiceError(403, 'Indexing refused: without a write token (TROVE_WRITE_TOKEN) the service indexes over loopback only');
      }
    },

    checkHelperAccess(req, url) {
      if (isForeignOrigin(req)) return [403, 'Refused: the request comes from a page of another site'];
      if (writeToken !== undefined) {
        const given = url.searchParams.get('token');
        return given !== null && tokensEqual(given, writeToken) ? null : [401, 'Refused: pass token=<the write token (TROVE_WRITE_TOKEN)>'];
      }
      return viaLoopback(req) ? null : [403, 'Refused: without a write token (TROVE_WRITE_TOKEN) this helper answers over loopback only'];
    },
  };
}
