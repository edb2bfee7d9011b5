import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type GetSessionId = typeof import('../src/getSessionId.ts').getSessionId;

async function freshGetSessionId(): Promise<GetSessionId> {
  vi.resetModules();
  return (await import('../src/getSessionId.ts')).getSessionId;
}

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
  };
}

beforeEach(() => {
  vi.unstubAllGlobals();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('getSessionId()', () => {
  it('creates a random id once and keeps it in sessionStorage under a trove: key', async () => {
    const storage = memoryStorage();
    vi.stubGlobal('sessionStorage', storage);
    const getSessionId = await freshGetSessionId();
    const id = getSessionId();
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(getSessionId()).toBe(id);
    expect(storage.map.get('trove:session')).toBe(id);
  });

  it('reuses the id already stored in this browser session', async () => {
    const storage = memoryStorage();
    storage.map.set('trove:session', 'abc123');
    vi.stubGlobal('sessionStorage', storage);
    expect((await freshGetSessionId())()).toBe('abc123');
  });

  it('gives different ids to different sessions', async () => {
    vi.stubGlobal('sessionStorage', memoryStorage());
    const a = (await freshGetSessionId())();
    vi.stubGlobal('sessionStorage', memoryStorage());
    const b = (await freshGetSessionId())();
    expect(a).not.toBe(b);
  });

  it('falls back to a stable in-memory id when storage is missing', async () => {
    vi.stubGlobal('sessionStorage', undefined);
    const getSessionId = await freshGetSessionId();
    const id = getSessionId();
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(getSessionId()).toBe(id);
  });

  it('falls back to a stable in-memory id when storage throws', async () => {
    vi.stubGlobal('sessionStorage', {
      getItem() {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem() {
        throw new DOMException('denied', 'SecurityError');
      },
    });
    const getSessionId = await freshGetSessionId();
    const id = getSessionId();
    expect(getSessionId()).toBe(id);
  });

  it('keeps the in-memory id when storage starts failing mid-session (quota)', async () => {
    const storage = memoryStorage();
    vi.stubGlobal('sessionStorage', storage);
    const getSessionId = await freshGetSessionId();
    const id = getSessionId();
    vi.stubGlobal('sessionStorage', {
      getItem: () => null,
      setItem() {
        throw new DOMException('full', 'QuotaExceededError');
      },
    });
    expect(getSessionId()).toBe(id);
  });
});

describe('importing src/api', () => {
  it('touches no browser global at import time or when creating a client', async () => {
    const touched: string[] = [];
    const saved = new Map<string, PropertyDescriptor | undefined>();
    for (const name of ['window', 'document', 'navigator', 'sessionStorage', 'localStorage', 'location']) {
      saved.set(name, Object.getOwnPropertyDescriptor(globalThis, name));
      Object.defineProperty(globalThis, name, {
        configurable: true,
        get() {
          touched.push(name);
          return undefined;
        },
      });
    }
    try {
      vi.resetModules();
      const api = await import('../src/createClient.ts');
      api.createClient({ baseUrl: 'https://x.example', project: 'p', collection: 'c', token: 't' });
      expect(touched).toEqual([]);
    } finally {
      for (const [name, descriptor] of saved) {
        if (descriptor) Object.defineProperty(globalThis, name, descriptor);
        else delete (globalThis as Record<string, unknown>)[name];
      }
    }
  });
});
