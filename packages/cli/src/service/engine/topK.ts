/**
 * The first `k` of `slots` in the order of `compare` (negative: `a` first), without sorting
 * them all: a bounded heap keeps the best `k` seen (m·log k), then only those are sorted. Few
 * slots, or a `k` close to their number, are sorted outright.
 */
export function topK(slots: ArrayLike<number>, k: number, compare: (a: number, b: number) => number): Int32Array {
  const m = slots.length;
  if (k <= 0 || m === 0) return new Int32Array(0);
  if (k * 4 >= m || m <= 256) return Int32Array.from(slots).sort(compare).subarray(0, k);
  // Max-heap by `compare`: the root is the worst of the best k so far.
  const heap = new Int32Array(k);
  let size = 0;
  const worse = (a: number, b: number) => compare(a, b) > 0;
  const up = (i: number) => {
    const x = heap[i]!;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!worse(x, heap[parent]!)) break;
      heap[i] = heap[parent]!;
      i = parent;
    }
    heap[i] = x;
  };
  const down = (i: number) => {
    const x = heap[i]!;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= size) break;
      if (child + 1 < size && worse(heap[child + 1]!, heap[child]!)) child++;
      if (!worse(heap[child]!, x)) break;
      heap[i] = heap[child]!;
      i = child;
    }
    heap[i] = x;
  };
  for (let i = 0; i < m; i++) {
    const slot = slots[i]!;
    if (size < k) {
      heap[size++] = slot;
      up(size - 1);
    } else if (compare(slot, heap[0]!) < 0) {
      heap[0] = slot;
      down(0);
    }
  }
  return heap.sort(compare);
}
