import type { Output } from '../createProgress.ts';
import type { ReadProgress } from './SiteReading.ts';

export interface CrawlProgress {
  update(progress: ReadProgress): void;
  stop(): void;
}

/**
 * Shows how reading a site goes (pages found, pages read): one line rewritten in place on a
 * terminal (at most ten times a second), else a plain line every `every` pages read (logs stay short).
 */
export function createCrawlProgress(stream: Output, every = 100, now: () => number = Date.now): CrawlProgress {
  let last: ReadProgress = { found: 0, read: 0 };
  let shownAt = 0;
  let shown = false;
  const line = (p: ReadProgress) => `Reading the site: ${p.found} found · ${p.read} read`;
  if (stream.isTTY) {
    return {
      update(p) {
        last = p;
        if (now() - shownAt < 100) return;
        shownAt = now();
        shown = true;
        stream.write(`\r${line(p)}\u001b[K`);
      },
      stop() {
        if (shown) stream.write(`\r${line(last)}\u001b[K\n`);
      },
    };
  }
  let nextLine = every;
  return {
    update(p) {
      last = p;
      if (p.read >= nextLine) {
        nextLine = p.read + every;
        stream.write(`${line(p)}\n`);
      }
    },
    stop() {
      if (last.read > 0) stream.write(`${line(last)}\n`);
    },
  };
}
