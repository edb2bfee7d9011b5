import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../src/service/seededRandom.ts';
import { SortedSlots } from '../../src/service/SortedSlots.ts';

describe('SortedSlots', () => {
  it('keeps the order and the ranks of a full sort through many small updates and a few large ones', () => {
    const rnd = seededRandom(3);
    const keys: number[] = [];
    const order = new SortedSlots((a, b) => keys[a]! - keys[b]! || a - b);
    for (let round = 0; round < 120; round++) {
      const changed: number[] = [];
      const large = round % 50 === 0;
      const adds = large ? 300 : Math.floor(rnd() * 3);
      for (let i = 0; i < adds; i++) {
        keys.push(Math.floor(rnd() * 50));
        changed.push(keys.length - 1);
      }
      for (let i = 0; i < (large ? 200 : 4) && keys.length > 0; i++) {
        const slot = Math.floor(rnd() * keys.length);
        keys[slot] = Math.floor(rnd() * 50);
        changed.push(slot);
      }
      order.update(changed, keys.length);
      const expected = keys.map((_, i) => i).sort((a, b) => keys[a]! - keys[b]! || a - b);
      expect([...order.list]).toEqual(expected);
      expect(expected.map((slot) => order.rank[slot])).toEqual(expected.map((_, i) => i));
    }
  });
});
