/**
 * Paces indexing batches while searches are being answered, so that reads keep their speed: a
 * batch waits for its turn when a read came in the last `quietMs`; with no reads about, a batch
 * goes at once. Its body is read only when its turn comes. Turns are `intervalMs` apart, and
 * further apart after a costly batch: the time a batch took on the event loop (`spent`, the
 * engine's work on it) is followed by a pause that leaves the reads `1 − share` of the time.
 *
 * At 20 ms and a share of a tenth: a 10-post batch of short edits (~1 ms of engine work at
 * 50,000 posts) goes at the interval, 50 a second; one rewriting long posts of common words
 * (~2–3 ms) at about 40 a second; a 500-post batch (~100 ms) once a second, not 50 times. Batches
 * go in the order they came.
 */
export interface WritePacer {
  /** A read request arrived or was answered. */
  read(): void;
  /** Resolves when this batch's turn has come. */
  turn(): Promise<void>;
  /** A batch (this process's or another's) took `ms` of the event loop. */
  spent(ms: number): void;
}

export function createWritePacer(
  intervalMs = 20,
  quietMs = 100,
  now: () => number = () => performance.now(),
  /** The share of the time batches may take while reads are answered. */
  share = 0.1,
): WritePacer {
  let lastRead = Number.NEGATIVE_INFINITY;
  /** When the next batch may go while reads are about. */
  let next = Number.NEGATIVE_INFINITY;
  const waiting: (() => void)[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;

  function release(): void {
    timer = undefined;
    while (waiting.length > 0) {
      const at = now();
      if (at - lastRead <= quietMs && at < next) {
        timer = setTimeout(release, next - at);
        return;
      }
      next = at + intervalMs;
      waiting.shift()!();
    }
  }

  return {
    read() {
      lastRead = now();
    },
    turn() {
      return new Promise<void>((resolve) => {
        waiting.push(resolve);
        if (timer === undefined) release();
      });
    },
    spent(ms) {
      if (!(ms > 0)) return;
      next = Math.max(next, now() + (ms * (1 - share)) / share);
    },
  };
}
