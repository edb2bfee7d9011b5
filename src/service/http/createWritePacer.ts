/**
 * Paces indexing batches while searches are being answered, so that reads keep their speed: a
 * batch waits for its turn, `intervalMs` after the previous one, when a read came in the last
 * `quietMs`; with no reads about, a batch goes at once. Its body is read only when its turn
 * comes. At 20 ms, a process answering searches takes at most 50 batches a second, about a tenth
 * of its time (a 10-post batch costs the event loop ~1.5–2 ms at 50,000 posts, HTTP included);
 * a batch waits at most one interval for each batch ahead of it.
 */
export interface WritePacer {
  /** A read request arrived or was answered. */
  read(): void;
  /** Resolves when this batch's turn has come. */
  turn(): Promise<void>;
}

export function createWritePacer(intervalMs = 20, quietMs = 100, now: () => number = () => performance.now()): WritePacer {
  let lastRead = Number.NEGATIVE_INFINITY;
  let next = Number.NEGATIVE_INFINITY;
  return {
    read() {
      lastRead = now();
    },
    turn() {
      const at = now();
      const due = at - lastRead > quietMs ? at : Math.max(at, next);
      next = due + intervalMs;
      return due <= at ? Promise.resolve() : new Promise((resolve) => setTimeout(resolve, due - at));
    },
  };
}
