import { ServiceError } from './ServiceError.ts';

/** A request body as JSON; 400 naming `what` was expected when it is empty or not JSON. */
export function parseJsonBody(text: string, what: string): unknown {
  if (text.trim() === '') throw new ServiceError(400, `Empty body: ${what}`);
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ServiceError(400, `Body is not valid JSON (${(error as Error).message}): ${what}`);
  }
}
