/** What `Latest.run()` resolves to: the newest task's value or error, or `stale` when a newer task replaced it. */
export type LatestAnswer<T> = { stale: true } | { stale: false; value: T } | { stale: false; error: unknown };

export interface Latest {
  /**
   * Start `task`, aborting the previous one. Resolves (never rejects) with `{ stale: true }` when a
   * newer `run()` or `cancel()` happened before the task settled, even if the task ignored its signal.
   */
  run<T>(task: (signal: AbortSignal) => Promise<T>): Promise<LatestAnswer<T>>;
  /** Abort the current task (its answer becomes stale). */
  cancel(): void;
}

/**
 * "The newest wins": a tiny helper for any widget that asks the service while the user keeps
 * changing the question (autocomplete, search, related posts). Each `run()` aborts the task
 * before it through its `AbortSignal` and marks it stale, so a late or out-of-order answer is
 * dropped instead of overwriting a newer one. Failure is an answer (`{ error }`), not a throw.
 *
 * ```ts
 * const latest = createLatest();
 * const answer = await latest.run((signal) => client.autocomplete({ q }, { signal }));
 * if (answer.stale) return;             // a newer query is on its way
 * if ('error' in answer) showError(answer.error); else show(answer.value);
 * ```
 */
export function createLatest(): Latest {
  let controller: AbortController | undefined;
  let generation = 0;

  function cancel(): void {
    generation++;
    controller?.abort();
    controller = undefined;
  }

  return {
    cancel,
    async run<T>(task: (signal: AbortSignal) => Promise<T>): Promise<LatestAnswer<T>> {
      cancel();
      const mine = generation;
      const own = (controller = new AbortController());
      let answer: LatestAnswer<T>;
      try {
        answer = { stale: false, value: await task(own.signal) };
      } catch (error) {
        answer = { stale: false, error };
      }
      if (mine !== generation) return { stale: true };
      controller = undefined;
      return answer;
    },
  };
}
