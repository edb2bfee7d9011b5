import { RETURN_KEY, type ReturnRecord, toReturnRecord } from './returnRecord.ts';

/**
 * The record the current history entry holds, left in place (`takeReturn` removes it): what the
 * first render needs to look as the page did when the reader left. `undefined` when there is
 * none or it is malformed. Never throws.
 */
export function peekReturn(): ReturnRecord | undefined {
  try {
    const state: unknown = history.state;
    return typeof state === 'object' && state !== null && RETURN_KEY in state
      ? toReturnRecord((state as Record<string, unknown>)[RETURN_KEY])
      : undefined;
  } catch {
    return undefined;
  }
}
