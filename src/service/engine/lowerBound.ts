/** The first position of `sorted` (ascending, its first `length` entries) whose value is not below `value`. */
export function lowerBound(sorted: Int32Array, length: number, value: number): number {
  let lo = 0;
  let hi = length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
