/** The most recent searches kept per box. */
export const MAX_RECENT_SEARCHES = 5;

export interface RecentSearches {
  /** Newest first, at most `MAX_RECENT_SEARCHES`; `[]` when storage is unavailable. */
  list(): string[];
  /** Put `q` first (a case-insensitive duplicate moves up); returns the new list. */
  add(q: string): string[];
  /** Remove one entry; returns the new list. */
  remove(q: string): string[];
  /** Forget all; returns `[]`. */
  clear(): string[];
}

/**
 * Recent searches in `localStorage` under `key`. Every storage access is guarded: when storage is
 * missing, blocked (privacy modes, sandboxed iframes), full or holds garbage, the list is simply
 * empty and nothing throws. `getStorage` is called lazily (no `window` access at import time).
 */
export function recentSearches(key: string, getStorage: () => Storage | undefined = () => globalThis.localStorage): RecentSearches {
  function read(): string[] {
    try {
      const raw = getStorage()?.getItem(key);
      const parsed: unknown = raw ? JSON.parse(raw) : [];
      return Array.isArray(parsed)
        ? parsed.filter((q): q is string => typeof q === 'string' && q.trim() !== '').slice(0, MAX_RECENT_SEARCHES)
        : [];
    } catch {
      return [];
    }
  }

  function write(list: string[]): string[] {
    try {
      const storage = getStorage();
      if (!storage) return [];
      if (list.length) storage.setItem(key, JSON.stringify(list));
      else storage.removeItem(key);
      return list;
    } catch {
      return [];
    }
  }

  const same = (a: string, b: string) => a.toLocaleLowerCase() === b.toLocaleLowerCase();

  return {
    list: read,
    add(q) {
      const text = q.trim();
      if (!text) return read();
      return write([text, ...read().filter((other) => !same(other, text))].slice(0, MAX_RECENT_SEARCHES));
    },
    remove(q) {
      return write(read().filter((other) => other !== q));
    },
    clear() {
      return write([]);
    },
  };
}
