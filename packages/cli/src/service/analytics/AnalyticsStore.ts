/**
 * Where the search analytics are kept: a seam, so the data folder (createFileAnalyticsStore.ts)
 * and a PostgreSQL table every process shares (createPgAnalyticsStore.ts) fit behind the same
 * calls. What is kept is counters only, one per day (UTC), collection, metric and key (a query, a
 * post id, a position, a filter, a session's daily hash), plus the titles of the posts counted: no
 * IP address, no user id, no session id (analyticsMetrics.ts lists the metrics).
 */
export interface Counter {
  /** `YYYY-MM-DD`, UTC. */
  day: string;
  project: string;
  collection: string;
  metric: string;
  key: string;
  n: number;
}

/** A post as it was shown (title and address), so the report names it. */
export interface PostLabel {
  day: string;
  project: string;
  collection: string;
  id: string;
  title: string;
  url: string;
}

export interface AnalyticsRecord {
  counters: Counter[];
  labels: PostLabel[];
}

export interface AnalyticsStore {
  /** Adds each counter's `n` to the kept one (creating it) and keeps the labels; durable before it resolves. */
  add(record: AnalyticsRecord): Promise<void>;
  /** The keys kept for `day` and that collection among the metrics of `space` (analyticsMetrics.ts's `spaceOf`). */
  keys(day: string, project: string, collection: string, space: string): Promise<Set<string>>;
  /** Every counter and label of the days `from`..`to` (inclusive), read from the record. */
  read(from: string, to: string): Promise<AnalyticsRecord>;
  /**
   * The secret of `day` that session ids are hashed with: random, made on the day's first use
   * (shared by every process on a shared record) and forgotten, with every older one, once a
   * later day asks for its own. Days older than the retention go at that moment too.
   */
  dayKey(day: string): Promise<Buffer>;
  close(): Promise<void>;
}
