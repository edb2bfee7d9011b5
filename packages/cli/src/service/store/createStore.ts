/**
 * What the service keeps on disk in its data folder:
 *
 *     <dataDir>/collections/<project>/<collection>.json   one snapshot per collection (with its `seq`)
 *     <dataDir>/collections/<project>/<collection>.index  what the engine built from it (IndexFile.ts)
 *     <dataDir>/log/<segment>.jsonl                       the batch log, one validated batch a line
 *     <dataDir>/feedback.jsonl                            feedback (createFileFeedbackLog.ts)
 *     <dataDir>/analytics/<YYYY-MM-DD>.json               search analytics (analytics/createFileAnalyticsStore.ts)
 *     <dataDir>/trove.lock                                the process that owns the folder
 *
 * (names percent-encoded, `.` included, so any project or collection name is a safe file name).
 *
 * Writes cost their size: a collection's first batch becomes its snapshot (written atomically,
 * see writeFileAtomic); every later batch is one line appended to the log and fsynced before the
 * answer, numbered by a `seq` that grows across the folder. A batch of the delete extension is a
 * line too, `deleted` listing the ids it removes. At start each snapshot is read and
 * the logged batches it does not have (higher `seq`) are applied on top, in order; a torn last
 * line (a crash mid-append, never acknowledged) is skipped, so a batch is there whole or not at
 * all. When the log has grown past a quarter of the snapshots (at least `compactAfterBytes`), the
 * log moves on to a new segment and a worker thread folds the closed ones into the snapshots
 * (compactLog.ts); the closed segments are deleted once that is on disk.
 *
 * Files and folders the service did not write are skipped with a warning; a snapshot that cannot
 * be read stops the start with the command that sets it aside; names and paths in the warnings
 * are printed with their control characters escaped (escapeControl.ts). Feedback is the file log
 * of createFileFeedbackLog.ts, closed with the store.
 */
import { collectionKey } from './collectionKey.ts';
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { type FileHandle, open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { compactInWorker, snapshotPath } from './compactLog.ts';
import type { AnalyticsStore } from '../analytics/AnalyticsStore.ts';
import { createFileAnalyticsStore } from '../analytics/createFileAnalyticsStore.ts';
import { createFileFeedbackLog } from './createFileFeedbackLog.ts';
import { escapeControl } from '../escapeControl.ts';
import type { FeedbackLog } from './FeedbackLog.ts';
import { LIMITS } from '../limits.ts';
import type { StoredDocument } from '../types.ts';
import { isTempFile, writeFileAtomic } from './writeFileAtomic.ts';

export interface StoredCollection {
  project: string;
  collection: string;
  documents: StoredDocument[];
}

/** Applies a batch to the in-memory index (the registry's engines): its documents upserted, then the ids it deletes removed. */
export type ApplyBatch = (
  project: string,
  collection: string,
  documents: readonly StoredDocument[],
  deleted?: readonly string[],
) => Promise<void>;

/**
 * The record of the collections: where batches are kept, and the order every process applies
 * them in. The data folder (here) or a PostgreSQL database (createPgStore.ts).
 */
export interface Store {
  /** Where the feedback goes: the data folder's rotating log, or a table every process shares. Closed with the store. */
  readonly feedback: FeedbackLog;
  /** Where the search analytics are counted: a file a day in the data folder, or tables every process shares. */
  readonly analytics: AnalyticsStore;
  /** Applies every stored collection (each one batch of its documents in order), then every later batch as it comes. */
  open(apply: ApplyBatch): Promise<void>;
  /**
   * Makes a validated batch durable, then applies it; batches are applied in the order they are
   * recorded. `deleted`: ids the batch removes (trove serve's delete extension), after its documents.
   */
  append(project: string, collection: string, documents: readonly StoredDocument[], deleted?: readonly string[]): Promise<void>;
  /** A record shared with other processes: how far this one has applied it, and where its end is. */
  progress?(): Promise<{ applied: number; head: number }>;
  /** Waits for the writes and the compaction in flight, then lets the record go. */
  close(): Promise<void>;
  /** The engine index last saved for a collection (IndexFile.ts; checked by the engine), if any. */
  loadIndex?(project: string, collection: string): Promise<Uint8Array | undefined>;
  /** Keeps a collection's engine index with the record, for the next start (a shortcut: the documents stay the record). */
  saveIndex?(project: string, collection: string, index: Uint8Array): Promise<void>;
}

export interface StoreOptions {
  /** The log is compacted once it holds this many bytes and a quarter of the snapshots' size. Default 4 MiB. */
  compactAfterBytes?: number;
}

const SNAPSHOT_FORMAT = 1;
const SEGMENT = /^\d{8}\.jsonl$/;
const LOCK_FILE = 'trove.lock';
const INDEX_SUFFIX = '.index';
let indexWrites = 0;

interface LoggedBatch {
  seq: number;
  project: string;
  collection: string;
  documents: StoredDocument[];
  /** Ids removed by the batch (after its documents); absent when none. */
  deleted?: string[];
}

const warn = (message: string) => console.warn(`[trove service] ${escapeControl(message)}`);

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the folder for this process: a second `trove serve` on it would lose batches. */
function lockFolder(dataDir: string): string {
  const file = join(dataDir, LOCK_FILE);
  if (existsSync(file)) {
    const pid = Number(readFileSync(file, 'utf8').trim());
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
      throw new Error(
        `the data folder ${JSON.stringify(dataDir)} is in use by process ${pid} (one trove serve per data folder; ` +
          'to run several processes, share a PostgreSQL database with TROVE_DATABASE_URL)',
      );
    }
  }
  writeFileAtomic(file, `${process.pid}\n`);
  return file;
}

function corrupt(file: string, problem: string, consequence: string): Error {
  return new Error(
    `${JSON.stringify(file)} is unreadable (${problem}); nothing was changed. To start without it, set it aside:\n` +
      `  mv ${JSON.stringify(file)} ${JSON.stringify(`${file}.corrupt`)}\n${consequence}`,
  );
}

export function createStore(dataDir: string, options: StoreOptions = {}): Store {
  const collectionsDir = join(dataDir, 'collections');
  const logDir = join(dataDir, 'log');
  mkdirSync(collectionsDir, { recursive: true });
  mkdirSync(logDir, { recursive: true });
  const lockFile = lockFolder(dataDir);
  const compactAfterBytes = options.compactAfterBytes ?? 4 * 1024 * 1024;
  const feedback = createFileFeedbackLog(dataDir);
  const analytics = createFileAnalyticsStore(join(dataDir, 'analytics'), LIMITS.analyticsDays);
  /** Collections with a snapshot on disk (their next batches go to the log). */
  const persisted = new Set<string>();
  let seq = 0;
  let snapshotBytes = 0;
  /** Segments of the log, oldest first; the last one is written to when `current` is open. */
  let segments: { file: string; bytes: number }[] = [];
  let current: { file: string; handle: FileHandle; bytes: number } | undefined;
  let nextSegment = 1;
  let writes: Promise<void> = Promise.resolve();
  let compaction: Promise<void> | undefined;
  /** After a failed compaction: the log size at which to try again. */
  let retryAtBytes = 0;

  function readSegments(): LoggedBatch[] {
    const batches: LoggedBatch[] = [];
    for (const name of readdirSync(logDir).sort()) {
      const file = join(logDir, name);
      if (!SEGMENT.test(name) || !statSync(file).isFile()) {
        if (!isTempFile(name)) warn(`skipped ${JSON.stringify(file)}: not written by trove serve`);
        continue;
      }
      nextSegment = Math.max(nextSegment, Number(name.slice(0, 8)) + 1);
      const lines = readFileSync(file, 'utf8').split('\n');
      lines.forEach((line, i) => {
        if (line === '') return;
        try {
          batches.push(JSON.parse(line) as LoggedBatch);
        } catch (error) {
          // Only the last line can be torn (a crash mid-append, never acknowledged).
          if (i < lines.length - 1 && lines.slice(i + 1).some((l) => l !== '')) {
            throw corrupt(file, `line ${i + 1}: ${(error as Error).message}`, 'The batches in it that no snapshot has yet are lost.');
          }
        }
      });
      segments.push({ file, bytes: statSync(file).size });
    }
    return batches;
  }

  async function openSegment(): Promise<NonNullable<typeof current>> {
    const file = join(logDir, `${String(nextSegment++).padStart(8, '0')}.jsonl`);
    const handle = await open(file, 'a', 0o644);
    // The new file's name must survive a crash too.
    const dir = openSync(logDir, 'r');
    try {
      fsyncSync(dir);
    } catch {
      // some platforms cannot fsync a directory
    } finally {
      closeSync(dir);
    }
    const opened = { file, handle, bytes: 0 };
    segments.push({ file, bytes: 0 });
    return opened;
  }

  async function appendLine(batch: LoggedBatch): Promise<void> {
    current ??= await openSegment();
    const buffer = Buffer.from(`${JSON.stringify(batch)}\n`, 'utf8');
    let written = 0;
    while (written < buffer.length) written += (await current.handle.write(buffer, written, buffer.length - written)).bytesWritten;
    await current.handle.datasync();
    current.bytes += buffer.length;
    segments[segments.length - 1]!.bytes = current.bytes;
  }

  function logBytes(): number {
    return segments.reduce((sum, s) => sum + s.bytes, 0);
  }

  /** Folds the closed segments into the snapshots on a worker thread (one compaction at a time). */
  function maybeCompact(): void {
    const bytes = logBytes();
    if (compaction || bytes < Math.max(compactAfterBytes, snapshotBytes / 4, retryAtBytes)) return;
    const closing = current;
    current = undefined;
    const closed = segments.map((s) => s.file);
    compaction = (async () => {
      await closing?.handle.close();
      const result = await compactInWorker({ collectionsDir, segments: closed });
      for (const name of result.missing) warn(`logged batches of ${JSON.stringify(name)} have no snapshot (set aside?): dropped`);
      for (const file of closed) rmSync(file, { force: true });
      segments = segments.filter((s) => !closed.includes(s.file));
      retryAtBytes = 0;
      snapshotBytes = 0;
      for (const name of persisted) snapshotBytes += sizeOf(name);
    })()
      .catch((error: unknown) => {
        // Tried again once the log has doubled, not after every batch.
        retryAtBytes = bytes * 2;
        warn(`log compaction failed (the log is kept and replayed at start): ${(error as Error).message}`);
      })
      .finally(() => {
        compaction = undefined;
      });
  }

  const fileOf = (key: string) => {
    const [project, collection] = key.split('\u0000') as [string, string];
    return join(collectionsDir, snapshotPath(project, collection));
  };
  const indexFileOf = (key: string) => fileOf(key).replace(/\.json$/, INDEX_SUFFIX);
  const sizeOf = (key: string) => {
    try {
      return statSync(fileOf(key)).size;
    } catch {
      return 0;
    }
  };

  let apply: ApplyBatch = async () => {};

  function loadCollections(): StoredCollection[] {
    const found = new Map<string, { project: string; collection: string; seq: number; docs: Map<string, StoredDocument> }>();
    for (const projectDir of readdirSync(collectionsDir)) {
      const dir = join(collectionsDir, projectDir);
      if (!statSync(dir).isDirectory()) {
        warn(`skipped ${JSON.stringify(dir)}: not written by trove serve`);
        continue;
      }
      for (const name of readdirSync(dir)) {
        const file = join(dir, name);
        if (isTempFile(name)) {
          rmSync(file, { force: true });
          continue;
        }
        if (name.endsWith(INDEX_SUFFIX)) continue; // read by loadIndex
        if (!name.endsWith('.json') || !statSync(file).isFile()) {
          warn(`skipped ${JSON.stringify(file)}: not written by trove serve`);
          continue;
        }
        let data: { format?: unknown; project: string; collection: string; seq?: number; documents: StoredDocument[] };
        try {
          data = JSON.parse(readFileSync(file, 'utf8'));
        } catch (error) {
          throw corrupt(file, (error as Error).message, 'then index that collection again.');
        }
        if (data === null || typeof data !== 'object' || !('format' in data)) {
          warn(`skipped ${JSON.stringify(file)}: not written by trove serve`);
          continue;
        }
        if (data.format !== SNAPSHOT_FORMAT || !Array.isArray(data.documents) || typeof data.project !== 'string') {
          throw corrupt(file, `not a snapshot of format ${SNAPSHOT_FORMAT}`, 'then index that collection again.');
        }
        const docs = new Map<string, StoredDocument>();
        for (const doc of data.documents) docs.set(doc.id, doc);
        const key = collectionKey(data.project, data.collection);
        found.set(key, { project: data.project, collection: data.collection, seq: data.seq ?? 0, docs });
        persisted.add(key);
        snapshotBytes += statSync(file).size;
        seq = Math.max(seq, data.seq ?? 0);
      }
    }
    const dropped = new Set<string>();
    for (const batch of readSegments()) {
      seq = Math.max(seq, batch.seq);
      const key = collectionKey(batch.project, batch.collection);
      const entry = found.get(key);
      if (!entry) {
        if (!dropped.has(key))
          warn(`logged batches of ${JSON.stringify(`${batch.project}/${batch.collection}`)} have no snapshot (set aside?): skipped`);
        dropped.add(key);
        continue;
      }
      if (batch.seq <= entry.seq) continue;
      for (const doc of batch.documents) entry.docs.set(doc.id, doc);
      for (const id of batch.deleted ?? []) entry.docs.delete(id);
    }
    return [...found.values()].map((e) => ({ project: e.project, collection: e.collection, documents: [...e.docs.values()] }));
  }

  return {
    feedback,
    analytics,

    async open(applyBatch) {
      apply = applyBatch;
      for (const saved of loadCollections()) await apply(saved.project, saved.collection, saved.documents);
      maybeCompact();
    },

    append(project, collection, documents, deleted) {
      const run = writes.then(async () => {
        const key = collectionKey(project, collection);
        const batch: LoggedBatch = { seq: seq + 1, project, collection, documents: documents as StoredDocument[] };
        if (deleted?.length) batch.deleted = [...deleted];
        if (persisted.has(key)) {
          await appendLine(batch);
        } else {
          const file = fileOf(key);
          mkdirSync(join(file, '..'), { recursive: true });
          writeFileAtomic(file, snapshotPieces(batch));
          persisted.add(key);
          snapshotBytes += sizeOf(key);
        }
        seq = batch.seq;
        await apply(project, collection, documents, deleted);
        maybeCompact();
      });
      writes = run.catch(() => {});
      return run;
    },

    async loadIndex(project, collection) {
      try {
        return await readFile(indexFileOf(collectionKey(project, collection)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },

    async saveIndex(project, collection, index) {
      // Not fsynced: a file torn by a crash fails its checksum, and the engine builds from the snapshot.
      const file = indexFileOf(collectionKey(project, collection));
      const temp = join(dirname(file), `.${basename(file)}.tmp-${process.pid}-${++indexWrites}`);
      try {
        await writeFile(temp, index);
        await rename(temp, file);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    },

    async close() {
      await writes;
      await compaction;
      await current?.handle.close();
      current = undefined;
      await feedback.close();
      if (existsSync(lockFile) && readFileSync(lockFile, 'utf8').trim() === String(process.pid)) rmSync(lockFile, { force: true });
    },
  };
}

/** A snapshot file in pieces (a large one is never one string in memory): a header, then one document a line. */
function* snapshotPieces(batch: LoggedBatch): Generator<string> {
  yield `{"format":${SNAPSHOT_FORMAT},"project":${JSON.stringify(batch.project)},"collection":${JSON.stringify(batch.collection)},"seq":${batch.seq},"documents":[`;
  const docs = new Map<string, StoredDocument>();
  for (const doc of batch.documents) docs.set(doc.id, doc);
  for (const id of batch.deleted ?? []) docs.delete(id);
  let first = true;
  for (const doc of docs.values()) {
    yield `${first ? '\n' : ',\n'}${JSON.stringify(doc)}`;
    first = false;
  }
  yield '\n]}\n';
}
