import { TroveError, type RequestInfo } from './TroveError.ts';

/** The service did not answer within the client's `timeout`. */
export class TimeoutError extends TroveError {
  /** The timeout that elapsed, in milliseconds. */
  declare readonly timeout: number;

  constructor(timeout: number, info: RequestInfo) {
    super(`No answer within ${timeout} ms`, info);
    this.name = 'TimeoutError';
    this.timeout = timeout;
  }
}

/** Also true for the platform's `TimeoutError` (e.g. from `AbortSignal.timeout()`). */
export function isTimeoutError(error: unknown): error is TimeoutError {
  return error instanceof TimeoutError || (error as Error | null)?.name === 'TimeoutError';
}
