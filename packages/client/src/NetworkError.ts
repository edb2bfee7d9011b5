import { TroveError, type RequestInfo } from './TroveError.ts';

/** No answer: the service could not be reached (offline, DNS, CORS, connection reset). `cause` holds the fetch error. */
export class NetworkError extends TroveError {
  constructor(info: RequestInfo) {
    super('No answer from the service', info);
    this.name = 'NetworkError';
  }
}

export function isNetworkError(error: unknown): error is NetworkError {
  return error instanceof NetworkError || (error as Error | null)?.name === 'NetworkError';
}
