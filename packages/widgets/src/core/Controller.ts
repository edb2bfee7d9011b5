import type { ReadonlySignal } from '@preact/signals';

/**
 * Where a controller's request stands: `idle` (nothing asked), `loading`, `ready` (an answer with
 * something to show), `empty` (an answer with nothing), `error` (the request failed; `error` says
 * why). Failure is a status, never a throw.
 */
export type ControllerStatus = 'idle' | 'loading' | 'ready' | 'empty' | 'error';

/** What every controller's state carries, whatever else it holds. */
export interface ControllerState {
  status: ControllerStatus;
  error: Error | null;
}

/** How an item was chosen: a link the browser follows itself, or one opened in another tab (feedback only). */
export interface SelectHow {
  viaLink?: boolean;
  newTab?: boolean;
}

/**
 * The one shape of the headless controllers of `core/` (suggestions, results, related posts):
 * typed settings in through `update()`, one state signal out, `select()` that sends the click
 * feedback and asks the one cancelable `onSelect` hook, `retry()` after an error, `dispose()`.
 * Controllers know nothing of the DOM; they read the service only through the `api/` client.
 */
export interface Controller<Settings, State extends ControllerState, Item> {
  readonly state: ReadonlySignal<State>;
  /** New settings (from the element's attributes); equal settings change nothing. */
  update(settings: Settings): void;
  /**
   * The reader chose `item`, shown at 1-based `position`: feedback goes out (unless analytics are
   * off), then `onSelect` is asked. Returns `false` when what follows (navigation, a search) must
   * not happen: a hook cancelled it, or there is nothing to do.
   */
  select(item: Item, position: number, how?: SelectHow): boolean;
  /** Ask again (after an error). */
  retry(): void;
  /** Abort what is in flight and react to nothing more. */
  dispose(): void;
}

/** Any thrown value as an `Error`. */
export const toError = (error: unknown): Error => (error instanceof Error ? error : new Error(String(error)));

/** Was the request aborted (a newer one, or dispose)? */
export const isAbort = (error: unknown): boolean => (error as { name?: string } | null)?.name === 'AbortError';
