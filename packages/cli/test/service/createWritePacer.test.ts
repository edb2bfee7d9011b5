import { afterEach, describe, expect, it, vi } from 'vitest';
import { createWritePacer } from '../../src/service/http/createWritePacer.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('createWritePacer', () => {
  it('lets every batch go at once while no read came lately', async () => {
    let clock = 1000;
    const pacer = createWritePacer(10, 100, () => clock);
    const turns = Array.from({ length: 5 }, () => pacer.turn());
    const settled = await Promise.race([Promise.all(turns).then(() => 'all'), new Promise((r) => setTimeout(() => r('waiting'), 5))]);
    expect(settled).toBe('all');
    pacer.read();
    clock += 101;
    await expect(pacer.turn()).resolves.toBeUndefined();
  });

  it('spaces batches by the interval while reads are answered, each waiting only for those ahead of it', async () => {
    vi.useFakeTimers();
    let clock = 1000;
    const pacer = createWritePacer(10, 100, () => clock);
    pacer.read();
    const done: number[] = [];
    for (let i = 0; i < 3; i++) void pacer.turn().then(() => done.push(i));
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toEqual([0]);
    clock += 10;
    await vi.advanceTimersByTimeAsync(10);
    expect(done).toEqual([0, 1]);
    clock += 10;
    await vi.advanceTimersByTimeAsync(10);
    expect(done).toEqual([0, 1, 2]);
  });

  it('leaves the reads nine tenths of the time after a costly batch, and goes at the interval after a cheap one', async () => {
    vi.useFakeTimers();
    let clock = 1000;
    const pacer = createWritePacer(10, 100, () => clock);
    pacer.read();
    const done: number[] = [];
    for (let i = 0; i < 3; i++) void pacer.turn().then(() => done.push(i));
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toEqual([0]);
    // The first batch took 20 ms: the next waits 180 ms (a tenth of the time for batches), not 10.
    clock += 20;
    pacer.spent(20);
    for (const step of [10, 100, 69]) {
      clock += step;
      pacer.read();
      await vi.advanceTimersByTimeAsync(step);
      expect(done).toEqual([0]);
    }
    clock += 1;
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toEqual([0, 1]);
    // A cheap one (0.5 ms): the interval rules.
    pacer.spent(0.5);
    clock += 10;
    await vi.advanceTimersByTimeAsync(10);
    expect(done).toEqual([0, 1, 2]);
  });

  it('lets batches go at once when no read came lately, whatever they cost', async () => {
    let clock = 1000;
    const pacer = createWritePacer(10, 100, () => clock);
    pacer.spent(500);
    await expect(pacer.turn()).resolves.toBeUndefined();
    pacer.spent(Number.NaN);
    pacer.spent(-3);
    clock += 1;
    await expect(pacer.turn()).resolves.toBeUndefined();
  });
});
