/** The gaps between keys remembered (the last ones of the current burst). */
const BURST_GAPS = 4;

/**
 * How long after a key to wait before asking for suggestions: the debounce (100 ms by default),
 * or less once the reader's own rhythm shows they have stopped. From the third gap of a burst of
 * keys (each gap under the debounce), the wait is 1.5× the median of the last four gaps, at least
 * 50 ms: keys typed every 40 ms are answered 60 ms after the last one instead of 100, still with
 * one request for the whole burst. A slower typist waits the debounce, as before.
 */
export function createKeyRhythm(now: () => number = Date.now) {
  let last = Number.NEGATIVE_INFINITY;
  let gaps: number[] = [];
  return {
    /** A key was typed: how long to wait before asking. */
    key(debounceMs: number): number {
      const at = now();
      const gap = at - last;
      last = at;
      gaps = gap < debounceMs ? [...gaps, gap].slice(-BURST_GAPS) : [];
      if (gaps.length < 3) return debounceMs;
      const median = [...gaps].sort((a, b) => a - b)[gaps.length >> 1];
      return Math.min(debounceMs, Math.max(50, Math.round(1.5 * median)));
    },
  };
}
