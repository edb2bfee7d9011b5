import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClient } from 'trove-search-client';
import type { ApiVersion } from 'trove-search-client';
import { createPageSearch } from '../../src/core/createPageSearch.ts';
import { SearchResults, type SearchResultsProps } from '../../src/ui/searchResults/SearchResults.tsx';
import { searchResultsMessages } from '../../src/ui/searchResults/searchResultsMessages.ts';
import { translate } from '../../src/ui/translate.ts';

type Reply = { status?: number; body: unknown } | Promise<{ status?: number; body: unknown }>;

/** A `fetch` that records request URLs and answers with `reply(url)`. */
function fakeFetch(reply: (url: URL) => Reply) {
  const urls: URL[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    urls.push(url);
    const { status = 200, body } = await reply(url);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof globalThis.fetch;
  return { fetch, urls };
}

const ok = (response: object) => ({ body: { time: 1, code: 200, response } });

function post(id: number, over: object = {}) {
  return {
    id: String(id),
    title: `Learning Rust part ${id}`,
    content: `Intro text. ${'Filler words here. '.repeat(20)}Here Rust shows its ownership model. ${'More words. '.repeat(20)}`,
    url: `/posts/${id}/learning-rust`,
    date: '2024-05-06T00:00:00.000+0000',
    image: `/img/${id}.svg`,
    categories: ['Programming', 'News'],
    ...over,
  };
}

const facets = {
  count: 3,
  categories: {
    buckets: [
      { value: 'News', count: 12 },
      { value: 'Programming', count: 7 },
    ],
  },
  tags: { buckets: Array.from({ length: 12 }, (_, i) => ({ value: `tag${i}`, count: 20 - i })) },
  authors: { buckets: [{ value: 'Ada Lovelace', count: 3 }] },
  year: {
    buckets: [
      { value: 2022, count: 11 },
      { value: 2024, count: 9 },
      { value: 2023, count: 4 },
    ],
  },
};

function searchReply(url: URL): Reply {
  const q = url.searchParams.get('q') ?? '';
  if (q === 'nothing') return ok({ found_documents: 0, results: [], facets: null, spelling: null });
  const skip = Number(url.searchParams.get('skip'));
  return ok({ found_documents: 128, results: [post(skip + 1), post(skip + 2)], facets, spelling: null });
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function setup(props: Partial<SearchResultsProps> = {}, reply: (url: URL) => Reply = searchReply, apiVersion: ApiVersion = 'v2') {
  const net = fakeFetch(reply);
  const client = createClient({
    baseUrl: 'https://search.example',
    project: 'demo',
    collection: 'blog',
    token: 'tok',
    apiVersion,
    fetch: net.fetch,
    cache: false,
  });
  const link = createPageSearch();
  const events = { results: [] as unknown[], errors: [] as Error[] };
  const view = render(
    <SearchResults
      client={client}
      urlSync={false}
      search={link}
      locale="en-US"
      onResults={(r) => events.results.push(r)}
      onError={(e) => events.errors.push(e)}
      {...props}
    />,
  );
  return { ...net, link, events, view };
}

/** Seed the search through the page link, as a search box would. */
async function searchFor(link: ReturnType<typeof createPageSearch>, q: string, filters: string[] = []) {
  link.set({ page: 1, sort: '', ...{ q, filters } });
  await flush();
  await flush();
}

afterEach(() => cleanup());

describe('SearchResults', () => {
  it('shows a prompt and sends nothing without a query or filter', async () => {
    const { urls } = setup();
    await flush();
    expect(screen.getByText(/Type what you are looking for/)).toBeTruthy();
    expect(urls).toHaveLength(0);
  });

  it('shows the count with locale number formatting and plural forms', async () => {
    const { link } = setup();
    await searchFor(link, 'rust');
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('128 results for “rust”');
    cleanup();
    const one = setup({}, () => ok({ found_documents: 1, results: [post(1)], facets: null, spelling: null }));
    await searchFor(one.link, 'rust');
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('1 result for “rust”');
    cleanup();
    const many = setup({}, () => ok({ found_documents: 12345, results: [post(1)], facets: null, spelling: null }));
    await searchFor(many.link, 'rust');
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('12,345 results for “rust”');
  });

  it('announces the count in a polite status region', async () => {
    const { link } = setup();
    await searchFor(link, 'rust');
    const status = screen.getByRole('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(status.textContent).toBe('128 results for “rust”. Page 1 of 13');
  });

  it('renders each result: title link, date in the locale, categories, highlighted snippet, lazy image', async () => {
    const { link, view } = setup();
    await searchFor(link, 'rust');
    const items = view.container.querySelectorAll('[part~="result"]');
    expect(items).toHaveLength(2);
    const first = items[0] as HTMLElement;
    const title = within(first).getByRole('link');
    expect(title.getAttribute('href')).toBe('/posts/1/learning-rust');
    expect(title.textContent).toBe('Learning Rust part 1');
    expect(title.querySelector('mark')?.textContent).toBe('Rust');
    expect(first.querySelector('time')?.textContent).toBe('May 6, 2024');
    expect(first.querySelector('time')?.getAttribute('datetime')).toBe('2024-05-06');
    expect([...first.querySelectorAll('[part~="result-category"]')].map((c) => c.textContent)).toEqual(['Programming', 'News']);
    const snippet = first.querySelector('[part~="result-snippet"]') as HTMLElement;
    expect(snippet.textContent).toContain('Rust shows its ownership model');
    expect(snippet.textContent?.startsWith('…')).toBe(true);
    expect(snippet.querySelector('mark')?.textContent).toBe('Rust');
    const image = first.querySelector('img') as HTMLImageElement;
    expect(image.getAttribute('src')).toBe('/img/1.svg');
    expect(image.getAttribute('width')).toBe('112');
    expect(image.getAttribute('height')).toBe('84');
    expect(image.getAttribute('loading')).toBe('lazy');
    expect(image.getAttribute('alt')).toBe('');
  });

  it("sets a post's title and snippet in their own direction (an English post on an Arabic page), not the page's", async () => {
    const { link, view } = setup();
    await searchFor(link, 'rust');
    const first = view.container.querySelector('[part~="result"]')!;
    expect(first.querySelector('[part~="result-title"]')!.getAttribute('dir')).toBe('auto');
    expect(first.querySelector('[part~="result-snippet"]')!.getAttribute('dir')).toBe('auto');
  });

  it('hides an image that fails to load', async () => {
    const { link, view } = setup();
    await searchFor(link, 'rust');
    const image = view.container.querySelector('img') as HTMLImageElement;
    fireEvent.error(image);
    await flush();
    expect(view.container.querySelectorAll('img')).toHaveLength(1);
  });

  it('renders hostile titles and content as text, and an unsafe url as no link', async () => {
    const hostile = '<img src=x onerror="window.pwned=1">Rust';
    const { link, view } = setup({}, () =>
      ok({
        found_documents: 1,
        results: [
          post(1, {
            title: hostile,
            content: `<script>alert(1)</script> ${hostile}`,
            url: 'javascript:alert(1)',
            image: 'javascript:alert(2)',
          }),
        ],
        facets: null,
        spelling: null,
      }),
    );
    await searchFor(link, 'rust');
    const item = view.container.querySelector('[part~="result"]') as HTMLElement;
    expect(item.querySelector('[part~="result-title"]')?.textContent).toBe(hostile);
    expect(item.querySelector('a')).toBeNull();
    expect(item.querySelector('img')).toBeNull();
    expect(item.querySelector('script')).toBeNull();
    expect(item.querySelector('[part~="result-snippet"]')?.textContent).toContain('<script>alert(1)</script>');
  });

  it('shows facet buckets as toggle chips with counts, and toggling one narrows the search', async () => {
    const { link, urls } = setup();
    await searchFor(link, 'rust');
    const news = screen.getByRole('button', { name: /^News\s*12$/ });
    expect(news.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(news);
    await flush();
    await flush();
    const last = urls[urls.length - 1];
    expect(last.searchParams.getAll('filter')).toEqual(['category:"News"']);
    expect(last.searchParams.get('skip')).toBe('0');
    expect(screen.getByRole('button', { name: /^News\s*12$/ }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: /^2024\s*9$/ }));
    await flush();
    await flush();
    expect(urls[urls.length - 1].searchParams.getAll('filter')).toEqual(['category:"News"', 'year:"2024"']);
  });

  it('lists years newest first and other groups in the service order', async () => {
    const { link, view } = setup({ facets: 'year categories' });
    await searchFor(link, 'rust');
    const values = (group: number) =>
      [...view.container.querySelectorAll(`[part~="facet-group"]:nth-of-type(${group}) .facet-value`)].map((v) => v.textContent);
    expect(values(1)).toEqual(['2024', '2023', '2022']);
    expect(values(2)).toEqual(['News', 'Programming']);
  });

  it('collapses a long facet group behind "show more"', async () => {
    const { link, view } = setup();
    await searchFor(link, 'rust');
    const group = view.container.querySelector('[part~="facet-group"]:nth-of-type(2)') as HTMLElement;
    expect(group.querySelector('h3')?.textContent).toBe('Tags');
    expect(group.querySelectorAll('[part~="facet-chip"]')).toHaveLength(6);
    const more = within(group).getByRole('button', { name: 'Show 6 more' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(more);
    await flush();
    expect(group.querySelectorAll('[part~="facet-chip"]')).toHaveLength(12);
    expect(within(group).getByRole('button', { name: 'Show less' }).getAttribute('aria-expanded')).toBe('true');
  });

  it('shows only the facet groups asked for, in that order', async () => {
    const { link, view } = setup({ facets: 'year, categories bogus' });
    await searchFor(link, 'rust');
    expect([...view.container.querySelectorAll('[part~="facet-heading"]')].map((h) => h.textContent)).toEqual(['Year', 'Categories']);
  });

  it('shows active filters as removable chips with "clear all"', async () => {
    const { link, urls } = setup();
    await searchFor(link, 'rust', ['category:"News"', 'author:"Ada \\"A\\" L"', 'weird']);
    const group = screen.getByRole('group', { name: 'Active filters' });
    expect([...group.querySelectorAll('[part~="active-filter"] > span')].map((s) => s.textContent)).toEqual([
      'Category: News',
      'Author: Ada "A" L',
      'weird',
    ]);
    fireEvent.click(within(group).getByRole('button', { name: 'Remove filter Category: News' }));
    await flush();
    await flush();
    expect(urls[urls.length - 1].searchParams.getAll('filter')).toEqual(['author:"Ada \\"A\\" L"', 'weird']);
    expect(link.state.value.filters).toEqual(['author:"Ada \\"A\\" L"', 'weird']);
    // Focus went to the chip that took the removed one's place.
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Remove filter Author: Ada "A" L');
    fireEvent.click(within(group).getByRole('button', { name: 'Clear all' }));
    await flush();
    await flush();
    expect(urls[urls.length - 1].searchParams.has('filter')).toBe(false);
    expect(screen.queryByRole('group', { name: 'Active filters' })).toBeNull();
  });

  it('pages with previous/next and numbers, marks the current page and focuses the heading after', async () => {
    const { link, urls } = setup();
    await searchFor(link, 'rust');
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(nav).getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
    expect((within(nav).getByRole('button', { name: /Previous/ }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(nav).getByRole('button', { name: 'Page 13' })).toBeTruthy();
    expect(nav.textContent).toContain('…');
    fireEvent.click(within(nav).getByRole('button', { name: /Next/ }));
    await flush();
    await flush();
    expect(urls[urls.length - 1].searchParams.get('skip')).toBe('10');
    const heading = screen.getByRole('heading', { level: 2 });
    expect(heading.getAttribute('tabindex')).toBe('-1');
    await waitFor(() => expect(document.activeElement).toBe(heading));
    fireEvent.click(within(screen.getByRole('navigation')).getByRole('button', { name: 'Page 13' }));
    await flush();
    await flush();
    expect(urls[urls.length - 1].searchParams.get('skip')).toBe('120');
    const last = screen.getByRole('navigation');
    expect(within(last).getByRole('button', { name: 'Page 13' }).getAttribute('aria-current')).toBe('page');
    expect((within(last).getByRole('button', { name: /Next/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('numbers the results across pages', async () => {
    const { link, view } = setup({ limit: 5 });
    await searchFor(link, 'rust');
    fireEvent.click(screen.getByRole('button', { name: /Next/ }));
    await flush();
    await flush();
    expect(view.container.querySelector('ol')?.getAttribute('start')).toBe('6');
  });

  it('has no pagination when everything fits on one page', async () => {
    const { link } = setup({}, () => ok({ found_documents: 2, results: [post(1), post(2)], facets: null, spelling: null }));
    await searchFor(link, 'rust');
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('sorts with the options of sort-options in v2', async () => {
    const { link, urls } = setup({ sortOptions: 'date desc:Newest, date asc:Oldest' });
    await searchFor(link, 'rust');
    const select = screen.getByRole('combobox', { name: 'Sort by' }) as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(['Relevance', 'Newest', 'Oldest']);
    fireEvent.change(select, { target: { value: 'date asc' } });
    await flush();
    await flush();
    expect(urls[urls.length - 1].searchParams.get('sort')).toBe('date asc');
  });

  it('names the date orders of sort-options that have no label of their own, in the texts given', async () => {
    const { link } = setup({
      sortOptions: 'date desc, date asc, title asc',
      t: (key) => ({ sortNewest: 'Plus récents', sortOldest: 'Plus anciens' })[key] ?? translate(searchResultsMessages, key),
    });
    await searchFor(link, 'rust');
    const select = screen.getByRole('combobox', { name: 'Sort by' }) as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(['Relevance', 'Plus récents', 'Plus anciens', 'title asc']);
  });

  it('shows a sort from the URL that is not among the options as it is', async () => {
    history.replaceState(null, '', '/search?q=rust&sort=title+asc');
    const { urls } = setup({ urlSync: true, sortOptions: 'date desc:Newest' });
    await flush();
    await flush();
    expect(urls[0].searchParams.get('sort')).toBe('title asc');
    const select = screen.getByRole('combobox', { name: 'Sort by' }) as HTMLSelectElement;
    expect(select.value).toBe('title asc');
    expect([...select.options].map((o) => o.textContent)).toEqual(['Relevance', 'Newest', 'title asc']);
    history.replaceState(null, '', '/');
  });

  it('hides the sort select in v1', async () => {
    const { link, urls } = setup({ sortOptions: 'date desc:Newest' }, searchReply, 'v1');
    await searchFor(link, 'rust');
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(urls[0].pathname).toBe('/api/v1/demo/collections/blog/search/default');
  });

  it('toggles facets with the v1 field names in v1', async () => {
    const { link, urls } = setup({}, searchReply, 'v1');
    await searchFor(link, 'rust');
    fireEvent.click(screen.getByRole('button', { name: /^News\s*12$/ }));
    await flush();
    await flush();
    expect(urls[urls.length - 1].searchParams.getAll('filter')).toEqual(['category_sa:"News"']);
    expect(screen.getByRole('group', { name: 'Active filters' }).textContent).toContain('Category: News');
  });

  it('offers "did you mean" as a button that searches for it', async () => {
    const { link, urls } = setup({}, (url) =>
      url.searchParams.get('q') === 'rsut'
        ? ok({ found_documents: 0, results: [], facets: null, spelling: { suggestion: 'rust' } })
        : searchReply(url),
    );
    await searchFor(link, 'rsut');
    expect(screen.getByText(/Did you mean/).textContent).toBe('Did you mean rust?');
    fireEvent.click(screen.getByRole('button', { name: 'rust' }));
    await flush();
    await flush();
    expect(urls[urls.length - 1].searchParams.get('q')).toBe('rust');
    expect(link.state.value.q).toBe('rust');
  });

  it('shows a skeleton and aria-busy while loading', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { link, view } = setup({}, async (url) => {
      await gate;
      return searchReply(url);
    });
    await searchFor(link, 'rust');
    expect(view.container.querySelector('[aria-busy="true"]')).toBeTruthy();
    expect(view.container.querySelector('[part~="skeleton"]')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Searching…');
    release();
    await flush();
    await flush();
    expect(view.container.querySelector('[aria-busy="true"]')).toBeNull();
    expect(view.container.querySelector('[part~="skeleton"]')).toBeNull();
  });

  it('shows an empty state, with a way to clear filters when some are active', async () => {
    const { link, urls } = setup();
    await searchFor(link, 'nothing');
    expect(screen.getByText('No results for “nothing”')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
    await searchFor(link, 'nothing', ['category:"News"']);
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await flush();
    await flush();
    expect(urls[urls.length - 1].searchParams.has('filter')).toBe(false);
  });

  it('shows an error with a retry button, reports it, and recovers', async () => {
    let fail = true;
    const { link, urls, events } = setup({}, (url) => (fail ? { status: 500, body: { error: 'down' } } : searchReply(url)));
    await searchFor(link, 'rust');
    expect(screen.getByRole('alert').textContent).toContain('Search failed');
    expect(events.errors).toHaveLength(1);
    expect(events.errors[0].name).toBe('ApiError');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await flush();
    await flush();
    expect(urls).toHaveLength(2);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('128 results for “rust”');
    expect(events.results).toHaveLength(1);
  });

  it('follows the page link both ways without loops', async () => {
    const { link, urls, view } = setup();
    await searchFor(link, 'rust', ['tags:"tag1"']);
    expect(urls).toHaveLength(1);
    expect(urls[0].searchParams.getAll('filter')).toEqual(['tags:"tag1"']);
    fireEvent.click(screen.getByRole('button', { name: /^News\s*12$/ }));
    await flush();
    await flush();
    expect(link.state.value).toMatchObject({ q: 'rust', filters: ['tags:"tag1"', 'category:"News"'] });
    expect(urls).toHaveLength(2);
    expect(link.resultsMounted.value).toBe(1);
    view.unmount();
    await waitFor(() => expect(link.resultsMounted.value).toBe(0));
  });

  it('uses translated texts', async () => {
    const messages = { ...searchResultsMessages, count_one: '{count} Treffer für „{q}“', count_other: '{count} Treffer für „{q}“' };
    const { link } = setup({ t: (key, vars) => translate(messages, key, vars, 'de'), locale: 'de' }, () =>
      ok({ found_documents: 12345, results: [post(1)], facets: null, spelling: null }),
    );
    await searchFor(link, 'rust');
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('12.345 Treffer für „rust“');
    expect(screen.getByRole('link').closest('li')?.querySelector('time')?.textContent).toBe('06.05.2024');
  });
});

describe('SearchResults with URL sync', () => {
  beforeEach(() => history.replaceState(null, '', '/search'));

  it('starts from the page URL', async () => {
    history.replaceState(null, '', '/search?q=rust&filter=category%3A%22News%22&page=2&sort=date+asc&utm=x');
    const { urls, link } = setup({ urlSync: true, sortOptions: 'date asc:Oldest' });
    await flush();
    await flush();
    expect(urls[0].searchParams.get('q')).toBe('rust');
    expect(urls[0].searchParams.getAll('filter')).toEqual(['category:"News"']);
    expect(urls[0].searchParams.get('skip')).toBe('10');
    expect(urls[0].searchParams.get('sort')).toBe('date asc');
    expect(link.state.value).toMatchObject({ q: 'rust', filters: ['category:"News"'] });
    expect(location.search).toBe('?q=rust&filter=category%3A%22News%22&page=2&sort=date+asc&utm=x');
  });

  it('pushes a history entry per change and restores the state on popstate', async () => {
    const { link, urls } = setup({ urlSync: true });
    const before = history.length;
    await searchFor(link, 'rust');
    expect(location.search).toBe('?q=rust');
    fireEvent.click(screen.getByRole('button', { name: /Next/ }));
    await flush();
    await flush();
    expect(location.search).toBe('?q=rust&page=2');
    expect(history.length).toBe(before + 2);
    history.replaceState(null, '', '/search?q=rust');
    dispatchEvent(new PopStateEvent('popstate'));
    await flush();
    await flush();
    expect(urls[urls.length - 1].searchParams.get('skip')).toBe('0');
    expect(history.length).toBe(before + 2);
    expect(location.search).toBe('?q=rust');
  });

  it('leaves the URL alone with urlSync off', async () => {
    const { link } = setup({ urlSync: false });
    await searchFor(link, 'rust');
    expect(location.search).toBe('');
  });
});
