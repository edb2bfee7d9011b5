import { describe, expect, it } from 'vitest';
import { createProgress } from '../../src/cli/createProgress.ts';

/** Enough of a tty.WriteStream for cli-progress. */
function fakeTerminal() {
  const term = {
    text: '',
    isTTY: true,
    columns: 120,
    write(chunk: string) {
      term.text += chunk;
      return true;
    },
    cursorTo: () => true,
    moveCursor: () => true,
    clearLine: () => true,
    clearScreenDown: () => true,
    on: () => term,
    removeListener: () => term,
  };
  return term;
}

describe('createProgress', () => {
  it('draws a progress bar on a terminal', () => {
    const term = fakeTerminal();
    const progress = createProgress(term, 3, 2);
    progress.update({ done: 2, total: 3, batch: 1, batches: 2 });
    progress.update({ done: 3, total: 3, batch: 2, batches: 2 });
    progress.stop();
    expect(term.text).toMatch(/Indexing \[[█░]+\] 0\/3 documents · batch 0\/2/);
    expect(term.text).toMatch(/Indexing \[█+\] 3\/3 documents · batch 2\/2/);
  });

  it('writes plain lines, failures included, elsewhere', () => {
    const out = { text: '', write: (t: string) => (out.text += t), isTTY: false };
    const progress = createProgress(out, 30, 12);
    progress.update({ done: 10, total: 30, batch: 4, batches: 12, failure: 'Service answered 400' });
    expect(out.text).toBe('batch  4/12 FAILED · 10/30 documents\n');
  });
});
