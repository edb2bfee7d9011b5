import { waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configured, scriptConfig } from '../../src/elements/configure.ts';
import { defineElement } from '../../src/elements/defineElement.ts';
import { TroveSearchResults } from '../../src/elements/TroveSearchResults.ts';
import { pageSearch as searchLink } from '../../src/core/pageSearch.ts';

defineElement('trove-search-results', TroveSearchResults);

const urls: URL[] = [];
let reply: (url: URL) => { status: number; body: unknown } = () => ({ status: 200, body: {} });

const page = (found: number) => ({
  status: 200,
  body: {
    time: 1,
    code: 200,
    response: {
      found_documents: found,
      results: Array.from({ length: Math.min(found, 2) }, (_, i) => ({
        id: String(i + 1),
        title: `Post ${i + 1}`,
        content: 'About rust.',
        url: `/p/${i + 1}`,
        date: '2024-01-02T00:00:00.000+0000',
      })),
      facets: { categories: { buckets: [{ value: 'News', count: 3 }] } },
      spelling: null,
    },
  },
});

let token = 0;
/** A fresh token per test: clients (and their caches) are shared per setting on a page. */
function mount(attrs = '') {
  token++;
  document.body.innerHTML = `<trove-search-results base-url="https://search.example" project="demo" collection="blog" token="t${token}" ${attrs}></trove-search-results>`;
  return document.querySelector('trove-search-results') as TroveSearchResults;
}
const shadow = (el: Element) => el.shadowRoot as ShadowRoot;

beforeEach(() => {
  configured.value = {};
  scriptConfig.value = {};
  urls.length = 0;
  history.replaceState(null, '', '/search');
  searchLink.set({ page: 1, sort: '', ...{ q: '', filters: [] } });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    urls.push(url);
    void init;
    const { status, body } = reply(url);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
});

afterEach(async () => {
  document.body.innerHTML = '';
  // Preact runs effect cleanups of an unmounted tree a moment later.
  await waitFor(() => expect(searchLink.resultsMounted.value).toBe(0));
  vi.unstubAllGlobals();
});

describe('<trove-search-results>', () => {
  it('searches for the q of the page URL and sends trove-results with the response', async () => {
    reply = () => page(42);
    history.replaceState(null, '', '/search?q=rust&page=2');
    const seen: CustomEvent[] = [];
    document.addEventListener('trove-results', (event) => seen.push(event), { once: true });
    const el = mount('limit="5"');
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0].detail.found_documents).toBe(42);
    expect(seen[0].bubbles && seen[0].composed).toBe(true);
    expect(urls[0].searchParams.get('q')).toBe('rust');
    expect(urls[0].searchParams.get('skip')).toBe('5');
    expect(urls[0].searchParams.get('limit')).toBe('5');
    await waitFor(() => expect(shadow(el).querySelector('[part~="heading"]')?.textContent).toBe('42 results for “rust”'));
    expect(shadow(el).adoptedStyleSheets.length).toBe(2);
    expect(shadow(el).querySelector('style, [style]')).toBeNull();
  });

  it('sends trove-error and shows a retry button when the search fails', async () => {
    reply = () => ({ status: 503, body: { error: 'down' } });
    history.replaceState(null, '', '/search?q=rust');
    const errors: CustomEvent[] = [];
    document.addEventListener('trove-error', (event) => errors.push(event), { once: true });
    const el = mount();
    await waitFor(() => expect(errors).toHaveLength(1));
    expect(errors[0].detail.error.name).toBe('ApiError');
    await waitFor(() => expect(shadow(el).querySelector('[part~="retry"]')).not.toBeNull());
  });

  it('uses its handler attribute in the search path', async () => {
    reply = () => page(1);
    history.replaceState(null, '', '/search?q=rust');
    mount('handler="posts"');
    await waitFor(() => expect(urls).toHaveLength(1));
    expect(urls[0].pathname).toBe('/api/v2/projects/demo/collections/blog/search/posts');
  });

  it('searches when a search box on the page writes the shared state, and pushes the URL', async () => {
    reply = () => page(3);
    const el = mount();
    await waitFor(() => expect(searchLink.resultsMounted.value).toBe(1));
    expect(shadow(el).querySelector('[part~="prompt"]')).not.toBeNull();
    expect(urls).toHaveLength(0);
    searchLink.set({ page: 1, sort: '', ...{ q: 'rust', filters: ['category:"News"'] } });
    await waitFor(() => expect(urls).toHaveLength(1));
    expect(urls[0].searchParams.getAll('filter')).toEqual(['category:"News"']);
    expect(location.search).toBe('?q=rust&filter=category%3A%22News%22');
  });

  it("reads its query from the theme's own parameter with query-param (WordPress's /?s=) and writes it back there", async () => {
    reply = () => page(3);
    history.replaceState(null, '', '/?s=bread');
    const el = mount('query-param="s"');
    await waitFor(() => expect(urls).toHaveLength(1));
    expect(urls[0].searchParams.get('q')).toBe('bread');
    await waitFor(() => expect(shadow(el).querySelector('[part~="heading"]')?.textContent).toBe('3 results for “bread”'));
    searchLink.set({ q: 'crumb' });
    await waitFor(() => expect(location.search).toBe('?s=crumb'));
  });

  it('keeps the URL alone with no-url-sync', async () => {
    reply = () => page(3);
    history.replaceState(null, '', '/search?q=ignored');
    const el = mount('no-url-sync');
    await waitFor(() => expect(searchLink.resultsMounted.value).toBe(1));
    expect(shadow(el).querySelector('[part~="prompt"]')).not.toBeNull();
    searchLink.set({ page: 1, sort: '', ...{ q: 'rust', filters: [] } });
    await waitFor(() => expect(urls).toHaveLength(1));
    expect(urls[0].searchParams.get('q')).toBe('rust');
    expect(location.search).toBe('?q=ignored');
  });

  it('takes a search the box made before it was ready', async () => {
    reply = () => page(3);
    searchLink.set({ page: 1, sort: '', ...{ q: 'early', filters: [] } });
    mount('no-url-sync');
    await waitFor(() => expect(urls).toHaveLength(1));
    expect(urls[0].searchParams.get('q')).toBe('early');
  });

  it('unregisters from the page link when removed', async () => {
    const el = mount();
    await waitFor(() => expect(searchLink.resultsMounted.value).toBe(1));
    el.remove();
    await waitFor(() => expect(searchLink.resultsMounted.value).toBe(0));
  });

  it('takes its texts from the translations property', async () => {
    const el = mount();
    el.translations = { prompt: 'Suche eingeben' };
    await waitFor(() => expect(shadow(el).querySelector('[part~="prompt"]')?.textContent).toBe('Suche eingeben'));
  });
});
