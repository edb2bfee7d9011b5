import { cleanup, fireEvent, render } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createClient } from 'trove-search-client';
import { createPageSearch } from '../../src/core/createPageSearch.ts';
import { peekReturn } from '../../src/ui/searchResults/peekReturn.ts';
import { rememberReturn } from '../../src/ui/searchResults/rememberReturn.ts';
import { SearchResults } from '../../src/ui/searchResults/SearchResults.tsx';
import { takeReturn } from '../../src/ui/searchResults/takeReturn.ts';
import { memoryStorage } from '../../../../test/memoryStorage.ts';

const post = (id: number) => ({
  id: String(id),
  title: `Bread ${id}`,
  content: 'Crust and crumb.',
  url: `/posts/${id}/bread`,
  date: '2024-05-06T00:00:00.000+0000',
});

/** A page load: a new client on the session's storage; the network faked at `fetch` (answering page 2 of 30). */
function pageLoad(storage: Storage) {
  const requests: URL[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(new Request(input, init).url);
    requests.push(url);
    const skip = Number(url.searchParams.get('skip') ?? 0);
    const response = {
      found_documents: 30,
      results: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((i) => post(skip + i + 1)),
      facets: null,
      spelling: null,
    };
    return new Response(JSON.stringify({ time: 1, code: 200, response }), { headers: { 'content-type': 'application/json' } });
  }) as typeof globalThis.fetch;
  const client = createClient({
    baseUrl: 'https://search.example',
    project: 'demo',
    collection: 'blog',
    token: 'tok',
    sessionId: 's1',
    fetch,
    cache: { session: { storage: () => storage } },
  });
  return { client, requests };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const links = (container: Element) => [...container.querySelectorAll<HTMLAnchorElement>('[part~="result-link"]')];
/** Clicks on links go nowhere in these tests (the page must stay). */
const stay = (event: Event) => event.preventDefault();

beforeEach(() => {
  history.replaceState(null, '', '/search?q=bread&page=2');
  document.addEventListener('click', stay);
});
afterEach(() => {
  cleanup();
  document.removeEventListener('click', stay);
  vi.restoreAllMocks();
  history.replaceState(null, '', '/');
});

describe('opening a result', () => {
  it('remembers the scroll position, the result and a keyboard visit in the history entry', async () => {
    history.replaceState({ app: 'own' }, '', location.href);
    const { container } = render(<SearchResults client={pageLoad(memoryStorage()).client} search={createPageSearch()} />);
    await flush();
    await flush();
    window.scrollTo(0, 670);
    const seventh = links(container)[6]!;
    fireEvent.click(seventh, { detail: 0 });
    expect(history.state).toEqual({
      app: 'own',
      troveReturn: { x: window.scrollX, y: window.scrollY, position: 17, href: '/posts/17/bread', keyboard: true },
    });
    fireEvent.click(links(container)[2]!, { detail: 1 });
    expect(history.state.troveReturn).toMatchObject({ position: 13, href: '/posts/13/bread', keyboard: false });
  });

  it('counts Firefox’s click from Enter (a click count of 1, but no pointer type) as a keyboard visit, a mouse’s as none', async () => {
    const { container } = render(<SearchResults client={pageLoad(memoryStorage()).client} search={createPageSearch()} />);
    await flush();
    await flush();
    const click = (pointerType: string) =>
      new PointerEvent('click', { bubbles: true, cancelable: true, composed: true, detail: 1, pointerType });
    fireEvent(links(container)[6]!, click(''));
    expect(history.state.troveReturn).toMatchObject({ position: 17, keyboard: true });
    fireEvent(links(container)[2]!, click('mouse'));
    expect(history.state.troveReturn).toMatchObject({ position: 13, keyboard: false });
  });

  it('remembers nothing with urlSync off, or for a click that opens another tab', async () => {
    const { container, rerender } = render(
      <SearchResults client={pageLoad(memoryStorage()).client} search={createPageSearch()} urlSync={false} />,
    );
    const search = createPageSearch();
    search.set({ q: 'bread' });
    rerender(<SearchResults client={pageLoad(memoryStorage()).client} search={search} urlSync={false} />);
    await flush();
    await flush();
    fireEvent.click(links(container)[0]!, { detail: 1 });
    expect(history.state).toBeNull();
    cleanup();
    const shown = render(<SearchResults client={pageLoad(memoryStorage()).client} search={createPageSearch()} />);
    await flush();
    await flush();
    fireEvent.click(links(shown.container)[0]!, { detail: 1, ctrlKey: true });
    expect(history.state).toBeNull();
  });
});

describe('coming back', () => {
  async function visitedBefore(storage: Storage) {
    const first = render(<SearchResults client={pageLoad(storage).client} search={createPageSearch()} />);
    await flush();
    await flush();
    first.unmount();
  }

  it('restores the scroll and focuses the link in the first render when the answer is held', async () => {
    const storage = memoryStorage();
    await visitedBefore(storage);
    history.replaceState({ troveReturn: { x: 0, y: 670, position: 17, href: '/posts/17/bread', keyboard: true } }, '', location.href);
    window.scrollTo(0, 0);
    const scrollTo = vi.spyOn(window, 'scrollTo');
    const again = pageLoad(storage);
    const { container } = render(<SearchResults client={again.client} search={createPageSearch()} />);
    // Synchronously: the results are there and the reader is back where they were.
    expect(links(container)).toHaveLength(10);
    expect(scrollTo).toHaveBeenCalledWith(0, 670);
    expect(container.ownerDocument.activeElement).toBe(links(container)[6]);
    expect(history.state).toEqual({});
    await flush();
    expect(again.requests).toHaveLength(0);
  });

  it('does not focus the link after a mouse visit, and restores once the answer arrives when none was held', async () => {
    history.replaceState({ troveReturn: { x: 0, y: 420, position: 12, href: '/posts/12/bread', keyboard: false } }, '', location.href);
    const scrollTo = vi.spyOn(window, 'scrollTo');
    const { container } = render(<SearchResults client={pageLoad(memoryStorage()).client} search={createPageSearch()} />);
    expect(scrollTo).not.toHaveBeenCalled();
    await flush();
    await flush();
    expect(scrollTo).toHaveBeenCalledWith(0, 420);
    expect(container.ownerDocument.activeElement).not.toBe(links(container)[1]);
  });

  it('does the same when the page comes back whole from the back/forward cache', async () => {
    const { container } = render(<SearchResults client={pageLoad(memoryStorage()).client} search={createPageSearch()} />);
    await flush();
    await flush();
    history.replaceState({ troveReturn: { x: 0, y: 300, position: 15, href: '/posts/15/bread', keyboard: true } }, '', location.href);
    window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: false }));
    expect(container.ownerDocument.activeElement).not.toBe(links(container)[4]);
    window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));
    expect(container.ownerDocument.activeElement).toBe(links(container)[4]);
    expect(history.state).toEqual({});
  });

  it('ignores the record with urlSync off', async () => {
    const storage = memoryStorage();
    await visitedBefore(storage);
    history.replaceState({ troveReturn: { x: 0, y: 670, position: 17, href: '/posts/17/bread', keyboard: true } }, '', location.href);
    const scrollTo = vi.spyOn(window, 'scrollTo');
    const search = createPageSearch();
    search.set({ q: 'bread', page: 2 });
    render(<SearchResults client={pageLoad(storage).client} search={search} urlSync={false} />);
    await flush();
    expect(scrollTo).not.toHaveBeenCalled();
    expect(history.state.troveReturn).toBeDefined();
  });
});

describe('the history record', () => {
  it('leaves a page state that is not an object alone', () => {
    history.replaceState('router-state', '', location.href);
    rememberReturn({ x: 0, y: 1, position: 1, href: '/a', keyboard: false });
    expect(history.state).toBe('router-state');
    expect(takeReturn()).toBeUndefined();
    expect(history.state).toBe('router-state');
  });

  it('drops a malformed record', () => {
    history.replaceState({ troveReturn: { y: 'far', href: 3 }, app: 1 }, '', location.href);
    expect(takeReturn()).toBeUndefined();
    expect(history.state).toEqual({ app: 1 });
  });

  it('keeps whether the Filters panel was open, which the first render reads without taking the record', () => {
    history.replaceState(null, '', location.href);
    rememberReturn({ x: 0, y: 1, position: 2, href: '/a', keyboard: false, filtersOpen: true });
    expect(peekReturn()).toMatchObject({ position: 2, filtersOpen: true });
    expect(takeReturn()).toMatchObject({ position: 2, filtersOpen: true });
    expect(peekReturn()).toBeUndefined();
    history.replaceState({ troveReturn: { x: 0, y: 1, position: 2, href: '/a', filtersOpen: 'yes' } }, '', location.href);
    expect(peekReturn()?.filtersOpen).toBe(false);
  });
});
