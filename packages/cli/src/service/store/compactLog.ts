/**
 * Compaction of the batch log (see createStore.ts), off the event loop: a worker thread (at the
 * lowest CPU priority where the system lets a thread have its own, as Linux does) folds
 * closed log segments into the snapshots of the collections they touch — read the snapshot, apply
 * the batches it does not have yet (by `seq`), write it back atomically with the last `seq` — so
 * the main thread never serialises a collection. The main thread deletes the segments once the
 * worker reports success; a crash in between only means the next start replays batches the
 * snapshots already have, which it skips by their `seq`.
 *
 * `foldSegments` runs in the worker as source text (`new Worker(code, { eval: true })`, so the
 * same code works from the sources and from the bundle): it must not use anything from outside
 * its own body; the node modules it needs are passed in.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';

export interface CompactionJob {
  collectionsDir: string;
  /** Closed log segments, oldest first. */
  segments: string[];
}

export interface CompactionResult {
  /** Snapshot files rewritten. */
  written: string[];
  /** Collections that had batches in the segments but no snapshot (skipped). */
  missing: string[];
  /** Total size of the snapshot files written, in bytes. */
  bytes: number;
  /** The worker thread's niceness (19 where it could lower it). */
  priority?: number;
}

/** The snapshot's file for a collection, relative to the collections folder (names percent-encoded, `.` and `*` too). */
export function snapshotPath(project: string, collection: string): string {
  const encode = (name: string) => encodeURIComponent(name).replace(/\./g, '%2E').replace(/\*/g, '%2A');
  return `${encode(project)}/${encode(collection)}.json`;
}

/**
 * Folds `job.segments` into the snapshots (synchronous; the worker runs it). Self-contained:
 * see the file comment. Log lines are `{"seq","project","collection","documents"}` (and `"deleted"`,
 * the ids a batch of the delete extension removes, after its documents); a line that
 * does not parse can only be a torn last line (never acknowledged) and is skipped.
 */
export function foldSegments(
  fsm: typeof fs,
  pathm: typeof path,
  job: CompactionJob,
  pid: number,
  encodedPath: (project: string, collection: string) => string,
): CompactionResult {
  type Doc = { id: string };
  type Batch = { seq: number; project: string; collection: string; documents: Doc[]; deleted?: string[] };
  const byCollection = new Map<string, { project: string; collection: string; batches: Batch[] }>();
  for (const segment of job.segments) {
    for (const line of fsm.readFileSync(segment, 'utf8').split('\n')) {
      if (line === '') continue;
      let batch: Batch;
      try {
        batch = JSON.parse(line) as Batch;
      } catch {
        continue;
      }
      const key = `${batch.project}\u0000${batch.collection}`;
      let group = byCollection.get(key);
      if (!group) byCollection.set(key, (group = { project: batch.project, collection: batch.collection, batches: [] }));
      group.batches.push(batch);
    }
  }
  const result: CompactionResult = { written: [], missing: [], bytes: 0 };
  let counter = 0;
  for (const group of byCollection.values()) {
    const file = pathm.join(job.collectionsDir, encodedPath(group.project, group.collection));
    let text: string;
    try {
      text = fsm.readFileSync(file, 'utf8');
    } catch (error) {
      if ((error as { code?: string }).code !== 'ENOENT') throw error;
      result.missing.push(`${group.project}/${group.collection}`);
      continue;
    }
    // A snapshot that does not parse fails the compaction: the segments are kept, nothing is lost.
    const snapshot: { format: number; project: string; collection: string; seq?: number; documents: Doc[] } = JSON.parse(text);
    const docs = new Map<string, Doc>();
    for (const doc of snapshot.documents) docs.set(doc.id, doc);
    let seq = snapshot.seq ?? 0;
    for (const batch of group.batches) {
      if (batch.seq <= seq) continue;
      for (const doc of batch.documents) docs.set(doc.id, doc);
      for (const id of batch.deleted ?? []) docs.delete(id);
      seq = batch.seq;
    }
    if (seq === (snapshot.seq ?? 0)) continue;
    // The same format createStore writes: a header, then one document a line.
    const temp = pathm.join(pathm.dirname(file), `.${pathm.basename(file)}.tmp-${pid}-${900_000_000 + ++counter}`);
    const fd = fsm.openSync(temp, 'w', 0o644);
    let bytes = 0;
    try {
      let chunk = `{"format":1,"project":${JSON.stringify(group.project)},"collection":${JSON.stringify(group.collection)},"seq":${seq},"documents":[`;
      let first = true;
      const flush = () => {
        const buffer = Buffer.from(chunk, 'utf8');
        let written = 0;
        while (written < buffer.length) written += fsm.writeSync(fd, buffer, written, buffer.length - written);
        bytes += buffer.length;
        chunk = '';
      };
      for (const doc of docs.values()) {
        chunk += `${first ? '\n' : ',\n'}${JSON.stringify(doc)}`;
        first = false;
        if (chunk.length >= 1 << 20) flush();
      }
      chunk += '\n]}\n';
      flush();
      fsm.fsyncSync(fd);
      fsm.closeSync(fd);
      fsm.renameSync(temp, file);
    } catch (error) {
      try {
        fsm.closeSync(fd);
      } catch {
        // already closed
      }
      fsm.rmSync(temp, { force: true });
      throw error;
    }
    const dir = fsm.openSync(pathm.dirname(file), 'r');
    try {
      fsm.fsyncSync(dir);
    } catch {
      // some platforms cannot fsync a directory
    } finally {
      fsm.closeSync(dir);
    }
    result.written.push(file);
    result.bytes += bytes;
  }
  return result;
}

const WORKER_SOURCE = `
var __name = (f) => f; // helpers a transpiler may have put into the function's text
const { parentPort, workerData } = require('node:worker_threads');
// Linux: this thread yields the CPU to the searches (nice 19; a thread's own id is its niceness's).
try {
  require('node:os').setPriority(Number(/task\\/(\\d+)/.exec(require('node:fs').readlinkSync('/proc/thread-self'))[1]), 19);
} catch {}
const fold = ${foldSegments.toString()};
const encodedPath = ${snapshotPath.toString()};
try {
  const result = fold(require('node:fs'), require('node:path'), workerData, process.pid, encodedPath);
  parentPort.postMessage({ ok: true, result: { ...result, priority: require('node:os').getPriority() } });
} catch (error) {
  parentPort.postMessage({ ok: false, message: String(error && error.message || error) });
}
`;

/** Runs `foldSegments` on a worker thread; resolves with its result. */
export function compactInWorker(job: CompactionJob): Promise<CompactionResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: job });
    let settled = false;
    worker.once('message', (message: { ok: true; result: CompactionResult } | { ok: false; message: string }) => {
      settled = true;
      if (message.ok) resolve(message.result);
      else reject(new Error(message.message));
    });
    worker.once('error', (error) => {
      if (!settled) reject(error);
      settled = true;
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`compaction worker exited with code ${code}`));
    });
  });
}

/** Folds in this thread (tests, and a fallback where worker threads are unavailable). */
export function compactHere(job: CompactionJob): CompactionResult {
  return foldSegments(fs, path, job, process.pid, snapshotPath);
}
