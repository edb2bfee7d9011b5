import { describe, expect, it } from 'vitest';
import { createKeyRhythm } from '../../src/core/autocomplete/createKeyRhythm.ts';

/** The waits after keys typed at these times (ms). */
function waits(times: number[], debounceMs = 100): number[] {
  let now = 0;
  const rhythm = createKeyRhythm(() => now);
  return times.map((at) => {
    now = at;
    return rhythm.key(debounceMs);
  });
}

describe('createKeyRhythm', () => {
  it('waits the debounce until three gaps of a burst are known, then 1.5× their median', () => {
    expect(waits([0, 40, 80, 120, 160])).toEqual([100, 100, 100, 60, 60]);
  });

  it('never waits less than 50 ms, nor more than the debounce', () => {
    expect(waits([0, 10, 20, 30])).toEqual([100, 100, 100, 50]);
    expect(waits([0, 90, 180, 270])).toEqual([100, 100, 100, 100]);
  });

  it('follows the median of the last four gaps, so one slow key does not undo it', () => {
    expect(waits([0, 40, 80, 120, 190, 230])).toEqual([100, 100, 100, 60, 60, 60]);
  });

  it('starts again after a pause as long as the debounce', () => {
    expect(waits([0, 40, 80, 120, 400, 440, 480, 520])).toEqual([100, 100, 100, 60, 100, 100, 100, 60]);
  });

  it('waits a longer debounce for a slow typist', () => {
    expect(waits([0, 200, 400, 600], 300)).toEqual([300, 300, 300, 300]);
  });
});
