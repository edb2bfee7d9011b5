import { RETURN_KEY, type ReturnRecord, toReturnRecord } from './returnRecord.ts';

/**
 * The record the current history entry holds (the reader opened a result from this page and has
 * now come back), removed from the entry so that it serves once. `undefined` when there is none
 * or it is malformed. Never throws.
 */
export function takeReturn(): ReturnRecord | undefined {
  try {
    const state: unknown = history.state;
    if (typeof state !== 'object' || state === null || !(RETURN_KEY in state)) return undefined;
    const { [RETURN_KEY]: value, ...rest } = state as Record<string, unknown>;
    history.replaceState(rest, '');
    return toReturnRecord(value);
  } catch {
    return undefined;
  }
}
