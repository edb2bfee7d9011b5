import { cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/createClient.ts';
import { createPageSearch } from '../../src/core/createPageSearch.ts';
import { SearchBox } from '../../src/ui/SearchBox.tsx';
import { SearchResults } from '../../src/ui/SearchResults.tsx';

const scope = 'category:"Recipes"';

/** The service behind the fetch: every search finds one post with a category and a tag facet; autocomplete finds nothing. */
function fakeService() {
  const requests: URL[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL((input instanceof Request ? input : new Request(input, init)).url);
    requests.push(url);
    const response = url.pathname.includes('/search/')
      ? {
          found_documents: 1,
          results: [{ id: '1', title: 'Rye bread', content: 'Bread', url: '/posts/1', date: '2024-01-01T00:00:00.000+0000' }],
          facets: { categories: { buckets: [{ value: 'Recipes', count: 1 }] }, tags: { buckets: [{ value: 'rye', count: 1 }] } },
          spelling: null,
        }
      : { found_documents: 0, results: [], facets: null, spelling: null };
    return new Response(JSON.stringify({ time: 1, code: 200, response }), { headers: { 'content-type': 'application/json' } });
  }) as typeof globalThis.fetch;
  return {
    fetch,
    searches: () => requests.filter((url) => url.pathname.includes('/search/')),
    suggestions: () => requests.filter((url) => url.pathname.includes('/autocomplete/')),
  };
}

const settle = async () => {
  for (let i = 0; i < 4; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};

beforeEach(() => history.replaceState(null, '', '/search'));
afterEach(() => cleanup());

describe("a scoped search box and results on one page: the box's scope", () => {
  function setup() {
    const net = fakeService();
    const client = createClient({ baseUrl: 'https://s.test', project: 'p', collection: 'c', token: 't', fetch: net.fetch, cache: false });
    const search = createPageSearch();
    render(
      <div>
        <SearchBox client={client} search={search} filter={[scope]} debounceMs={0} navigate={() => {}} storage={() => undefined} />
        <SearchResults client={client} search={search} urlSync locale="en-US" />
      </div>,
    );
    return { ...net, search, input: screen.getByRole('combobox') as HTMLInputElement };
  }
  const activeFilters = () => screen.getByRole('group', { name: 'Active filters' });

  it('is shown as an active filter without a remove button, and is no chip of the box', async () => {
    const { input } = setup();
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
    const { input, searches, suggestions } = setup();
    fireEvent.input(input, { target: { value: 'bread' } });
    await settle();
    fireEvent.keyDown(input, { key: 'Enter' });
    await settle();
    // The scope's own facet bucket is pressed and cannot be turned off (nor on a second time).
    const bucket = screen.getByRole('button', { name: /Recipes/, pressed: true });
    expect(bucket.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(bucket);
    fireEvent.click(screen.getByRole('button', { name: /rye/ }));
    await settle();
    fireEvent.input(input, { target: { value: 'oats' } });
    await settle();
    fireEvent.keyDown(input, { key: 'Enter' });
    await settle();
    expect(suggestions().length).toBeGreaterThan(0);
    for (const url of suggestions()) expect(url.searchParams.getAll('filter').filter((f) => f === scope)).toHaveLength(1);
    expect(searches().map((url) => url.searchParams.getAll('filter'))).toEqual([[scope], [scope, 'tags:"rye"'], [scope, 'tags:"rye"']]);
  });
});
