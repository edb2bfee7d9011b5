/**
 * Where feedback (clicks on suggestions and related posts) is kept: a seam, so the file log of
 * `trove serve` (createFileFeedbackLog.ts) and a database table fit behind the same calls.
 * Entries are bounded before they get here (feedbackEndpoint.ts); an implementation bounds what
 * it keeps (the file log rotates) and hands entries back one at a time, never all in memory.
 */
export interface FeedbackEntry {
  time: string;
  kind: 'autocomplete' | 'recommendation';
  version: 'v2';
  /** The handler named in the path; `null` for the handler-less path. */
  handler: string | null;
  project: string;
  collection: string;
  /** Every parameter of the query string and the body (body wins), except `token`. */
  params: Record<string, string>;
}

export interface FeedbackLog {
  /** Keeps `entry` durably before it resolves. */
  append(entry: FeedbackEntry): Promise<void>;
  /** Every kept entry, oldest first, read as it is iterated. */
  entries(): AsyncIterable<FeedbackEntry>;
  /** Forgets every entry. */
  clear(): Promise<void>;
  close(): Promise<void>;
}
