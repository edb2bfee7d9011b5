import { TroveError, type RequestInfo } from './TroveError.ts';

/** The service answered with an HTTP error status, or with an envelope whose `code` is not 200. */
export class ApiError extends TroveError {
  /** HTTP status of the answer (200 when only the envelope `code` signalled the error). */
  declare readonly status: number;
  /** Envelope `code`; the HTTP status when the answer had no envelope. */
  declare readonly code: number;
  /** Envelope `response` (the service's error payload), else the raw body text. */
  declare readonly payload: unknown;

  constructor(status: number, code: number, payload: unknown, detail: string, info: RequestInfo) {
    super(`Service answered ${status}${code === status ? '' : ` (code ${code})`}${detail ? ` "${detail}"` : ''}`, info);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.payload = payload;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError || (error as Error | null)?.name === 'ApiError';
}
