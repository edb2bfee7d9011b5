/**
 * Document slots (small integers) kept in one order, with each slot's position in it. Updated
 * in place when documents are added or replaced: the changed slots are taken out, sorted among
 * themselves and put back by binary search, so an upsert of k documents into n costs
 * k·log n comparisons (plus one pass to rebuild the arrays), not a sort of everything.
 */
export class SortedSlots {
  /** Slots in order. */
  list: Int32Array = new Int32Array(0);
  /** `rank[slot]` = its position in `list`. */
  rank: Int32Array = new Int32Array(0);

  /**
   * `compare`: the order. `bulkCompare`: called once per update that re-sorts everything, for an
   * equivalent order that is cheaper to evaluate many times (integer ranks instead of collation).
   */
  constructor(
    private readonly compare: (a: number, b: number) => number,
    private readonly bulkCompare?: () => (a: number, b: number) => number,
  ) {}

  /** `changed`: slots added or whose sort key may have changed; `total`: slots in use (0..total-1). */
  update(changed: readonly number[], total: number): void {
    if (changed.length === 0 && total === this.list.length) return;
    const moved = Int32Array.from(new Set(changed));
    let list: Int32Array;
    if (moved.length * 4 > total) {
      // Many changed: one sort of everything is cheaper than inserting each.
      list = Int32Array.from({ length: total }, (_, i) => i).sort(this.bulkCompare?.() ?? this.compare);
    } else {
      moved.sort(this.compare);
      const isMoved = new Uint8Array(total);
      for (const slot of moved) isMoved[slot] = 1;
      const kept = this.list.filter((slot) => !isMoved[slot]);
      list = new Int32Array(total);
      let from = 0;
      let to = 0;
      for (const slot of moved) {
        let lo = from;
        let hi = kept.length;
        while (lo < hi) {
          const mid = (lo + hi) >>> 1;
          if (this.compare(kept[mid]!, slot) <= 0) lo = mid + 1;
          else hi = mid;
        }
        list.set(kept.subarray(from, lo), to);
        to += lo - from;
        from = lo;
        list[to++] = slot;
      }
      list.set(kept.subarray(from), to);
    }
    const rank = new Int32Array(total);
    for (let i = 0; i < total; i++) rank[list[i]!] = i;
    this.list = list;
    this.rank = rank;
  }
}
