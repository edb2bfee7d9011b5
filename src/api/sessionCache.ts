/** Where a stored copy's keys start in `sessionStorage` (every key with it belongs to this tier). */
export const SESSION_PREFIX = 'trove:copy:';

/** Format of a stored copy; a copy of another format (another Trove version) is foreign and removed. */
const FORMAT = 1;

export interface SessionCacheOptions {
  /** The storage; default `globalThis.sessionStorage` (read on each use; access that throws counts as none). */
  storage?: () => Storage | undefined;
  /** Most characters all copies may take together (keys included); the oldest go first. Default 500 000. */
  maxChars?: number;
  /** Age after which a copy is removed instead of shown. Default 30 minutes. */
  maxAgeMs?: number;
  /** The clock; default `Date.now`. */
  now?: () => number;
}

export interface SessionCopy {
  /** Exactly what the service returned (the envelope's `response`). */
  payload: unknown;
  /** When it was stored (milliseconds since the epoch). */
  storedAt: number;
}

export interface SessionCache {
  /** The copy stored under `key`, or `undefined` (none, corrupt, foreign or older than `maxAgeMs`: those are removed). Never throws. */
  read(key: string): SessionCopy | undefined;
  /** Store `payload` under `key` with the time, making room by removing the oldest copies. Never throws. */
  write(key: string, payload: unknown): void;
  /** Remove one copy. Never throws. */
  remove(key: string): void;
  /** Remove every copy of this tier. Never throws. */
  clear(): void;
}

interface Stored {
  f: number;
  k: string;
  t: number;
  p: unknown;
}

const defaultStorage = (): Storage | undefined => globalThis.sessionStorage;

/** A stored value in our format for exactly `key`, else `undefined`. */
function parse(text: string | null, key: string): Stored | undefined {
  if (text === null) return undefined;
  try {
    const value = JSON.parse(text) as Partial<Stored> | null;
    if (typeof value !== 'object' || value === null || value.f !== FORMAT || value.k !== key) return undefined;
    if (typeof value.t !== 'number' || !Number.isFinite(value.t) || !('p' in value)) return undefined;
    return value as Stored;
  } catch {
    return undefined;
  }
}

/**
 * The session tier of the client's read cache: answers kept in `sessionStorage` (so they survive
 * the page being loaded again, and end with the browser session), each as exactly the service's
 * payload plus the time it was stored, under `trove:copy:` + the caller's key (the request URL
 * without the token). All copies together stay under `maxChars`; corrupt, foreign (another
 * format, another key) and expired copies are ignored and removed. Disabled storage, a full quota
 * or a `SecurityError` only make it forget: nothing here ever throws.
 */
export function sessionCache(options: SessionCacheOptions = {}): SessionCache {
  const { maxChars = 500_000, maxAgeMs = 30 * 60_000, now = Date.now } = options;
  const getStorage = options.storage ?? defaultStorage;

  const storage = (): Storage | undefined => {
    try {
      return getStorage() ?? undefined;
    } catch {
      return undefined;
    }
  };

  /** Every copy of this tier as [storage key, size, stored time]; unreadable ones as time -Infinity (removed first). */
  function entries(store: Storage): { name: string; size: number; t: number }[] {
    const out: { name: string; size: number; t: number }[] = [];
    for (let i = 0; i < store.length; i++) {
      const name = store.key(i);
      if (name === null || !name.startsWith(SESSION_PREFIX)) continue;
      const text = store.getItem(name) ?? '';
      const stored = parse(text, name.slice(SESSION_PREFIX.length));
      out.push({ name, size: name.length + text.length, t: stored ? stored.t : Number.NEGATIVE_INFINITY });
    }
    return out.sort((a, b) => a.t - b.t);
  }

  /** Remove the oldest copies until `needed` more characters fit under `maxChars`. */
  function makeRoom(store: Storage, needed: number, keep: string): void {
    const all = entries(store).filter((entry) => entry.name !== keep);
    let total = all.reduce((sum, entry) => sum + entry.size, 0);
    for (const entry of all) {
      if (total + needed <= maxChars) break;
      store.removeItem(entry.name);
      total -= entry.size;
    }
  }

  const remove = (key: string) => {
    try {
      storage()?.removeItem(SESSION_PREFIX + key);
    } catch {
      // nothing to do
    }
  };

  return {
    read(key) {
      try {
        const store = storage();
        if (!store) return undefined;
        const text = store.getItem(SESSION_PREFIX + key);
        if (text === null) return undefined;
        const stored = parse(text, key);
        const age = stored ? now() - stored.t : Number.NaN;
        // A time in the future (a clock set back) is as untrustworthy as a corrupt copy.
        if (!stored || !(age >= 0) || age > maxAgeMs) {
          store.removeItem(SESSION_PREFIX + key);
          return undefined;
        }
        return { payload: stored.p, storedAt: stored.t };
      } catch {
        return undefined;
      }
    },
    write(key, payload) {
      let store: Storage | undefined;
      const name = SESSION_PREFIX + key;
      try {
        store = storage();
        if (!store) return;
        const text = JSON.stringify({ f: FORMAT, k: key, t: now(), p: payload } satisfies Stored);
        const size = name.length + text.length;
        if (size > maxChars) {
          store.removeItem(name);
          return;
        }
        makeRoom(store, size, name);
        try {
          store.setItem(name, text);
        } catch {
          // The quota is shared with the page: free all our older copies and try once more.
          makeRoom(store, maxChars, name);
          store.setItem(name, text);
        }
      } catch {
        try {
          store?.removeItem(name);
        } catch {
          // storage unusable: the copy is simply not kept
        }
      }
    },
    remove,
    clear() {
      try {
        const store = storage();
        if (!store) return;
        for (const { name } of entries(store)) store.removeItem(name);
      } catch {
        // nothing to do
      }
    },
  };
}
