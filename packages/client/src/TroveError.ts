/** Where a failed request went: its method and API path (never the query string, so never the token). */
export interface RequestInfo {
  method?: string;
  path?: string;
  cause?: unknown;
}

const NAMES = ['TroveError', 'ApiError', 'NetworkError', 'TimeoutError', 'ResponseError'];

/** Base class of every error the client throws (aborts excepted: they stay the platform's `AbortError`). */
export class TroveError extends Error {
  /** HTTP method of the failed request, e.g. `GET`. */
  declare readonly method?: string;
  /** API path of the failed request, without query string or token. */
  declare readonly path?: string;

  constructor(message: string, info: RequestInfo = {}) {
    super(info.method ? `${message}: ${info.method} ${info.path}` : message, 'cause' in info ? { cause: info.cause } : undefined);
    this.name = 'TroveError';
    this.method = info.method;
    this.path = info.path;
  }
}

/** True for any Trove error, also across bundle copies (matched by `name`). */
export function isTroveError(error: unknown): error is TroveError {
  return error instanceof TroveError || NAMES.includes(String((error as Error | null)?.name));
}
