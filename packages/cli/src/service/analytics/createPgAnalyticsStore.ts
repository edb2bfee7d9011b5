/**
 * The analytics with PostgreSQL as the record (createPgStore.ts creates the tables): every
 * process adds its counters to the same rows, so any of them reads the counts of all.
 *
 *   trove_analytics        (project, collection, day, metric, key) → n, added to in one statement
 *   trove_analytics_posts  (project, collection, day, id) → title, url of the posts counted
 *   trove_analytics_keys   day → the day's random hashing key, deleted once a later day has one
 *
 * Days older than `retentionDays` are deleted when a new day's key is made.
 */
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import type { AnalyticsStore, Counter, PostLabel } from './AnalyticsStore.ts';
import { METRICS, spaceOf } from './analyticsMetrics.ts';
import { addDays } from './dayOf.ts';

/** The tables (a migration of createPgStore.ts). */
export const ANALYTICS_TABLES = `
  CREATE TABLE trove_analytics (
    project text NOT NULL, collection text NOT NULL, day date NOT NULL, metric text NOT NULL, key text NOT NULL,
    n bigint NOT NULL,
    PRIMARY KEY (project, collection, day, metric, key));
  CREATE INDEX trove_analytics_day ON trove_analytics (day);
  CREATE TABLE trove_analytics_posts (
    project text NOT NULL, collection text NOT NULL, day date NOT NULL, id text NOT NULL,
    title text NOT NULL, url text NOT NULL,
    PRIMARY KEY (project, collection, day, id));
  CREATE TABLE trove_analytics_keys (day date PRIMARY KEY, key bytea NOT NULL);`;

const ADD_COUNTERS = `
  INSERT INTO trove_analytics (day, project, collection, metric, key, n)
  SELECT * FROM unnest($1::date[], $2::text[], $3::text[], $4::text[], $5::text[], $6::bigint[])
  ON CONFLICT (project, collection, day, metric, key) DO UPDATE SET n = trove_analytics.n + excluded.n`;

const ADD_LABELS = `
  INSERT INTO trove_analytics_posts (day, project, collection, id, title, url)
  SELECT * FROM unnest($1::date[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[])
  ON CONFLICT (project, collection, day, id) DO UPDATE SET title = excluded.title, url = excluded.url`;

export function createPgAnalyticsStore(pool: pg.Pool, retentionDays: number): AnalyticsStore {
  let key: { day: string; secret: Buffer } | undefined;

  return {
    async add({ counters, labels }) {
      // One array per column (unnest on the server): a row of counters is one element of each.
      const columns = <T>(rows: T[], keys: (keyof T)[]) => keys.map((key) => rows.map((row) => row[key]));
      if (counters.length > 0) {
        await pool.query(ADD_COUNTERS, columns<Counter>(counters, ['day', 'project', 'collection', 'metric', 'key', 'n']));
      }
      if (labels.length > 0) {
        await pool.query(ADD_LABELS, columns<PostLabel>(labels, ['day', 'project', 'collection', 'id', 'title', 'url']));
      }
    },

    async keys(day, project, collection, space) {
      const { rows } = await pool.query<{ key: string }>(
        'SELECT DISTINCT key FROM trove_analytics WHERE project = $1 AND collection = $2 AND day = $3 AND metric = ANY($4::text[])',
        [project, collection, day, Object.values(METRICS).filter((metric) => spaceOf(metric) === space)],
      );
      return new Set(rows.map((r) => r.key));
    },

    async read(from, to) {
      const counters = await pool.query<Counter>(
        `SELECT to_char(day, 'YYYY-MM-DD') AS day, project, collection, metric, key, n::float8 AS n
           FROM trove_analytics WHERE day BETWEEN $1 AND $2`,
        [from, to],
      );
      const labels = await pool.query<PostLabel>(
        `SELECT to_char(day, 'YYYY-MM-DD') AS day, project, collection, id, title, url
           FROM trove_analytics_posts WHERE day BETWEEN $1 AND $2`,
        [from, to],
      );
      return { counters: counters.rows, labels: labels.rows };
    },

    async dayKey(day) {
      if (key?.day === day) return key.secret;
      // The first process of the day makes the key; every other one reads it.
      await pool.query('INSERT INTO trove_analytics_keys (day, key) VALUES ($1, $2) ON CONFLICT (day) DO NOTHING', [day, randomBytes(32)]);
      const { rows } = await pool.query<{ key: Buffer }>('SELECT key FROM trove_analytics_keys WHERE day = $1', [day]);
      await pool.query('DELETE FROM trove_analytics_keys WHERE day < $1', [day]);
      const oldest = addDays(day, -(retentionDays - 1));
      await pool.query('DELETE FROM trove_analytics WHERE day < $1', [oldest]);
      await pool.query('DELETE FROM trove_analytics_posts WHERE day < $1', [oldest]);
      key = { day, secret: rows[0]!.key };
      return key.secret;
    },

    async close() {
      key = undefined;
    },
  };
}
