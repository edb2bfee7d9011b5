import type { FeedbackEntry } from './createStore.ts';

/**
 * Where feedback goes: the data folder's feedback log (createStore.ts) or, with PostgreSQL as
 * the record, a table every process shares (createPgStore.ts). The endpoints await every method,
 * so a store may answer synchronously or not.
 */
export interface FeedbackStore {
  /** Durable before it resolves. */
  appendFeedback(entry: FeedbackEntry): void | Promise<void>;
  /** Every entry, oldest first. */
  readFeedback(): FeedbackEntry[] | Promise<FeedbackEntry[]>;
  /** Clears it (for every process sharing it). */
  clearFeedback(): void | Promise<void>;
}
