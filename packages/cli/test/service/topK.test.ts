import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../src/service/sample/seededRandom.ts';
import { topK } from '../../src/service/engine/topK.ts';

describe('topK', () => {
  it('answers the first k of a full sort, ties and all, for small and large inputs', () => {
    const rnd = seededRandom(7);
    for (const m of [0, 1, 5, 300, 5000]) {
      const scores = Float64Array.from({ length: m }, () => Math.floor(rnd() * 50));
      const slots = Int32Array.from({ length: m }, (_, i) => i);
      const compare = (a: number, b: number) => scores[b]! - scores[a]! || a - b;
      const sorted = Array.from(slots).sort(compare);
      for (const k of [0, 1, 10, 40, m]) expect(Array.from(topK(slots, k, compare)), `m=${m} k=${k}`).toEqual(sorted.slice(0, k));
    }
  });
});
