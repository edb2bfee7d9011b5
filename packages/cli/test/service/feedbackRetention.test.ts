import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createFileFeedbackLog } from '../../src/service/store/createFileFeedbackLog.ts';
import type { FeedbackEntry } from '../../src/service/store/FeedbackLog.ts';

const DAY = 86_400_000;
const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

const entry = (ageDays: number, query: string): FeedbackEntry => ({
  time: new Date(Date.now() - ageDays * DAY).toISOString(),
  kind: 'autocomplete',
  version: 'v2',
  handler: null,
  project: 'demo',
  collection: 'blog',
  params: { query, item_order: '1' },
});

async function read(log: ReturnType<typeof createFileFeedbackLog>): Promise<string[]> {
  const out: string[] = [];
  for await (const e of log.entries()) out.push(e.params.query!);
  return out;
}

describe('the feedback log keeps its entries for a number of days', () => {
  it('never reads entries older than the retention', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'trove-feedback-'));
    folders.push(dir);
    const log = createFileFeedbackLog(dir, 1 << 20, 30);
    await log.append(entry(31, 'old'));
    await log.append(entry(29, 'recent'));
    await log.append(entry(0, 'today'));
    expect(await read(log)).toEqual(['recent', 'today']);
  });

  it('rotates a file whose first entry is half the retention old, and deletes a file last written before the retention', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'trove-feedback-'));
    folders.push(dir);
    const current = join(dir, 'feedback.jsonl');
    const older = join(dir, 'feedback.1.jsonl');
    let log = createFileFeedbackLog(dir, 1 << 20, 30);
    await log.append(entry(16, 'a'));
    await log.close();
    log = createFileFeedbackLog(dir, 1 << 20, 30);
    await log.append(entry(0, 'b')); // the current file began 16 days ago: rotated
    expect(readFileSync(older, 'utf8')).toContain('"a"');
    expect(readFileSync(current, 'utf8')).not.toContain('"a"');
    // The older file was last written 31 days ago: gone with the next append.
    const past = (Date.now() - 31 * DAY) / 1000;
    utimesSync(older, past, past);
    await log.append(entry(0, 'c'));
    expect(existsSync(older)).toBe(false);
    expect(await read(log)).toEqual(['b', 'c']);
    await log.close();
  });
});
