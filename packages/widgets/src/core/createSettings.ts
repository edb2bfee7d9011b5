import { type ReadonlySignal, signal } from '@preact/signals';
import { sameValue } from './sameValue.ts';

/** A controller's settings: a signal that changes only when it is given a different value. */
export interface Settings<S> {
  readonly value: ReadonlySignal<S>;
  /** Take `next` unless it equals the current settings (`sameValue`); `true` when it changed. */
  set(next: S): boolean;
}

/**
 * The one change-detection rule of the controllers: every `update()` hands its settings here, and
 * only a different value (compared member by member, not by reference, not as JSON) changes
 * them, so a view may pass its settings on every render.
 */
export function createSettings<S>(initial: S): Settings<S> {
  const value = signal(initial);
  return {
    value,
    set(next) {
      if (sameValue(next, value.peek())) return false;
      value.value = next;
      return true;
    },
  };
}
