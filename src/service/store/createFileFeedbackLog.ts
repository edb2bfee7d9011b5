/**
 * The feedback log of `trove serve`: `<dataDir>/feedback.jsonl`, one JSON object a line,
 * appended and fsynced before the answer. Past `maxBytes` the file is rotated to
 * `feedback.1.jsonl` (replacing the older one), so at most about twice `maxBytes` is kept.
 * Reading streams both files line by line, oldest first; a torn last line (a crash mid-append,
 * never acknowledged) or any other unreadable line is skipped.
 */
import { closeSync, createReadStream, existsSync, fsyncSync, openSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { FeedbackEntry, FeedbackLog } from './FeedbackLog.ts';
import { LIMITS } from '../limits.ts';
import { writeFileAtomic } from './writeFileAtomic.ts';

export function createFileFeedbackLog(dataDir: string, maxBytes: number = LIMITS.feedbackLogBytes): FeedbackLog {
  const current = join(dataDir, 'feedback.jsonl');
  const older = join(dataDir, 'feedback.1.jsonl');
  let fd: number | undefined;
  let size = 0;

  const closeFile = () => {
    if (fd !== undefined) closeSync(fd);
    fd = undefined;
  };

  async function* linesOf(file: string): AsyncGenerator<FeedbackEntry> {
    if (!existsSync(file)) return;
    const lines = createInterface({ input: createReadStream(file, { encoding: 'utf8' }), crlfDelay: Number.POSITIVE_INFINITY });
    for await (const line of lines) {
      if (!line.trim()) continue;
      try {
        yield JSON.parse(line) as FeedbackEntry;
      } catch {
        // a torn last line from a crash mid-append
      }
    }
  }

  return {
    async append(entry) {
      const line = Buffer.from(`${JSON.stringify(entry)}\n`, 'utf8');
      if (fd === undefined) {
        fd = openSync(current, 'a');
        size = statSync(current).size;
      }
      if (size > 0 && size + line.length > maxBytes) {
        closeFile();
        renameSync(current, older);
        fd = openSync(current, 'a');
        size = 0;
      }
      let written = 0;
      while (written < line.length) written += writeSync(fd, line, written, line.length - written);
      fsyncSync(fd);
      size += line.length;
    },

    async *entries() {
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
