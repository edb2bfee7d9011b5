/**
 * Document slots (small integers) kept in one order, with each slot's position in it. Updated
 * in place when documents are added or replaced: the changed slots are taken out, sorted among
 * themselves and put back by binary search, so an upsert of k documents into n costs
 * k·log n comparisons (plus one pass to rebuild the arrays), not a sort of everything; and when
 * no slot was added and every changed slot is still in order with its neighbours (a post indexed
 * again with the same date and title), 2k comparisons and nothing else.
 */
export class SortedSlots {
  /** Slots in order (a view of the first `total` entries of a larger buffer). */
  list: Int32Array = new Int32Array(0);
  /** `rank[slot]` = its position in `list`. */
  rank: Int32Array = new Int32Array(0);
  private buffer = new Int32Array(0);

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
    const size = this.list.length;
    if (changed.length === 0 && total === size) return;
    const moved = Int32Array.from(new Set(changed));
    if (total === size && this.stillSorted(moved)) return;
    if (moved.length * 4 > total) {
      // Many changed: one sort of everything is cheaper than inserting each.
      this.buffer = Int32Array.from({ length: total }, (_, i) => i).sort(this.bulkCompare?.() ?? this.compare);
      this.rank = new Int32Array(total);
      this.list = this.buffer;
      this.renumber(0, total);
      return;
    }
    // A few changed (up to a quarter): edited in place (one pass to take them out, a binary search
    // for each and one pass to put them all back), ranks renumbered from the first position touched.
    if (total > this.buffer.length) {
      const capacity = Math.max(total, this.buffer.length * 2, 16);
      const buffer = new Int32Array(capacity);
      buffer.set(this.buffer.subarray(0, size));
      this.buffer = buffer;
      const rank = new Int32Array(capacity);
      rank.set(this.rank.subarray(0, Math.min(this.rank.length, capacity)));
      this.rank = rank;
    }
    const buffer = this.buffer;
    const isMoved = new Uint8Array(total);
    let from = size;
    for (const slot of moved) {
      isMoved[slot] = 1;
      if (slot < size) from = Math.min(from, this.rank[slot]!);
    }
    let length = from;
    for (let i = from; i < size; i++) {
      const slot = buffer[i]!;
      if (!isMoved[slot]) buffer[length++] = slot;
    }
    moved.sort(this.compare);
    // Where each goes among the others (binary searches, k·log n comparisons), then one pass from
    // the end that moves the others up and drops them in: k moved slots cost one move of the
    // list, not k of them (a start that mends thousands of edited posts).
    const at = new Int32Array(moved.length);
    let lo = 0;
    moved.forEach((slot, i) => {
      let hi = length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (this.compare(buffer[mid]!, slot) <= 0) lo = mid + 1;
        else hi = mid;
      }
      at[i] = lo;
    });
    let src = length - 1;
    let dst = length + moved.length - 1;
    for (let i = moved.length - 1; i >= 0; i--) {
      while (src >= at[i]!) buffer[dst--] = buffer[src--]!;
      buffer[dst--] = moved[i]!;
    }
    const first = moved.length > 0 ? at[0]! : length;
    this.list = buffer.subarray(0, total);
    this.renumber(Math.min(from, first), total);
  }

  /** Whether `list` is an order of slots 0..list.length-1: every slot exactly once. */
  static isOrder(list: Int32Array): boolean {
    const seen = new Uint8Array(list.length);
    for (let i = 0; i < list.length; i++) {
      const slot = list[i]!;
      if (slot < 0 || slot >= list.length || seen[slot]) return false;
      seen[slot] = 1;
    }
    return true;
  }

  /** Takes `list` (a persisted order, checked with `isOrder`) as the order of its slots. */
  restore(list: Int32Array): void {
    this.buffer = Int32Array.from(list);
    this.list = this.buffer;
    this.rank = new Int32Array(list.length);
    this.renumber(0, list.length);
  }

  /**
   * Whether the list is still in order with the changed slots where they are (no slot added): only
   * the neighbours of a changed slot can be out of order, so 2 comparisons per changed slot, not
   * a pass over the list. Re-indexing a post without changing its sort key is the common case.
   */
  private stillSorted(moved: Int32Array): boolean {
    const list = this.list;
    for (const slot of moved) {
      const at = this.rank[slot]!;
      if (at > 0 && this.compare(list[at - 1]!, slot) >= 0) return false;
      if (at < list.length - 1 && this.compare(slot, list[at + 1]!) >= 0) return false;
    }
    return true;
  }

  private renumber(from: number, to: number): void {
    const list = this.list;
    const rank = this.rank;
    for (let i = from; i < to; i++) rank[list[i]!] = i;
  }
}
