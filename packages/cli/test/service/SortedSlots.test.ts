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

  it('puts back up to a quarter of the slots at once, and goes on from a restored order', () => {
    const rnd = seededRandom(9);
    const keys = Array.from({ length: 4000 }, () => Math.floor(rnd() * 500));
    const compare = (a: number, b: number) => keys[a]! - keys[b]! || a - b;
    const order = new SortedSlots(compare);
    order.update(
      keys.map((_, i) => i),
      keys.length,
    );
    const restored = new SortedSlots(compare);
    expect(SortedSlots.isOrder(order.list)).toBe(true);
    restored.restore(order.list);
    for (let round = 0; round < 5; round++) {
      const changed = Array.from({ length: 900 }, () => Math.floor(rnd() * keys.length));
      for (const slot of changed) keys[slot] = Math.floor(rnd() * 500);
      for (let i = 0; i < 20; i++) {
        keys.push(Math.floor(rnd() * 500));
        changed.push(keys.length - 1);
      }
      order.update(changed, keys.length);
      restored.update(changed, keys.length);
      const expected = keys.map((_, i) => i).sort(compare);
      expect([...order.list]).toEqual(expected);
      expect([...restored.list]).toEqual(expected);
      expect(expected.map((slot) => restored.rank[slot])).toEqual(expected.map((_, i) => i));
    }
    expect(SortedSlots.isOrder(Int32Array.from([0, 2, 2]))).toBe(false);
    expect(SortedSlots.isOrder(Int32Array.from([0, 3, 1]))).toBe(false);
    expect(SortedSlots.isOrder(Int32Array.from([-1, 0]))).toBe(false);
  });
});
