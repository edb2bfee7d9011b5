import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../src/service/sample/seededRandom.ts';
import { SlotList } from '../../src/service/engine/SlotList.ts';

describe('SlotList', () => {
  it('holds the slots of any sequence of adds and deletes, ascending and once each, as a Set would', () => {
    const rnd = seededRandom(3);
    const list = new SlotList();
    const set = new Set<number>();
    for (let step = 0; step < 5000; step++) {
      const slot = Math.floor(rnd() * 300);
      if (rnd() < 0.6) {
        list.add(slot);
        set.add(slot);
      } else {
        list.delete(slot);
        set.delete(slot);
      }
      if (step % 97 === 0) {
        expect(Array.from(list.values())).toEqual([...set].sort((a, b) => a - b));
        expect(list.size).toBe(set.size);
        expect(list.has(slot)).toBe(set.has(slot));
      }
    }
  });

  it('appends slots added in order, growing past its first capacity', () => {
    const list = new SlotList();
    for (let slot = 0; slot < 1000; slot += 2) list.add(slot);
    list.add(998);
    expect(list.size).toBe(500);
    expect(list.values()[499]).toBe(998);
    expect(list.has(501)).toBe(false);
    expect(list.has(500)).toBe(true);
  });
});
