import { describe, expect, it } from 'vitest';
import { connectUrl, type UrlHost } from '../../src/core/connectUrl.ts';
import { createPageSearch } from '../../src/core/createPageSearch.ts';

/** A window with an address, a history that records pushes, and popstate listeners. */
function fakeHost(href: string) {
  const listeners = new Set<() => void>();
  const pushed: string[] = [];
  const host: UrlHost & { location: { href: string } } = {
    location: { href },
    history: {
      state: null,
      pushState(_state, _title, url) {
        pushed.push(String(url));
        host.location.href = String(url);
      },
    },
    addEventListener: (_type, listener) => listeners.add(listener),
    removeEventListener: (_type, listener) => listeners.delete(listener),
  };
  const back = (to: string) => {
    host.location.href = to;
    for (const listener of listeners) listener();
  };
  return { host, pushed, back, listeners };
}

describe('connectUrl', () => {
  it('takes the search the address names, and pushes nothing for it', () => {
    const { host, pushed } = fakeHost('https://blog.test/search?sort=date+asc&page=2&q=rust&utm=x');
    const search = createPageSearch();
    connectUrl(search, host);
    expect(search.state.value).toEqual({ q: 'rust', filters: [], page: 2, sort: 'date asc' });
    expect(pushed).toEqual([]);
  });

  it('keeps a search made before it connected when the address names none, and writes it', () => {
    const { host, pushed } = fakeHost('https://blog.test/search');
    const search = createPageSearch();
    search.set({ q: 'early' });
    connectUrl(search, host);
    expect(search.state.value.q).toBe('early');
    expect(pushed).toEqual(['https://blog.test/search?q=early']);
  });

  it("keeps the search in the page's own parameter when one is named (WordPress's /?s=)", () => {
    const { host, pushed, back } = fakeHost('https://blog.test/?s=bread');
    const search = createPageSearch();
    connectUrl(search, host, 's');
    expect(search.state.value.q).toBe('bread');
    search.set({ q: 'crumb' });
    expect(pushed).toEqual(['https://blog.test/?s=crumb']);
    back('https://blog.test/?s=bread');
    expect(search.state.value.q).toBe('bread');
  });

  it('pushes one history entry per change', () => {
    const { host, pushed } = fakeHost('https://blog.test/search?q=rust');
    const search = createPageSearch();
    connectUrl(search, host);
    search.set({ filters: ['tags:"a"'] });
    search.set({ page: 2 });
    search.set({ page: 2 });
    expect(pushed).toEqual([
      'https://blog.test/search?q=rust&filter=tags%3A%22a%22',
      'https://blog.test/search?q=rust&filter=tags%3A%22a%22&page=2',
    ]);
  });

  it('puts the address back on Back and Forward without pushing', () => {
    const { host, pushed, back } = fakeHost('https://blog.test/search?q=rust');
    const search = createPageSearch();
    connectUrl(search, host);
    search.set({ q: 'go' });
    back('https://blog.test/search?q=rust');
    expect(search.state.value.q).toBe('rust');
    back('https://blog.test/search');
    expect(search.state.value.q).toBe('');
    expect(pushed).toHaveLength(1);
  });

  it('runs one adapter however many views connect, until the last disconnects', () => {
    const { host, pushed, listeners } = fakeHost('https://blog.test/search');
    const search = createPageSearch();
    const one = connectUrl(search, host);
    const two = connectUrl(search, host);
    expect(listeners.size).toBe(1);
    search.set({ q: 'a' });
    expect(pushed).toHaveLength(1);
    one();
    one();
    search.set({ q: 'b' });
    expect(pushed).toHaveLength(2);
    two();
    expect(listeners.size).toBe(0);
    search.set({ q: 'c' });
    expect(pushed).toHaveLength(2);
  });
});
