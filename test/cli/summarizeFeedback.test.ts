import { describe, expect, it } from 'vitest';
import { safeLink, summarizeFeedback } from '../../demo/site/analytics/summarizeFeedback.js';

const ac = (params: Record<string, string>, extra: Record<string, unknown> = {}) => ({
  time: '2026-01-01T10:00:00.000Z',
  kind: 'autocomplete',
  version: 'v2',
  handler: null,
  project: 'demo',
  collection: 'blog',
  params,
  ...extra,
});
const rec = (params: Record<string, string>, extra: Record<string, unknown> = {}) => ({
  ...ac({}),
  kind: 'recommendation',
  params,
  ...extra,
});

describe('summarizeFeedback', () => {
  it('counts suggestion and related-post clicks by their 1-based position', () => {
    const s = summarizeFeedback([
      ac({ query: 'ga', item_order: '1', item_id: '5' }),
      ac({ query: 'ga', item_order: '3', item_id: '6' }),
      ac({ query: 'ga', item_order: '3', item_id: '6' }),
      rec({ source_id: '1', target_id: '2', item_order: '2' }),
      rec({ source_id: '1', target_id: '9', item_order: '6' }),
    ]);
    expect(s).toMatchObject({ total: 5, autocomplete: 3, recommendation: 2, navigational: 3, filter: 0 });
    expect(s.autocompleteByPosition).toEqual([1, 0, 2, 0, 0, 0, 0, 0]);
    expect(s.recommendationByPosition).toEqual([0, 1, 0, 0, 0, 1]);
  });

  it('ranks posts by clicks from suggestions and related posts together, with their titles', () => {
    const s = summarizeFeedback(
      [
        ac({ query: 'x', item_order: '1', item_id: '7', url: '/posts/7/seven' }),
        rec({ source_id: '1', target_id: '7', target_title: 'Seven', target_url: '/posts/7/seven', item_order: '1' }),
        rec({ source_id: '1', target_id: '8', item_order: '2' }),
        ac({ query: 'y', item_order: '2', item_id: '9', url: '/posts/9/nine-lives' }),
      ],
      { titles: { '8': 'Eight from the corpus' } },
    );
    expect(s.posts.map((p) => [p.id, p.title, p.url, p.autocomplete, p.recommendation, p.total])).toEqual([
      ['7', 'Seven', '/posts/7/seven', 1, 1, 2],
      ['9', 'Nine lives', '/posts/9/nine-lives', 1, 0, 1],
      ['8', 'Eight from the corpus', '', 0, 1, 1],
    ]);
  });

  it('names a filter suggestion by looking the query up again, and asks for the lookups it lacks', () => {
    const log = [ac({ query: 'Pho', item_order: '1' }), ac({ query: 'pho', item_order: '1' }), ac({ query: 'gar', item_order: '2' })];
    const first = summarizeFeedback(log);
    expect(first.filter).toBe(3);
    expect(first.lookups.map((l) => [l.query, l.handler, l.project, l.collection])).toEqual([
      ['Pho', null, 'demo', 'blog'],
      ['gar', null, 'demo', 'blog'],
    ]);
    expect(first.filters.map((f) => [f.label, f.detail, f.count])).toEqual([
      ['“Pho”, suggestion 1', 'looking up…', 2],
      ['“gar”, suggestion 2', 'looking up…', 1],
    ]);

    const answers: Record<string, { suggestion_type: string; phrase?: string; filters?: string[] }[]> = {
      pho: [{ suggestion_type: 'filter', phrase: 'Photography', filters: ['category:"Photography"'] }],
      gar: [
        { suggestion_type: 'filter', phrase: 'Gardening', filters: ['category:"Gardening"'] },
        { suggestion_type: 'navigational', phrase: 'A post' },
      ],
    };
    const resolved = summarizeFeedback(log, { suggestionsFor: (lookup) => answers[lookup.query.toLowerCase()] });
    expect(resolved.lookups).toEqual([]);
    expect(resolved.filters.map((f) => [f.label, f.detail, f.count, f.resolved])).toEqual([
      ['Photography', 'category: Photography', 2, true],
      ['“gar”, suggestion 2', 'no longer suggested for this text', 1, false],
    ]);
  });

  it('keeps only the project and collection of the page', () => {
    const s = summarizeFeedback(
      [ac({ query: 'a', item_order: '1', item_id: '1' }), ac({ query: 'a', item_order: '1', item_id: '1' }, { collection: 'other' })],
      {
        project: 'demo',
        collection: 'blog',
      },
    );
    expect(s.total).toBe(1);
  });

  it('lists the latest clicks newest first', () => {
    const s = summarizeFeedback(
      [
        ac({ query: 'ga', item_order: '2', item_id: '4' }, { time: 't1' }),
        rec({ source_id: '4', source_title: 'Four', target_id: '5', target_title: 'Five', item_order: '1' }, { time: 't2' }),
      ],
      { titles: { '4': 'Growing garlic' } },
    );
    expect(s.latest).toEqual([
      { time: 't2', kind: 'recommendation', position: 1, text: 'Four → Five' },
      { time: 't1', kind: 'autocomplete', position: 2, text: '“ga” → Growing garlic' },
    ]);
    expect(s.lastTime).toBe('t2');
  });

  it('ignores malformed entries and positions, and never keeps a javascript: link', () => {
    const s = summarizeFeedback([
      null,
      'text',
      { kind: 'other', params: {} },
      { kind: 'autocomplete' },
      ac({ query: 'q', item_order: '0', item_id: '3', url: 'javascript:alert(1)' }),
      rec({
        source_id: '1',
        target_id: '2',
        item_order: 'first',
        target_url: '//evil.example/x',
        target_title: '<img src=x onerror=alert(1)>',
      }),
    ]);
    expect(s.total).toBe(2);
    expect(s.autocompleteByPosition.every((n) => n === 0)).toBe(true);
    expect(s.posts.map((p) => p.url)).toEqual(['', '']);
    expect(s.posts.find((p) => p.id === '2')!.title).toBe('<img src=x onerror=alert(1)>');
    expect(summarizeFeedback({ not: 'a list' }).total).toBe(0);
  });
});

describe('safeLink', () => {
  it('keeps site paths and http(s) URLs only', () => {
    expect(safeLink('/posts/1/a')).toBe('/posts/1/a');
    expect(safeLink('https://x.example/a')).toBe('https://x.example/a');
    for (const bad of ['javascript:alert(1)', 'JAVASCRIPT:x', 'data:text/html,x', '//evil.example', '/\\evil', 'posts/1', 42, null]) {
      expect(safeLink(bad)).toBe('');
    }
  });
});
