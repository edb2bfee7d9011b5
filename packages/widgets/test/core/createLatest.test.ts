import { describe, expect, it } from 'vitest';
import { createLatest } from '../../src/core/createLatest.ts';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('createLatest', () => {
  it('gives the newest task its value and marks an older one stale even when it ignored the abort', async () => {
    const latest = createLatest();
    const a = deferred<string>();
    const b = deferred<string>();
    let firstSignal: AbortSignal | undefined;
    const first = latest.run((signal) => ((firstSignal = signal), a.promise));
    const second = latest.run(() => b.promise);
    expect(firstSignal?.aborted).toBe(true);
    b.resolve('new');
    a.resolve('old');
    expect(await second).toEqual({ stale: false, value: 'new' });
    expect(await first).toEqual({ stale: true });
  });

  it('returns a failure as an answer instead of rejecting', async () => {
    const latest = createLatest();
    const boom = new Error('boom');
    expect(await latest.run(() => Promise.reject(boom))).toEqual({ stale: false, error: boom });
    expect(
      await latest.run(() => {
        throw boom;
      }),
    ).toEqual({ stale: false, error: boom });
  });

  it('makes the running task stale on cancel', async () => {
    const latest = createLatest();
    const a = deferred<number>();
    let signal: AbortSignal | undefined;
    const run = latest.run((s) => ((signal = s), a.promise));
    latest.cancel();
    expect(signal?.aborted).toBe(true);
    a.resolve(1);
    expect(await run).toEqual({ stale: true });
  });
});
