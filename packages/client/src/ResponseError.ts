import { TroveError, type RequestInfo } from './TroveError.ts';

/** The service answered 200 but the body is not JSON, not an envelope, or its `response` has the wrong shape. */
export class ResponseError extends TroveError {
  /** The parsed body (or the raw text when it was not JSON). */
  declare readonly payload: unknown;

  constructor(problem: string, payload: unknown, info: RequestInfo) {
    super(`Unexpected answer (${problem})`, info);
    this.name = 'ResponseError';
    this.payload = payload;
  }
}

export function isResponseError(error: unknown): error is ResponseError {
  return error instanceof ResponseError || (error as Error | null)?.name === 'ResponseError';
}
