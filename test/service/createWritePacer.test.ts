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
});
