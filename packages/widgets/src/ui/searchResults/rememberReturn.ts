import { RETURN_KEY, type ReturnRecord } from './returnRecord.ts';

/**
 * Keep `record` in the current history entry (`history.replaceState`, same URL), next to whatever
 * state the page keeps there. A state that is not a plain object (a page's own string or number)
 * is left alone, and nothing here ever throws.
 */
export function rememberReturn(record: ReturnRecord): void {
  try {
    const state: unknown = history.state;
    if (state !== null && state !== undefined && (typeof state !== 'object' || Array.isArray(state))) return;
    history.replaceState({ ...(state as object | null), [RETURN_KEY]: record }, '');
  } catch {
    // no history (sandboxed frame) or an uncloneable state: nothing is remembered
  }
}
