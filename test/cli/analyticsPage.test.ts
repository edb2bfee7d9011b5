// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { IncomingMessage } from 'node:http';
import * as summary from '../../demo/site/analytics/summarizeFeedback.js';
import { renderAnalyticsPage } from '../../demo/site/analyticsPage.ts';
import { envelope } from '../api/recordingFetch.ts';

// In the page both files share one module script; here the client finds the helpers globally.
Object.assign(globalThis, { summarizeFeedback: summary.summarizeFeedback, safeLink: summary.safeLink });
const { startAnalytics } = await import('../../demo/site/analytics/analyticsClient.js');

const base = 'http://svc.test';
const context = {
  script: 'dist' as const,
  baseUrl: base,
  token: 'dev-token',
  project: 'demo',
  collection: 'blog',
  origin: 'http://site.test',
  req: {} as IncomingMessage,
  layout: (page: { title: string; body: string }) => page.body,
};

const entry = (kind: string, params: Record<string, string>) => ({
  time: new Date().toISOString(),
  kind,
  version: 'v2',
  handler: null,
  project: 'demo',
  collection: 'blog',
  params,
});
const json = (value: unknown, status = 200) =>
  new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });

describe('renderAnalyticsPage', () => {
  it('gives the shell a title, its styles and a body with one module script', () => {
    const page = renderAnalyticsPage(context) as { title: string; head: string; body: string };
    expect(page.title).toBe('Click analytics');
    expect(page.head).toMatch(/^<style>[\s\S]*\.an-columns[\s\S]*<\/style>$/);
    expect(page.body.match(/<script type="module">/g)).toHaveLength(1);
    expect(page.body).toContain('"feedbackUrl":"http://svc.test/_trove/feedback"');
    expect(page.body).toContain('function summarizeFeedback');
    expect(page.body).toContain("startAnalytics(document.getElementById('trove-analytics')");
  });

  it('cannot be broken out of by a hostile token or collection', () => {
    const page = renderAnalyticsPage({
      ...context,
      token: '</script><script>alert(1)</script>',
      collection: '"><img src=x onerror=alert(2)>',
    }) as { body: string };
    expect(page.body).not.toContain('<script>alert(1)');
    expect(page.body).not.toContain('<img src=x');
    expect(page.body.match(/<\/script>/g)).toHaveLength(1);
  });
});

describe('startAnalytics', () => {
  let log: unknown[];
  let feedbackStatus: number;
  let fetchMock: ReturnType<typeof vi.fn>;
  let stop: (() => void) | undefined;

  function mount() {
    const page = renderAnalyticsPage(context) as { body: string };
    document.body.innerHTML = page.body.replace(/<script[\s\S]*<\/script>/, ''); // the test starts the client itself
    const root = document.getElementById('trove-analytics')!;
    stop = startAnalytics(root, {
      feedbackUrl: `${base}/_trove/feedback`,
      apiBase: `${base}/`,
      token: 'dev-token',
      project: 'demo',
      collection: 'blog',
      titles: { '12': 'Twelve from the corpus' },
    });
    return { root, part: (name: string) => root.querySelector<HTMLElement>(`[data-part="${name}"]`)! };
  }

  beforeEach(() => {
    vi.useFakeTimers();
    log = [];
    feedbackStatus = 200;
    fetchMock = vi.fn(async (input: string | URL) => {
      const url = new URL(String(input));
      if (url.pathname === '/_trove/feedback') return feedbackStatus === 200 ? json(log) : json({ error: 'x' }, feedbackStatus);
      if (url.pathname.endsWith('/autocomplete/')) {
        return envelope({
          found_documents: 1,
          results: [{ suggestion_type: 'filter', phrase: 'Gardening', filters: ['category:"Gardening"'] }],
          facets: null,
          spelling: null,
        });
      }
      return json({}, 404);
    });
    vi.stubGlobal('fetch', fetchMock);
  });

  afterEach(() => {
    stop?.();
    vi.unstubAllGlobals();
    vi.useRealTimers();
    document.body.innerHTML = '';
  });

  it('shows empty charts that say what to do when nothing was clicked', async () => {
    const { root, part } = mount();
    await vi.waitFor(() => expect(root.dataset.status).toBe('live'));
    expect(part('total').textContent).toBe('0');
    expect(part('autocomplete-positions').textContent).toContain('No suggestion clicks yet');
    expect(part('filters').textContent).toContain('No filter suggestion chosen yet');
  });

  it('draws the counts by position, the posts and the filters from the log', async () => {
    log = [
      entry('autocomplete', { query: 'ga', item_order: '2', item_id: '12', url: '/posts/12/twelve' }),
      entry('recommendation', {
        source_id: '1',
        target_id: '40',
        target_title: '<img src=x onerror=alert(1)>',
        target_url: 'javascript:alert(1)',
        item_order: '3',
      }),
      entry('autocomplete', { query: 'ga', item_order: '1' }),
    ];
    const { part } = mount();
    await vi.waitFor(() => expect(part('filters').textContent).toContain('Gardening'));
    expect(part('total').textContent).toBe('3');
    expect(part('autocomplete').textContent).toBe('2');
    expect(part('autocomplete-split').textContent).toBe('1 post · 1 filter');
    expect(part('recommendation').textContent).toBe('1');
    const acCounts = [...part('autocomplete-positions').querySelectorAll('li')].map((li) => li.dataset.count);
    expect(acCounts).toEqual(['1', '1', '0', '0', '0', '0', '0', '0']);
    expect(part('recommendation-positions').querySelector<HTMLElement>('li[data-position="3"]')!.dataset.count).toBe('1');
    expect(part('recommendation-positions').textContent).toContain('3rd related post: 1 click');

    const links = [...part('posts').querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['<img src=x onerror=alert(1)>', '/posts/40'], // a tie: the latest click first
      ['Twelve from the corpus', '/posts/12/twelve'],
    ]);
    expect(document.querySelector('[data-part="posts"] img')).toBeNull();
    expect(part('filters').textContent).toContain('category: Gardening');
  });

  it('asks autocomplete once per query to name filter suggestions', async () => {
    log = [entry('autocomplete', { query: 'ga', item_order: '1' })];
    const { part } = mount();
    await vi.waitFor(() => expect(part('filters').textContent).toContain('Gardening'));
    await vi.advanceTimersByTimeAsync(4000);
    const lookups = fetchMock.mock.calls.map(([u]) => new URL(String(u))).filter((u) => u.pathname.includes('/autocomplete/'));
    expect(lookups).toHaveLength(1);
    expect(lookups[0]!.pathname).toBe('/api/v2/projects/demo/collections/blog/autocomplete/');
    expect(Object.fromEntries(lookups[0]!.searchParams)).toEqual({ q: 'ga', token: 'dev-token' });
  });

  it('asks again on the next poll when the lookup failed', async () => {
    log = [entry('autocomplete', { query: 'ga', item_order: '1' })];
    const real = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementationOnce(real).mockImplementationOnce(async () => envelope('down', 500, 500));
    const { part } = mount();
    await vi.waitFor(() => expect(part('filters').textContent).toContain('looking up…'));
    await vi.advanceTimersByTimeAsync(2000);
    await vi.waitFor(() => expect(part('filters').textContent).toContain('Gardening'));
  });

  it('polls every 2 seconds and announces new clicks', async () => {
    const { root, part } = mount();
    await vi.waitFor(() => expect(root.dataset.status).toBe('live'));
    const polls = () => fetchMock.mock.calls.filter(([u]) => String(u).endsWith('/_trove/feedback')).length;
    expect(polls()).toBe(1);
    log = [entry('recommendation', { source_id: '1', target_id: '2', item_order: '1' })];
    await vi.advanceTimersByTimeAsync(2000);
    expect(polls()).toBe(2);
    await vi.waitFor(() => expect(part('total').textContent).toBe('1'));
    expect(part('announce').textContent).toBe('1 new click, 1 click in all');
  });

  it('says so when the log cannot be read, keeps trying and recovers', async () => {
    feedbackStatus = 500;
    const { root, part } = mount();
    await vi.waitFor(() => expect(root.dataset.status).toBe('error'));
    expect(part('status').textContent).toBe("Can't read the feedback log (the service answered 500); trying again…");
    feedbackStatus = 200;
    await vi.advanceTimersByTimeAsync(2000);
    await vi.waitFor(() => expect(root.dataset.status).toBe('live'));
    expect(part('status').textContent).toMatch(/^Live · updated /);
  });
});
