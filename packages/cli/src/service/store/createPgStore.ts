/**
 * PostgreSQL as the shared record (`TROVE_DATABASE_URL`): several `trove serve` processes on one
 * database hold the same documents in the same order and answer alike. Queries stay on each
 * process's embedded engine; the database keeps the order of batches and their durability.
 *
 *     trove_head         one row: the `seq` of the last batch (its row lock orders the writers)
 *     trove_batches      every batch, by `seq`: project, collection, documents (json), and the ids
 *                        a batch of the delete extension removes (`deleted`, json; null otherwise)
 *     trove_collections  every collection, with the `seq` of its first batch
 *     trove_documents    the latest snapshot, always current: one row per document, in the order
 *                        documents were first indexed (first_seq, first_index)
 *     trove_feedback     feedback entries, by `id` (createPgFeedbackLog.ts)
 *     trove_engine_indexes  what an engine built from a collection (IndexFile.ts), saved by the last
 *                        process that closed (or built it at start), read by the next to start
 *     trove_analytics…   search analytics: daily counters, post titles, the day's key (analytics/createPgAnalyticsStore.ts)
 *
 * A batch is one statement, so one transaction and one round trip (RECORD_BATCH): `seq` taken by
 * `UPDATE trove_head` (the row lock makes a second writer wait until the first commits, so
 * batches commit in `seq` order, without gaps), the batch row, the collection, the documents
 * upserted, and a NOTIFY; the answer comes once it committed and this process applied the log up
 * to it (its own batches from memory, the others' read from the table). Every process follows the
 * log: on each NOTIFY, and by polling (every `pollMs`) as a safety net for a lost connection, it
 * applies the batches after the last it applied, in `seq` order. A process that starts reads
 * the snapshot (trove_documents) and the head `seq` in one repeatable-read transaction, then
 * follows the log from there. The schema is created and migrated at start (under an advisory
 * lock, so processes starting together do it once).
 */
import { collectionKey } from './collectionKey.ts';
import type pg from 'pg';
import { ANALYTICS_TABLES, createPgAnalyticsStore } from '../analytics/createPgAnalyticsStore.ts';
import { createPgFeedbackLog } from './createPgFeedbackLog.ts';
import type { ApplyBatch, Store } from './createStore.ts';
import { escapeControl } from '../escapeControl.ts';
import { LIMITS } from '../limits.ts';
import type { StoredDocument } from '../types.ts';

export interface PgStoreOptions {
  /** Poll the log this often even without a NOTIFY. Default 500 ms. */
  pollMs?: number;
}

const CHANNEL = 'trove_batches';
/** Bytes of the saved engine index read per query. */
const INDEX_PIECE = 2 * 1024 * 1024;
/** Advisory lock key of the schema migration ("trove" in ASCII). */
const MIGRATION_LOCK = 0x74726f7665;

/** Each entry brings the schema from its index to the next version. */
const MIGRATIONS: string[] = [
  `CREATE TABLE trove_head (one boolean PRIMARY KEY DEFAULT true CHECK (one), seq bigint NOT NULL);
   INSERT INTO trove_head (seq) VALUES (0);
   CREATE TABLE trove_batches (
     seq bigint PRIMARY KEY,
     project text NOT NULL,
     collection text NOT NULL,
     documents json NOT NULL,
     recorded_at timestamptz NOT NULL DEFAULT now());
   CREATE TABLE trove_collections (
     project text NOT NULL,
     collection text NOT NULL,
     first_seq bigint NOT NULL,
     PRIMARY KEY (project, collection));
   CREATE TABLE trove_documents (
     project text NOT NULL,
     collection text NOT NULL,
     id text NOT NULL,
     first_seq bigint NOT NULL,
     first_index integer NOT NULL,
     doc json NOT NULL,
     PRIMARY KEY (project, collection, id));
   CREATE INDEX trove_documents_order ON trove_documents (project, collection, first_seq, first_index);
   CREATE TABLE trove_feedback (id bigserial PRIMARY KEY, entry json NOT NULL);`,
  // Stored as it is: the index is checksummed binary, compressing it costs more than it saves.
  `CREATE TABLE trove_engine_indexes (
     project text NOT NULL,
     collection text NOT NULL,
     data bytea NOT NULL,
     saved_at timestamptz NOT NULL DEFAULT now(),
     PRIMARY KEY (project, collection));
   ALTER TABLE trove_engine_indexes ALTER COLUMN data SET STORAGE EXTERNAL;`,
  // The delete extension: a batch may remove documents.
  'ALTER TABLE trove_batches ADD COLUMN deleted json',
  // Search analytics (analytics/createPgAnalyticsStore.ts).
  ANALYTICS_TABLES,
];

/** Creates or migrates the schema to the latest version. */
async function migrate(client: pg.PoolClient): Promise<void> {
  await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
  try {
    await client.query('CREATE TABLE IF NOT EXISTS trove_schema (version integer NOT NULL)');
    const { rows } = await client.query<{ version: number }>('SELECT version FROM trove_schema');
    let version = rows[0]?.version ?? 0;
    if (rows.length === 0) await client.query('INSERT INTO trove_schema (version) VALUES (0)');
    if (version > MIGRATIONS.length) {
      throw new Error(
        `the database's Trove schema (version ${version}) is newer than this trove serve knows (${MIGRATIONS.length}): upgrade trove`,
      );
    }
    for (; version < MIGRATIONS.length; version++) {
      await client.query('BEGIN');
      try {
        await client.query(MIGRATIONS[version]!);
        await client.query('UPDATE trove_schema SET version = $1', [version + 1]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      }
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
  }
}

/**
 * Records a batch in one statement (one round trip, atomic as a transaction): the next `seq` (the
 * head row's lock orders the writers until this commits), the batch, its collection, its
 * documents upserted (`$4`, duplicates gone) or the documents it deletes removed (`$6`, ids; a
 * batch does one or the other), and the NOTIFY sent on commit.
 */
const RECORD_BATCH = `
  WITH head AS (UPDATE trove_head SET seq = seq + 1 RETURNING seq),
  batch AS (INSERT INTO trove_batches (seq, project, collection, documents, deleted) SELECT seq, $1, $2, $3::json, $6::json FROM head),
  gone AS (
    DELETE FROM trove_documents
    WHERE project = $1 AND collection = $2 AND $6::json IS NOT NULL AND id IN (SELECT json_array_elements_text($6::json))),
  coll AS (INSERT INTO trove_collections (project, collection, first_seq) SELECT $1, $2, seq FROM head ON CONFLICT DO NOTHING),
  docs AS (
    INSERT INTO trove_documents (project, collection, id, first_seq, first_index, doc)
    SELECT $1, $2, d ->> 'id', head.seq, (n - 1)::integer, d FROM head, json_array_elements($4::json) WITH ORDINALITY AS t(d, n)
    ON CONFLICT (project, collection, id) DO UPDATE SET doc = excluded.doc),
  told AS (SELECT pg_notify($5, seq::text) FROM head)
  SELECT seq FROM head, told`;

interface BatchRow {
  seq: string;
  project: string;
  collection: string;
  documents: StoredDocument[];
  deleted: string[] | null;
}

/** The PostgreSQL driver, an optional peer dependency of trove-search-cli: loaded only for a database URL. */
export async function loadPg(load: () => Promise<{ default: typeof pg }> = () => import('pg')): Promise<typeof pg> {
  try {
    return (await load()).default;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ERR_MODULE_NOT_FOUND') throw error;
    throw new Error('a database URL needs the PostgreSQL driver: add it with "npm install pg" beside trove-search-cli.');
  }
}

export async function createPgStore(url: string, options: PgStoreOptions = {}): Promise<Store> {
  const pg = await loadPg();
  const pollMs = options.pollMs ?? 500;
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  pool.on('error', (error) => console.warn(`[trove service] PostgreSQL connection lost: ${escapeControl(error.message)}`));
  const setup = await pool.connect();
  try {
    await migrate(setup);
  } finally {
    setup.release();
  }

  let apply: ApplyBatch = async () => {};
  /** The last `seq` applied here, and the last one known to exist. */
  let applied = 0;
  let head = 0;
  let closed = false;
  let listener: pg.Client | undefined;
  let poller: ReturnType<typeof setInterval> | undefined;
  /** One catch-up at a time; a request for another while one runs is folded into a second pass. */
  let catching: Promise<void> | undefined;
  let again = false;
  let lastWarning = 0;
  const waiters: { seq: number; done: () => void; fail: (error: Error) => void }[] = [];
  /** Batches this process recorded and has not applied yet, by `seq`. */
  const recorded = new Map<number, { project: string; collection: string; documents: StoredDocument[]; deleted?: readonly string[] }>();

  /** Engine indexes asked for at start, before the registry asks (see `open`). */
  const prefetched = new Map<string, Promise<Uint8Array | undefined>>();

  /** The saved engine index of a collection, read in pieces: one value of tens of megabytes comes back at half the speed. */
  async function readIndex(project: string, collection: string): Promise<Uint8Array | undefined> {
    const where = 'FROM trove_engine_indexes WHERE project = $1 AND collection = $2';
    const { rows } = await pool.query<{ n: number }>(`SELECT length(data) AS n ${where}`, [project, collection]);
    if (rows.length === 0) return undefined;
    const index = Buffer.alloc(rows[0]!.n);
    for (let at = 0; at < index.length; at += INDEX_PIECE) {
      const piece = await pool.query<{ data: Buffer }>(`SELECT substring(data from $3 for $4) AS data ${where}`, [
        project,
        collection,
        at + 1,
        INDEX_PIECE,
      ]);
      // Changed meanwhile (another process saved it): whatever comes is checked by its checksum.
      piece.rows[0]?.data.copy(index, at);
    }
    return index;
  }

  function settleWaiters(): void {
    for (let i = waiters.length - 1; i >= 0; i--) {
      if (waiters[i]!.seq <= applied) waiters.splice(i, 1)[0]!.done();
    }
  }

  /**
   * Applies the batches after the last applied one: this process's own from memory, the others'
   * read from the table. `look`: read the table even when no batch past `applied` is known of
   * (polling, a listener back: batches may have come without a NOTIFY).
   */
  async function pull(look: boolean): Promise<void> {
    for (;;) {
      for (let own = recorded.get(applied + 1); own; own = recorded.get(applied + 1)) {
        recorded.delete(applied + 1);
        await apply(own.project, own.collection, own.documents, own.deleted);
        applied++;
      }
      // A batch of ours read from the table before `append` noted it (its NOTIFY came first).
      for (const seq of recorded.keys()) if (seq <= applied) recorded.delete(seq);
      settleWaiters();
      if (!look && applied >= head) return;
      const { rows } = await pool.query<BatchRow>(
        'SELECT seq, project, collection, documents, deleted FROM trove_batches WHERE seq > $1 ORDER BY seq LIMIT 200',
        [applied],
      );
      for (const row of rows) {
        const seq = Number(row.seq);
        if (seq !== applied + 1) throw new Error(`the log jumps from ${applied} to ${seq}: batches are missing; restart this process`);
        recorded.delete(seq);
        await apply(row.project, row.collection, row.documents, row.deleted ?? undefined);
        applied = seq;
        head = Math.max(head, seq);
      }
      settleWaiters();
      look = rows.length === 200;
      if (!look && !recorded.has(applied + 1)) return;
    }
  }

  /** Whether the next pass of `catchUp` reads the table whatever is known (see `pull`). */
  let lookNext = false;

  /** Applies every batch recorded after the last applied one (the callers' batches included). */
  function catchUp(look = false): Promise<void> {
    lookNext ||= look;
    if (catching) {
      again = true;
      return catching;
    }
    catching = (async () => {
      try {
        do {
          again = false;
          const looking = lookNext;
          lookNext = false;
          await pull(looking);
        } while (again && !closed);
      } finally {
        catching = undefined;
      }
    })();
    catching.catch((error: Error) => {
      // Polling retries every `pollMs`: say it once a minute, not each time.
      if (Date.now() - lastWarning > 60_000) {
        lastWarning = Date.now();
        console.warn(`[trove service] cannot follow the PostgreSQL log (retrying): ${escapeControl(error.message)}`);
      }
      for (const w of waiters.splice(0)) w.fail(error);
    });
    return catching;
  }

  /** Tries to listen again until it works (polling keeps the process following meanwhile). */
  function relisten(): void {
    if (closed) return;
    setTimeout(() => void listen().catch(() => relisten()), pollMs * 4).unref();
  }

  async function listen(): Promise<void> {
    const client = new pg.Client({ connectionString: url });
    client.on('error', (error) => {
      console.warn(`[trove service] PostgreSQL listener lost (${escapeControl(error.message)}); polling until it is back`);
      listener = undefined;
      client.end().catch(() => {});
      relisten();
    });
    client.on('notification', (message) => {
      const seq = Number(message.payload);
      if (Number.isFinite(seq)) head = Math.max(head, seq);
      void catchUp().catch(() => {});
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    if (closed) {
      await client.end();
      return;
    }
    listener = client;
    // Batches recorded while the listener was away.
    void catchUp(true).catch(() => {});
  }

  return {
    feedback: createPgFeedbackLog(pool),
    analytics: createPgAnalyticsStore(pool, LIMITS.analyticsDays),

    async open(applyBatch) {
      apply = applyBatch;
      const client = await pool.connect();
      let seq = 0;
      try {
        await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
        seq = Number((await client.query<{ seq: string }>('SELECT seq FROM trove_head')).rows[0]!.seq);
        const collections = await client.query<{ project: string; collection: string }>(
          'SELECT project, collection FROM trove_collections ORDER BY first_seq',
        );
        const byKey = new Map<string, StoredDocument[]>();
        for (const c of collections.rows) byKey.set(collectionKey(c.project, c.collection), []);
        // The saved engine indexes come on other connections while this one reads the documents.
        for (const c of collections.rows) {
          const early = readIndex(c.project, c.collection);
          early.catch(() => {}); // the registry reads the error when it asks for it
          prefetched.set(collectionKey(c.project, c.collection), early);
        }
        const docs = await client.query<{ project: string; collection: string; doc: StoredDocument }>(
          'SELECT project, collection, doc FROM trove_documents ORDER BY project, collection, first_seq, first_index',
        );
        for (const row of docs.rows) byKey.get(collectionKey(row.project, row.collection))?.push(row.doc);
        await client.query('COMMIT');
        for (const c of collections.rows) await apply(c.project, c.collection, byKey.get(collectionKey(c.project, c.collection))!);
      } finally {
        client.release();
      }
      applied = seq;
      head = seq;
      await listen();
      // Batches recorded between the snapshot and the LISTEN: applied before the process answers.
      await catchUp(true);
      poller = setInterval(() => void catchUp(true).catch(() => {}), pollMs);
      poller.unref();
    },

    async append(project, collection, documents, deleted) {
      // A later duplicate wins, in the place of the first (as the engine does).
      const latest = new Map<string, StoredDocument>();
      for (const doc of documents) latest.set(doc.id, doc);
      const unique = latest.size === documents.length ? documents : [...latest.values()];
      const json = JSON.stringify(documents);
      // Named: each connection plans it once.
      const { rows } = await pool.query<{ seq: string }>({
        name: 'trove_record_batch',
        text: RECORD_BATCH,
        values: [
          project,
          collection,
          json,
          unique === documents ? json : JSON.stringify(unique),
          CHANNEL,
          deleted?.length ? JSON.stringify(deleted) : null,
        ],
      });
      const seq = Number(rows[0]!.seq);
      head = Math.max(head, seq);
      // This process applies it from here, not read back from the table (and every batch before it first).
      recorded.set(seq, { project, collection, documents: documents as StoredDocument[], deleted });
      await new Promise<void>((done, fail) => {
        waiters.push({ seq, done, fail });
        void catchUp().catch(() => {});
      });
    },

    async progress() {
      return { applied, head };
    },

    async loadIndex(project, collection) {
      const key = collectionKey(project, collection);
      const early = prefetched.get(key);
      prefetched.delete(key);
      return early ?? readIndex(project, collection);
    },

    async saveIndex(project, collection, index) {
      await pool.query(
        `INSERT INTO trove_engine_indexes (project, collection, data) VALUES ($1, $2, $3)
         ON CONFLICT (project, collection) DO UPDATE SET data = excluded.data, saved_at = now()`,
        [project, collection, Buffer.from(index.buffer, index.byteOffset, index.byteLength)],
      );
    },

    async close() {
      closed = true;
      if (poller) clearInterval(poller);
      await catching?.catch(() => {});
      await listener?.end().catch(() => {});
      await pool.end();
    },
  };
}
