export interface ResponseCache {
  /**
   * The value for `key`: from the cache while fresh, else from the identical request already in
   * flight, else from `run(signal)`, stored for `ttlMs` once it succeeds (failures are not stored).
   * Aborting `signal` rejects this caller at once with the signal's reason (the platform
   * `AbortError`); the shared request is aborted only when every caller waiting on it aborted.
   */
  load<T>(key: string, ttlMs: number, signal: AbortSignal | undefined, run: (signal: AbortSignal) => Promise<T>): Promise<T>;
  /** The fresh answer stored for `key`, if any (no request, no change of order). */
  peek<T>(key: string): T | undefined;
  /** Store `value` for `key` until the time `expires` (milliseconds since the epoch). */
  set(key: string, value: unknown, expires: number): void;
  /** Forget every stored answer (requests in flight continue). */
  clear(): void;
}

interface Flight {
  promise: Promise<unknown>;
  controller: AbortController;
  waiting: number;
}

/** A bounded LRU of answers with a time to live, plus sharing of identical requests in flight. */
export function responseCache(max = 100): ResponseCache {
  const entries = new Map<string, { value: unknown; expires: number }>();
  const flights = new Map<string, Flight>();

  function store(key: string, value: unknown, expires: number): void {
    if (max <= 0) return;
    entries.delete(key);
    entries.set(key, { value, expires });
    if (entries.size > max) entries.delete(entries.keys().next().value!);
  }

  return {
    load<T>(key: string, ttlMs: number, signal: AbortSignal | undefined, run: (signal: AbortSignal) => Promise<T>): Promise<T> {
      if (signal?.aborted) return Promise.reject(signal.reason);
      const hit = entries.get(key);
      entries.delete(key);
      if (hit && hit.expires > Date.now()) {
        entries.set(key, hit); // most recently used goes last
        return Promise.resolve(hit.value as T);
      }
      let flight = flights.get(key);
      if (!flight) {
        const controller = new AbortController();
        const current: Flight = (flight = { controller, waiting: 0, promise: run(controller.signal) });
        flights.set(key, current);
        const done = () => flights.get(key) === current && flights.delete(key);
        current.promise.then((value) => {
          if (done()) store(key, value, Date.now() + ttlMs);
        }, done);
      }
      const shared = flight;
      shared.waiting++;
      if (!signal) return shared.promise as Promise<T>;
      return new Promise<T>((resolve, reject) => {
        const onAbort = () => {
          reject(signal.reason);
          if (--shared.waiting === 0) {
            if (flights.get(key) === shared) flights.delete(key);
            shared.controller.abort();
          }
        };
        signal.addEventListener('abort', onAbort, { once: true });
        shared.promise.then(resolve as (v: unknown) => void, reject).finally(() => signal.removeEventListener('abort', onAbort));
      });
    },
    peek<T>(key: string): T | undefined {
      const hit = entries.get(key);
      return hit && hit.expires > Date.now() ? (hit.value as T) : undefined;
    },
    set: store,
    clear() {
      entries.clear();
    },
  };
}
