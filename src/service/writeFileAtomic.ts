/**
 * Replaces `file` with `data` so that a crash at any moment leaves either the old or the new
 * content, never a mix: write a temporary file beside it, fsync it, rename it over the target,
 * then fsync the directory so the rename itself is durable.
 */
import { closeSync, fsyncSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

let counter = 0;

export function writeFileAtomic(file: string, data: string): void {
  const temp = join(dirname(file), `.${basename(file)}.tmp-${process.pid}-${++counter}`);
  const fd = openSync(temp, 'w', 0o644);
  try {
    const buffer = Buffer.from(data, 'utf8');
    let written = 0;
    while (written < buffer.length) written += writeSync(fd, buffer, written, buffer.length - written);
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
