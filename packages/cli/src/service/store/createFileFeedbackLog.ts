/**
 * The feedback log of `trove serve`: `<dataDir>/feedback.jsonl`, one JSON object a line,
 * appended and fsynced before the answer. Past `maxBytes` the file is rotated to
 * `feedback.1.jsonl` (replacing the older one), so at most about twice `maxBytes` is kept.
 * Reading streams both files line by line, oldest first; a torn last line (a crash mid-append,
 * never acknowledged) or any other unreadable line is skipped. Kept for `retentionDays` at most:
 * the file is also rotated once its first entry is half that old, a file whose last write is
 * older goes whole (checked on every append and read), and older entries are never read.
 */
import { closeSync, createReadStream, existsSync, fsyncSync, openSync, readSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { FeedbackEntry, FeedbackLog } from './FeedbackLog.ts';
import { LIMITS } from '../limits.ts';
import { writeFileAtomic } from './writeFileAtomic.ts';

const DAY_MS = 86_400_000;

/** The time of a log's first entry (its start), or `fallback` when it has none readable. */
function firstEntryTime(file: string, fallback: number): number {
  const fd = openSync(file, 'r');
  try {
    const buffer = Buffer.alloc(LIMITS.feedbackBodyBytes * 2);
    const line = buffer
      .subarray(0, readSync(fd, buffer, 0, buffer.length, 0))
      .toString('utf8')
      .split('\n')[0]!;
    const time = Date.parse((JSON.parse(line) as FeedbackEntry).time);
    return Number.isNaN(time) ? fallback : time;
  } catch {
    return fallback;
  } finally {
    closeSync(fd);
  }
}

export function createFileFeedbackLog(
  dataDir: string,
  maxBytes: number = LIMITS.feedbackLogBytes,
  retentionDays: number = LIMITS.feedbackDays,
): FeedbackLog {
  const current = join(dataDir, 'feedback.jsonl');
  const older = join(dataDir, 'feedback.1.jsonl');
  const retentionMs = retentionDays * DAY_MS;
  let fd: number | undefined;
  let size = 0;
  /** When the current file's first entry was written. */
  let startedAt = 0;

  /** Files whose last write is past the retention go whole. */
  const expire = () => {
    const cutoff = Date.now() - retentionMs;
    for (const file of [older, current]) {
      if (!existsSync(file) || statSync(file).mtimeMs >= cutoff) continue;
      if (file === current) closeFile();
      rmSync(file, { force: true });
    }
  };

  const closeFile = () => {
    if (fd !== undefined) closeSync(fd);
    fd = undefined;
  };

  async function* linesOf(file: string): AsyncGenerator<FeedbackEntry> {
    if (!existsSync(file)) return;
    const cutoff = new Date(Date.now() - retentionMs).toISOString();
    const lines = createInterface({ input: createReadStream(file, { encoding: 'utf8' }), crlfDelay: Number.POSITIVE_INFINITY });
    for await (const line of lines) {
      if (!line.trim()) continue;
      try {
        const entry = JSON.parse(line) as FeedbackEntry;
        if (!(entry.time < cutoff)) yield entry;
      } catch {
        // a torn last line from a crash mid-append
      }
    }
  }

  return {
    async append(entry) {
      const line = Buffer.from(`${JSON.stringify(entry)}\n`, 'utf8');
      expire();
      if (fd === undefined) {
        fd = openSync(current, 'a');
        size = statSync(current).size;
        startedAt = size > 0 ? firstEntryTime(current, Date.now()) : Date.now();
      }
      if (size > 0 && (size + line.length > maxBytes || Date.now() - startedAt > retentionMs / 2)) {
        closeFile();
        renameSync(current, older);
        fd = openSync(current, 'a');
        size = 0;
        startedAt = Date.now();
      }
      let written = 0;
      while (written < line.length) written += writeSync(fd, line, written, line.length - written);
      fsyncSync(fd);
      size += line.length;
    },

    async *entries() {
      expire();
      yield* linesOf(older);
      yield* linesOf(current);
    },

    async clear() {
      closeFile();
      rmSync(older, { force: true });
      writeFileAtomic(current, '');
    },

    async close() {
      closeFile();
    },
  };
}
