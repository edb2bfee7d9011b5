import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from 'trove-search-client';
import type { ApiVersion, SearchResponse, SearchResult } from 'trove-search-client';
import { createPageSearch } from '../../src/core/createPageSearch.ts';
import { createSearchController, type SearchController } from '../../src/core/createSearchController.ts';

/** A `fetch` that records every request and answers each when the test says so. */
function fakeFetch(ignoreAbort = false) {
  const requests: { url: URL; signal?: AbortSignal; respond(body: unknown, status?: number): void; fail(error: Error): void }[] = [];
  const fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    return new Promise<Response>((resolve, reject) => {
      const signal = request.signal;
      if (!ignoreAbort) signal.addEventListener('abort', () => reject(signal.reason ?? new DOMException('Aborted', 'AbortError')));
      requests.push({
        url: new URL(request.url),
        signal,
        respond: (body, status = 200) =>
          resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })),
        fail: (error) => reject(error),
      });
    });
  }) as typeof globalThis.fetch;
  return { fetch, requests };
}

const result = (id: number): SearchResult => ({
  id: String(id),
  title: `Post ${id}`,
  content: 'text',
  url: `/posts/${id}`,
  date: '2024-05-01T00:00:00.000+0000',
});

function answer(found: number, ids: number[], extra: Partial<SearchResponse<SearchResult>> = {}) {
  return { time: 1, code: 200, response: { found_documents: found, results: ids.map(result), facets: null, spelling: null, ...extra } };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

let controller: SearchController | undefined;
afterEach(() => controller?.dispose());

async function setup(options: { apiVersion?: ApiVersion; initial?: object; limit?: number; handler?: string; ignoreAbort?: boolean } = {}) {
  const net = fakeFetch(options.ignoreAbort);
  const client = createClient({
    baseUrl: 'https://search.example',
    project: 'demo',
    collection: 'blog',
    token: 'tok',
    apiVersion: options.apiVersion ?? 'v2',
    sessionId: 's1',
    fetch: net.fetch,
    cache: false,
  });
  const events: { results: unknown[]; errors: Error[] } = { results: [], errors: [] };
  const search = createPageSearch();
  search.set({ ...options.initial });
  controller = createSearchController({
    client,
    search,
    limit: options.limit,
    handler: options.handler,
    onResults: (response) => events.results.push(response),
    onError: (error) => events.errors.push(error),
  });
  await flush();
  return { ...net, controller, events, search };
}

describe('createSearchController', () => {
  it('sends no request and stays idle with neither a query nor a filter', async () => {
    const { requests, controller } = await setup();
    expect(requests).toHaveLength(0);
    expect(controller.state.value.status).toBe('idle');
    expect(controller.state.value.response).toBeNull();
  });

  it('searches with q, skip and limit, and shows the answer', async () => {
    const { requests, controller, events } = await setup({ initial: { q: 'rust' } });
    expect(requests).toHaveLength(1);
    const { url } = requests[0];
    expect(url.pathname).toBe('/api/v2/projects/demo/collections/blog/search/default');
    expect(url.searchParams.get('q')).toBe('rust');
    expect(url.searchParams.get('skip')).toBe('0');
    expect(url.searchParams.get('limit')).toBe('10');
    expect(controller.state.value.status).toBe('loading');
    requests[0].respond(answer(128, [1, 2]));
    await flush();
    expect(controller.state.value.status).toBe('ready');
    expect(controller.state.value.response?.found_documents).toBe(128);
    expect(controller.state.value.pageCount).toBe(13);
    expect(events.results).toHaveLength(1);
  });

  it('sends each filter as a repeated filter parameter and only searches with filters when q is empty', async () => {
    const { requests } = await setup({ initial: { filters: ['category:"News"', 'tags:"rust"'] } });
    expect(requests).toHaveLength(1);
    expect(requests[0].url.searchParams.getAll('filter')).toEqual(['category:"News"', 'tags:"rust"']);
    expect(requests[0].url.searchParams.has('q')).toBe(false);
  });

  it('asks for page n with skip = (n − 1) × limit', async () => {
    const { requests, controller } = await setup({ initial: { q: 'rust' }, limit: 20 });
    controller.goToPage(3);
    await flush();
    expect(requests[1].url.searchParams.get('skip')).toBe('40');
    expect(requests[1].url.searchParams.get('limit')).toBe('20');
  });

  it('searches again when the page size changes', async () => {
    const { requests, controller } = await setup({ initial: { q: 'rust', page: 2 } });
    controller.update({ limit: 5 });
    await flush();
    expect(requests).toHaveLength(2);
    expect(requests[1].url.searchParams.get('skip')).toBe('5');
    expect(requests[1].url.searchParams.get('limit')).toBe('5');
  });

  it('uses a custom handler in the path', async () => {
    const { requests } = await setup({ initial: { q: 'rust' }, handler: 'blog' });
    expect(requests[0].url.pathname).toBe('/api/v2/projects/demo/collections/blog/search/blog');
  });

  it('sends the sort in v2 and never in v1', async () => {
    const v2 = await setup({ initial: { q: 'rust', sort: 'date desc' } });
    expect(v2.requests[0].url.searchParams.get('sort')).toBe('date desc');
    controller?.dispose();
    const v1 = await setup({ initial: { q: 'rust', sort: 'date desc' }, apiVersion: 'v1' });
    expect(v1.requests[0].url.pathname).toBe('/api/v1/demo/collections/blog/search/default');
    expect(v1.requests[0].url.searchParams.has('sort')).toBe(false);
  });

  it('toggles a filter on and off and goes back to page 1', async () => {
    const { requests, controller } = await setup({ initial: { q: 'rust', page: 4 } });
    controller.toggleFilter('category:"News"');
    await flush();
    expect(controller.state.value.query).toMatchObject({ filters: ['category:"News"'], page: 1 });
    expect(requests[1].url.searchParams.getAll('filter')).toEqual(['category:"News"']);
    expect(requests[1].url.searchParams.get('skip')).toBe('0');
    controller.toggleFilter('tags:"web"');
    await flush();
    controller.toggleFilter('category:"News"');
    await flush();
    expect(controller.state.value.query.filters).toEqual(['tags:"web"']);
    expect(requests[3].url.searchParams.getAll('filter')).toEqual(['tags:"web"']);
  });

  it('removes one filter and clears all', async () => {
    const { controller } = await setup({ initial: { q: 'rust', filters: ['a:"1"', 'b:"2"', 'c:"3"'] } });
    controller.removeFilter('b:"2"');
    await flush();
    expect(controller.state.value.query.filters).toEqual(['a:"1"', 'c:"3"']);
    controller.clearFilters();
    await flush();
    expect(controller.state.value.query.filters).toEqual([]);
  });

  it('goes back to page 1 for a new query or sort, but keeps the page when it is given', async () => {
    const { controller, search } = await setup({ initial: { q: 'rust', page: 5 } });
    controller.search('go');
    await flush();
    expect(controller.state.value.query).toMatchObject({ q: 'go', page: 1 });
    controller.goToPage(3);
    await flush();
    controller.setSort('date asc');
    await flush();
    expect(controller.state.value.query).toMatchObject({ sort: 'date asc', page: 1 });
    search.set({ q: 'zig', page: 2 });
    await flush();
    expect(controller.state.value.query).toMatchObject({ q: 'zig', page: 2 });
  });

  it('sends nothing when the search did not change', async () => {
    const { requests, controller, search } = await setup({ initial: { q: 'rust', filters: ['a:"1"'] } });
    search.set({ q: 'rust' });
    await flush();
    search.set({ page: 1 });
    await flush();
    controller.search(' rust ');
    await flush();
    expect(requests).toHaveLength(1);
  });

  it('keeps only the newest answer: the older request is aborted and a late answer dropped', async () => {
    const { requests, controller, events } = await setup({ initial: { q: 'rus' } });
    controller.search('rust');
    await flush();
    expect(requests[0].signal?.aborted).toBe(true);
    requests[1].respond(answer(2, [7, 8]));
    requests[0].respond(answer(99, [1]));
    await flush();
    expect(controller.state.value.response?.results.map((r) => r.id)).toEqual(['7', '8']);
    expect(events.results).toHaveLength(1);
    expect(events.errors).toHaveLength(0);
  });

  it('drops an answer that arrives after a newer one even when the request ignored the abort', async () => {
    const { requests, controller, events } = await setup({ initial: { q: 'rus' }, ignoreAbort: true });
    controller.search('rust');
    await flush();
    requests[1].respond(answer(2, [7, 8]));
    await flush();
    requests[0].respond(answer(99, [1]));
    await flush();
    expect(controller.state.value.response?.found_documents).toBe(2);
    expect(controller.state.value.status).toBe('ready');
    expect(events.results).toHaveLength(1);
  });

  it('turns a failure into the error status and recovers with retry', async () => {
    const { requests, controller, events } = await setup({ initial: { q: 'rust' } });
    requests[0].respond({ error: 'boom' }, 500);
    await flush();
    expect(controller.state.value.status).toBe('error');
    expect(controller.state.value.error?.name).toBe('ApiError');
    expect(events.errors).toHaveLength(1);
    controller.retry();
    await flush();
    expect(requests).toHaveLength(2);
    expect(controller.state.value.status).toBe('loading');
    requests[1].respond(answer(1, [1]));
    await flush();
    expect(controller.state.value.status).toBe('ready');
    expect(controller.state.value.error).toBeNull();
    expect(controller.state.value.response?.found_documents).toBe(1);
  });

  it('reports a malformed answer as an error, not a crash', async () => {
    const { requests, controller } = await setup({ initial: { q: 'rust' } });
    requests[0].respond({ time: 1, code: 200, response: 'nope' });
    await flush();
    expect(controller.state.value.status).toBe('error');
    expect(controller.state.value.error?.name).toBe('ResponseError');
  });

  it('goes idle and aborts the request when the query and filters are cleared', async () => {
    const { requests, controller } = await setup({ initial: { q: 'rust' } });
    controller.search('');
    await flush();
    expect(requests[0].signal?.aborted).toBe(true);
    expect(controller.state.value.status).toBe('idle');
    requests[0].respond(answer(1, [1]));
    await flush();
    expect(controller.state.value.response).toBeNull();
  });

  it('offers the spelling suggestion in any of its shapes, but not when it equals the query', async () => {
    const { requests, controller } = await setup({ initial: { q: 'rsut' } });
    requests[0].respond(answer(0, [], { spelling: { suggestion: 'rust' } }));
    await flush();
    expect(controller.state.value.spelling).toBe('rust');
    controller.search('rust');
    await flush();
    requests[1].respond(answer(0, [], { spelling: ['Rust'] }));
    await flush();
    expect(controller.state.value.spelling).toBeUndefined();
    controller.search('gopher');
    await flush();
    requests[2].respond(answer(0, [], { spelling: 42 }));
    await flush();
    expect(controller.state.value.spelling).toBeUndefined();
  });

  it('stops after dispose: the request is aborted and nothing more is sent', async () => {
    const { requests, controller, events } = await setup({ initial: { q: 'rust' } });
    controller.dispose();
    await flush();
    expect(requests[0].signal?.aborted).toBe(true);
    controller.search('more');
    await flush();
    expect(requests).toHaveLength(1);
    requests[0].respond(answer(1, [1]));
    await flush();
    expect(events.results).toHaveLength(0);
  });
});
