/**
 * The feedback log with PostgreSQL as the record (createPgStore.ts): the table `trove_feedback`,
 * shared by every process on the database, so clearing it clears it for all. An entry is
 * committed before `append` resolves. Bounded like the file log (createFileFeedbackLog.ts): every
 * `trimEvery` entries the oldest ones are deleted until about twice `maxBytes` of entries are
 * left, and entries older than `retentionDays` (also before every read, which never returns them).
 * Reading goes through the table `pageSize` entries at a time, oldest first, never the whole table
 * in memory.
 */
import type pg from 'pg';
import type { FeedbackEntry, FeedbackLog } from './FeedbackLog.ts';
import { LIMITS } from '../limits.ts';

export interface PgFeedbackLogOptions {
  /** About twice this many bytes of entries are kept. Default LIMITS.feedbackLogBytes. */
  maxBytes?: number;
  /** The table is trimmed after every this many entries. Default 128. */
  trimEvery?: number;
  /** Entries read per query. Default 500. */
  pageSize?: number;
  /** Entries are kept this many days at most. Default LIMITS.feedbackDays. */
  retentionDays?: number;
}

export function createPgFeedbackLog(pool: pg.Pool, options: PgFeedbackLogOptions = {}): FeedbackLog {
  const maxBytes = options.maxBytes ?? LIMITS.feedbackLogBytes;
  const trimEvery = options.trimEvery ?? 128;
  const pageSize = options.pageSize ?? 500;
  const retentionMs = (options.retentionDays ?? LIMITS.feedbackDays) * 86_400_000;
  const cutoff = () => new Date(Date.now() - retentionMs).toISOString();
  const expire = () => pool.query("DELETE FROM trove_feedback WHERE entry ->> 'time' < $1", [cutoff()]);

  return {
    async append(entry) {
      const { rows } = await pool.query<{ id: string }>('INSERT INTO trove_feedback (entry) VALUES ($1) RETURNING id', [
        JSON.stringify(entry),
      ]);
      if (Number(rows[0]!.id) % trimEvery !== 0) return;
      await expire();
      // The newest entries up to twice maxBytes stay; the rest, oldest first, go.
      await pool.query(
        `DELETE FROM trove_feedback WHERE id <= (
           SELECT id FROM (SELECT id, sum(octet_length(entry::text)) OVER (ORDER BY id DESC) AS kept FROM trove_feedback) t
           WHERE kept > $1 ORDER BY id DESC LIMIT 1)`,
        [2 * maxBytes],
      );
    },

    async *entries() {
      await expire();
      const since = cutoff();
      let after = '0';
      for (;;) {
        const { rows } = await pool.query<{ id: string; entry: FeedbackEntry }>(
          "SELECT id, entry FROM trove_feedback WHERE id > $1 AND entry ->> 'time' >= $3 ORDER BY id LIMIT $2",
          [after, pageSize, since],
        );
        for (const row of rows) yield row.entry;
        if (rows.length < pageSize) return;
        after = rows[rows.length - 1]!.id;
      }
    },

    async clear() {
      await pool.query('DELETE FROM trove_feedback');
    },

    async close() {
      // The pool is the store's: closed with it.
    },
  };
}
