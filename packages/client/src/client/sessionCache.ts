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
  try {
    const value = JSON.parse(text ?? '') as Partial<Stored> | null;
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

  /** `use(storage)`, or `undefined` when there is no storage or anything throws (disabled, quota, SecurityError). */
  function guard<T>(use: (store: Storage) => T): T | undefined {
    try {
      const store = getStorage();
      return store ? use(store) : undefined;
    } catch {
      return undefined;
    }
  }

  /** Every copy of this tier, oldest first (unreadable ones first of all), with its size in characters. */
  function entries(store: Storage): { name: string; size: number; t: number }[] {
    const out: { name: string; size: number; t: number }[] = [];
    for (let i = 0; i < store.length; i++) {
      const name = store.key(i);
      if (!name?.startsWith(SESSION_PREFIX)) continue;
      const text = store.getItem(name) ?? '';
      out.push({ name, size: name.length + text.length, t: parse(text, name.slice(SESSION_PREFIX.length))?.t ?? -1 });
    }
    return out.sort((a, b) => a.t - b.t);
  }

  /** Remove the oldest copies (not `keep`) until `needed` more characters fit under `maxChars`. */
  function makeRoom(store: Storage, needed: number, keep: string): void {
    const all = entries(store).filter((entry) => entry.name !== keep);
    let total = all.reduce((sum, entry) => sum + entry.size, needed);
    for (const entry of all) {
      if (total <= maxChars) break;
      store.removeItem(entry.name);
      total -= entry.size;
    }
  }

  return {
    read: (key) =>
      guard((store) => {
        const name = SESSION_PREFIX + key;
        const stored = parse(store.getItem(name), key);
        const age = stored ? now() - stored.t : Number.NaN;
        // A time in the future (a clock set back) is as untrustworthy as a corrupt copy.
        if (stored && age >= 0 && age <= maxAgeMs) return { payload: stored.p, storedAt: stored.t };
        store.removeItem(name);
        return undefined;
      }),
    write(key, payload) {
      guard((store) => {
        const name = SESSION_PREFIX + key;
        const text = JSON.stringify({ f: FORMAT, k: key, t: now(), p: payload } satisfies Stored);
        const size = name.length + text.length;
        store.removeItem(name);
        if (size > maxChars) return;
        makeRoom(store, size, name);
        try {
          store.setItem(name, text);
        } catch {
          // The quota is shared with the page: free all our other copies and try once more.
          makeRoom(store, maxChars, name);
          store.setItem(name, text);
        }
      });
    },
    remove(key) {
      guard((store) => store.removeItem(SESSION_PREFIX + key));
    },
    clear() {
      guard((store) => {
        for (const { name } of entries(store)) store.removeItem(name);
      });
    },
  };
}
