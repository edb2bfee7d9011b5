import { ServiceError } from '../ServiceError.ts';

/** The client closed the connection before its request body was complete (nobody is left to answer). */
export class BodyAbortedError extends ServiceError {
  constructor(
    /** Bytes received before it closed. */
    readonly received: number,
  ) {
    super(400, 'Request body incomplete: the connection closed');
  }
}
