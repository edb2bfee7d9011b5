/**
 * Replaces `file` with `data` so that a crash at any moment leaves either the old or the new
 * content, never a mix: write a temporary file beside it, fsync it, rename it over the target,
 * then fsync the directory so the rename itself is durable.
 */
import { closeSync, fsyncSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

let counter = 0;

/** Pieces are gathered into writes of about this many characters. */
const WRITE_CHUNK = 1 << 20;

/** `data`: the content, whole or in pieces (a large snapshot is never one string in memory). */
export function writeFileAtomic(file: string, data: string | Iterable<string>): void {
  const temp = join(dirname(file), `.${basename(file)}.tmp-${process.pid}-${++counter}`);
  const fd = openSync(temp, 'w', 0o644);
  const writeAll = (text: string) => {
    const buffer = Buffer.from(text, 'utf8');
    let written = 0;
    while (written < buffer.length) written += writeSync(fd, buffer, written, buffer.length - written);
  };
  try {
    if (typeof data === 'string') {
      writeAll(data);
    } else {
      let pending: string[] = [];
      let size = 0;
      for (const piece of data) {
        pending.push(piece);
        size += piece.length;
        if (size >= WRITE_CHUNK) {
          writeAll(pending.join(''));
          pending = [];
          size = 0;
        }
      }
      writeAll(pending.join(''));
    }
    fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    rmSync(temp, { force: true });
    throw error;
  }
  closeSync(fd);
  try {
    renameSync(temp, file);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
  let dir: number | undefined;
  try {
    dir = openSync(dirname(file), 'r');
    fsyncSync(dir);
  } catch {
    // Some platforms cannot fsync a directory; the rename is still atomic there.
  } finally {
    if (dir !== undefined) closeSync(dir);
  }
}

/** Temporary files are named `.<target>.tmp-*`; leftovers are crashes mid-write (never acknowledged). */
export function isTempFile(name: string): boolean {
  return /^\..+\.tmp-\d+-\d+$/.test(name);
}
