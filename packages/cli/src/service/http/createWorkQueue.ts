/**
 * Turns for the synchronous part of read requests (the engine's work), so that costly requests
 * cannot hold up cheap ones: each job runs in a macrotask of its own (between two jobs the
 * server reads new requests), and when a turn comes, a waiting light job goes before any heavy
 * one. An ordinary query thus waits for at most one job, not for every hostile query that arrived
 * before it. Jobs of one class keep their order.
 */
export interface WorkQueue {
  run<T>(heavy: boolean, job: () => Promise<T>): Promise<T>;
}

export function createWorkQueue(): WorkQueue {
  const light: (() => void)[] = [];
  const heavy: (() => void)[] = [];
  let scheduled = false;

  function schedule(): void {
    if (scheduled || (light.length === 0 && heavy.length === 0)) return;
    scheduled = true;
    // The next job is picked when its turn comes, after the server has read what arrived meanwhile.
    setImmediate(() => {
      scheduled = false;
      const next = light.shift() ?? heavy.shift();
      next?.();
      schedule();
    });
  }

  return {
    run(isHeavy, job) {
      return new Promise((resolve, reject) => {
        (isHeavy ? heavy : light).push(() => {
          try {
            job().then(resolve, reject);
          } catch (error) {
            reject(error);
          }
        });
        schedule();
      });
    },
  };
}
