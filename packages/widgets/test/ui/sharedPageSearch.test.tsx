import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClient } from 'trove-search-client';
import { createPageSearch } from '../../src/core/createPageSearch.ts';
import { SearchBox } from '../../src/ui/searchBox/SearchBox.tsx';
import { SearchResults } from '../../src/ui/searchResults/SearchResults.tsx';

/** The service behind the fetch: search answers with one post and a category and a tag facet; autocomplete with nothing. */
function fakeService() {
  const searches: URL[] = [];
  const suggestions: URL[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL((input instanceof Request ? input : new Request(input, init)).url);
    const search = url.pathname.includes('/search/');
    (search ? searches : suggestions).push(url);
    const response = search
      ? {
          found_documents: 30,
          results: [{ id: '1', title: 'Rye bread', content: 'Bread', url: '/posts/1', date: '2024-01-01T00:00:00.000+0000' }],
          facets: { categories: { buckets: [{ value: 'Recipes', count: 3 }] }, tags: { buckets: [{ value: 'rye', count: 1 }] } },
          spelling: null,
        }
      : { found_documents: 0, results: [], facets: null, spelling: null };
    return new Response(JSON.stringify({ time: 1, code: 200, response }), { headers: { 'content-type': 'application/json' } });
  }) as typeof globalThis.fetch;
  return { fetch, searches, suggestions };
}

const settle = async () => {
  for (let i = 0; i < 4; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};

beforeEach(() => history.replaceState(null, '', '/search'));
afterEach(() => cleanup());

/** A search box (with `scope` as its `filter`, if any) and results on one page search. */
function setup(scope?: string) {
  const net = fakeService();
  const client = createClient({ baseUrl: 'https://s.test', project: 'p', collection: 'c', token: 't', fetch: net.fetch, cache: false });
  const search = createPageSearch();
  const navigate: string[] = [];
  render(
    <div>
      <SearchBox
        client={client}
        search={search}
        filter={scope ? [scope] : undefined}
        debounceMs={0}
        navigate={(url) => navigate.push(url)}
        storage={() => undefined}
      />
      <SearchResults client={client} search={search} urlSync locale="en-US" />
    </div>,
  );
  return { ...net, search, navigate, input: screen.getByRole('combobox') as HTMLInputElement };
}

describe('a search box and results on one page', () => {
  it('share one search: one request per change, no echo between them', async () => {
    const { searches, search, navigate, input } = setup();
    fireEvent.input(input, { target: { value: 'bread' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await settle();
    expect(navigate).toEqual([]);
    expect(searches).toHaveLength(1);
    expect(location.search).toBe('?q=bread');

    fireEvent.click(await screen.findByRole('button', { name: /Recipes/ }));
    await settle();
    expect(searches).toHaveLength(2);
    expect(search.state.value.filters).toEqual(['category:"Recipes"']);
    // The box shows the page search as a chip (beside the results' own), without searching again.
    await waitFor(() => expect(screen.getAllByRole('button', { name: /Remove.*Recipes/ })).toHaveLength(2));
    expect(input.value).toBe('bread');
    expect(searches).toHaveLength(2);
  });

  it('follows Back and Forward: the address decides, once', async () => {
    const { searches, input } = setup();
    fireEvent.input(input, { target: { value: 'bread' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await settle();
    fireEvent.input(input, { target: { value: 'rye' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await settle();
    expect(searches.map((u) => u.searchParams.get('q'))).toEqual(['bread', 'rye']);
    const entries = history.length;

    history.replaceState(null, '', '/search?q=bread');
    dispatchEvent(new PopStateEvent('popstate'));
    await settle();
    expect(searches.map((u) => u.searchParams.get('q'))).toEqual(['bread', 'rye', 'bread']);
    expect(input.value).toBe('bread');
    expect(history.length).toBe(entries); // Back pushed nothing
  });
});

describe("a scoped search box and results on one page: the box's scope", () => {
  const scope = 'category:"Recipes"';
  const activeFilters = () => screen.getByRole('group', { name: 'Active filters' });

  it('is shown as an active filter without a remove button, and is no chip of the box', async () => {
    const { input } = setup(scope);
    fireEvent.input(input, { target: { value: 'bread' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await settle();
    expect(within(activeFilters()).getByText('Category: Recipes')).toBeTruthy();
    expect(screen.queryAllByRole('button', { name: /Remove/ })).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Clear all' })).toBeNull();
    expect(location.search).toBe(`?q=bread&scope=${encodeURIComponent(scope)}`);

    // A filter of the reader's beside it is removable; clearing them all keeps the scope.
    fireEvent.click(screen.getByRole('button', { name: /rye/ }));
    await settle();
    expect(screen.getAllByRole('button', { name: /Remove.*rye/ })).toHaveLength(2);
    expect(screen.queryAllByRole('button', { name: /Remove.*Recipes/ })).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Clear all' }));
    await settle();
    expect(within(activeFilters()).getByText('Category: Recipes')).toBeTruthy();
    expect(screen.queryAllByRole('button', { name: /Remove/ })).toEqual([]);
  });

  it('is sent once with every suggestion request and every search, whatever the reader picks', async () => {
    const { input, searches, suggestions } = setup(scope);
    fireEvent.input(input, { target: { value: 'bread' } });
    await settle();
    fireEvent.keyDown(input, { key: 'Enter' });
    await settle();
    // The scope's own facet bucket (every result is in it) is not offered.
    expect(screen.queryByRole('button', { name: /Recipes/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /rye/ }));
    await settle();
    fireEvent.input(input, { target: { value: 'oats' } });
    await settle();
    fireEvent.keyDown(input, { key: 'Enter' });
    await settle();
    expect(suggestions.length).toBeGreaterThan(0);
    for (const url of suggestions) expect(url.searchParams.getAll('filter').filter((f) => f === scope)).toHaveLength(1);
    expect(searches.map((url) => url.searchParams.getAll('filter'))).toEqual([[scope], [scope, 'tags:"rye"'], [scope, 'tags:"rye"']]);
  });
});
