/**
 * A request the service refuses: HTTP `status` (4xx, or 5xx for our own faults) and a message
 * naming the problem. Sent as the envelope `{ time, code: status, response: message }`.
 */
export class ServiceError extends Error {
  override readonly name = 'ServiceError';
  constructor(
    readonly status: number,
    message: string,
    /** Extra response headers, e.g. `Allow` on 405. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}
