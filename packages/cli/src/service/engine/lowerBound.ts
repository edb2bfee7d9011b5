/** The first position in [from, length) of `sorted` (ascending there) whose value is not below `value`; `length` when none is. */
export function lowerBound(sorted: Int32Array, length: number, value: number, from = 0): number {
  let lo = from;
  let hi = length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
