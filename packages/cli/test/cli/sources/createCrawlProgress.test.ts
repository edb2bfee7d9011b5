import { describe, expect, it } from 'vitest';
import { createCrawlProgress } from '../../../src/cli/sources/createCrawlProgress.ts';
import { memoryIo } from '../fakeFetch.ts';

describe('createCrawlProgress', () => {
  it('writes a plain line every 100 pages read, and the last count at the end, when not on a terminal', () => {
    const { stderr } = memoryIo();
    const progress = createCrawlProgress(stderr);
    for (let read = 1; read <= 250; read++) progress.update({ found: 300, read });
    progress.stop();
    expect(stderr.text).toBe(
      'Reading the site: 300 found · 100 read\nReading the site: 300 found · 200 read\nReading the site: 300 found · 250 read\n',
    );
  });

  it('rewrites one line at most ten times a second on a terminal, and ends it', () => {
    const { stderr } = memoryIo();
    stderr.isTTY = true;
    let now = 0;
    const progress = createCrawlProgress(stderr, 100, () => now);
    for (let read = 1; read <= 50; read++) {
      now += 10;
      progress.update({ found: 60, read });
    }
    progress.stop();
    const frames = stderr.text.split('\r').filter(Boolean);
    expect(frames.length).toBeLessThanOrEqual(7);
    expect(frames.at(-1)).toBe('Reading the site: 60 found · 50 read\u001b[K\n');
  });
});
