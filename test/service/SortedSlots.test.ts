import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../src/service/sample/seededRandom.ts';
import { SortedSlots } from '../../src/service/engine/SortedSlots.ts';

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

  it('keeps the order with two comparisons per changed slot when no changed slot leaves its place', () => {
    const rnd = seededRandom(5);
    const keys = Array.from({ length: 1000 }, () => Math.floor(rnd() * 100));
    let comparisons = 0;
    const order = new SortedSlots((a, b) => {
      comparisons++;
      return keys[a]! - keys[b]! || a - b;
    });
    order.update(
      keys.map((_, i) => i),
      keys.length,
    );
    const before = [...order.list];
    comparisons = 0;
    order.update([3, 500, 999], keys.length);
    expect(comparisons).toBeLessThanOrEqual(6);
    expect([...order.list]).toEqual(before);
    // One that does move is put in its new place.
    keys[500] = 1000;
    order.update([3, 500], keys.length);
    expect(order.list[keys.length - 1]).toBe(500);
    const expected = keys.map((_, i) => i).sort((a, b) => keys[a]! - keys[b]! || a - b);
    expect([...order.list]).toEqual(expected);
    expect(expected.map((slot) => order.rank[slot])).toEqual(expected.map((_, i) => i));
  });
});
