import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { normalizeQueryText } from 'trove-search-client';
import type { Suggestion } from 'trove-search-client';
import { OTHER_KEY } from '../../../src/service/analytics/analyticsMetrics.ts';
import { type AnalyticsOptions, createAnalytics } from '../../../src/service/analytics/createAnalytics.ts';
import { createFileAnalyticsStore } from '../../../src/service/analytics/createFileAnalyticsStore.ts';
import { dayOf } from '../../../src/service/analytics/dayOf.ts';
import { summarizeAnalytics } from '../../../src/service/analytics/summarizeAnalytics.ts';
import type { FeedbackEntry } from '../../../src/service/store/FeedbackLog.ts';

const where = { project: 'demo', collection: 'blog' };
const folders: string[] = [];
let clock = Date.parse('2026-03-10T12:00:00Z');
const today = () => dayOf(clock);

afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function setUp(options: AnalyticsOptions = {}, dir?: string) {
  const folder = dir ?? mkdtempSync(join(tmpdir(), 'trove-analytics-'));
  if (!dir) folders.push(folder);
  const store = createFileAnalyticsStore(folder, 30);
  const analytics = createAnalytics(store, { flushMs: 60_000, pauseMs: 1000, now: () => clock, ...options });
  const report = async () => summarizeAnalytics(await analytics.read(today(), today()), today(), today(), null);
  return { analytics, report, folder };
}

const post = (id: number) => ({ id: String(id), title: `Post ${id}`, url: `/posts/${id}` });
const feedback = (kind: FeedbackEntry['kind'], params: Record<string, string>): FeedbackEntry => ({
  time: new Date(clock).toISOString(),
  kind,
  version: 'v2',
  handler: null,
  ...where,
  params,
});
const navigational = (id: number, phrase: string): Suggestion => ({
  suggestion_type: 'navigational',
  phrase,
  id: String(id),
  url: `/posts/${id}`,
});
const filterSuggestion = (phrase: string): Suggestion => ({ suggestion_type: 'filter', phrase, filters: [`category:"${phrase}"`] });

describe('createAnalytics', () => {
  it('counts the keystrokes of a session as one typed query, its last, once the session pauses', async () => {
    const { analytics, report } = setUp();
    for (const q of ['p', 'ph', 'pho', 'phot']) {
      analytics.autocomplete(where, 'session-a', q, [navigational(1, 'Photos')]);
      clock += 150;
    }
    // Another reader at the same time is another typed query.
    analytics.autocomplete(where, 'session-b', 'rain', []);
    clock += 1500;
    const r = await report();
    expect(r.totals.typed).toBe(2);
    expect(r.queries.map((q) => [q.query, q.typed])).toEqual([
      ['phot', 1],
      ['rain', 1],
    ]);
    expect(r.noResults.map((q) => [q.query, q.emptyTyped])).toEqual([['rain', 1]]);
    expect(r.totals.sessions).toBe(2);
  });

  it('counts a new typed query after a pause, and ends a typed query when the session searches', async () => {
    const { analytics, report } = setUp();
    analytics.autocomplete(where, 's', 'rain', []);
    clock += 2000;
    analytics.autocomplete(where, 's', 'rainy', []);
    analytics.search(where, 's', 'rainy days', 0, 3, [post(1), post(2), post(3)]);
    const r = await report();
    expect(Object.fromEntries(r.queries.map((q) => [q.query, [q.searches, q.typed]]))).toEqual({
      rain: [0, 1],
      rainy: [0, 1],
      'rainy days': [1, 0],
    });
  });

  it('counts each autocomplete request without a session id', async () => {
    const { analytics, report } = setUp();
    analytics.autocomplete(where, null, 'p', []);
    analytics.autocomplete(where, null, 'ph', []);
    expect((await report()).totals.typed).toBe(2);
  });

  it('counts queries under the widgets’ one normalisation', async () => {
    const { analytics, report } = setUp();
    analytics.search(where, null, '  rain  ', 0, 2, []);
    analytics.search(where, null, 'rain', 0, 4, []);
    analytics.search(where, null, '\train\n', 10, 4, []); // a later page is not another search
    const r = await report();
    expect(r.queries).toHaveLength(1);
    expect(r.queries[0]).toMatchObject({ query: normalizeQueryText('  rain  '), searches: 2, meanResults: 3 });
    expect(r.queries[0]!.query).toBe('rain');
  });

  it('counts a result opened after a search at its 1-based position, pages included, once', async () => {
    const { analytics, report } = setUp();
    analytics.search(where, 's', 'rain', 0, 30, [post(1), post(2), post(3)]);
    analytics.recommend(where, 's', '3');
    analytics.recommend(where, 's', '3'); // the page loaded again
    analytics.search(where, 's', 'rain', 10, 30, [post(11), post(12)]);
    analytics.recommend(where, 's', '12');
    analytics.recommend(where, 'someone-else', '1'); // another session's post page
    const r = await report();
    expect(r.totals.searchClicks).toBe(2);
    expect(r.positions.search).toEqual([0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
    expect(r.queries[0]).toMatchObject({ query: 'rain', searches: 1, clicks: 2, clickRate: 2, meanPosition: 7.5 });
    expect(r.posts.map((p) => [p.id, p.title, p.search])).toEqual([
      ['12', 'Post 12', 1],
      ['3', 'Post 3', 1],
    ]);
  });

  it('does not count a result as opened after the click window or when a related post led there', async () => {
    const { analytics, report } = setUp({ clickWindowMs: 60_000 });
    analytics.search(where, 's', 'rain', 0, 3, [post(1), post(2), post(3)]);
    analytics.feedback(feedback('recommendation', { source_id: '9', target_id: '2', item_order: '1', session_id: 's' }));
    analytics.recommend(where, 's', '2');
    clock += 61_000;
    analytics.recommend(where, 's', '1');
    const r = await report();
    expect(r.totals.searchClicks).toBe(0);
    expect(r.totals.relatedClicks).toBe(1);
  });

  it('joins suggestion clicks to the session’s answer for that query: the post, or the filter chosen', async () => {
    const { analytics, report } = setUp();
    analytics.autocomplete(where, 's', 'pho', [filterSuggestion('Photography'), navigational(7, 'Photo walks')]);
    analytics.feedback(feedback('autocomplete', { query: 'pho', item_order: '1', session_id: 's' }));
    analytics.feedback(feedback('autocomplete', { query: 'pho', item_order: '2', item_id: '7', url: '/posts/7', session_id: 's' }));
    analytics.recommend(where, 's', '7'); // the post page of the suggestion: not a search click
    const r = await report();
    expect(r.totals.suggestionClicks).toBe(2);
    expect(r.positions.suggestion).toEqual([1, 1]);
    expect(r.filters).toEqual([{ filter: 'category:"Photography"', count: 1 }]);
    expect(r.posts).toEqual([{ id: '7', title: 'Photo walks', url: '/posts/7', search: 0, suggestion: 1, related: 0, total: 1 }]);
    expect(r.queries[0]).toMatchObject({ query: 'pho', typed: 1, clicks: 2, meanPosition: 1.5 });
    expect(r.totals.searchClicks).toBe(0);
  });

  it('finds the answer of a suggestion chosen after the typed query was written, until the session is quiet for the click window', async () => {
    const { analytics, report } = setUp({ clickWindowMs: 60_000 });
    analytics.autocomplete(where, 's', 'pho', [filterSuggestion('Photography')]);
    clock += 10_000;
    expect((await report()).totals.typed).toBe(1); // written, the session kept
    analytics.feedback(feedback('autocomplete', { query: 'pho', item_order: '1', session_id: 's' }));
    analytics.autocomplete(where, 't', 'gar', [filterSuggestion('Gardening')]);
    clock += 61_000;
    await report(); // t is forgotten
    analytics.feedback(feedback('autocomplete', { query: 'gar', item_order: '1', session_id: 't' }));
    const r = await report();
    expect(r.filters).toEqual([{ filter: 'category:"Photography"', count: 1 }]);
    expect(r.totals.suggestionClicks).toBe(2);
  });

  it('counts related-post clicks per source post and by position', async () => {
    const { analytics, report } = setUp();
    for (const [source, target, order] of [
      ['1', '2', '2'],
      ['1', '3', '1'],
      ['4', '2', '2'],
    ] as const) {
      analytics.feedback(
        feedback('recommendation', {
          source_id: source,
          source_title: `Post ${source}`,
          target_id: target,
          target_title: `Post ${target}`,
          item_order: order,
        }),
      );
    }
    const r = await report();
    expect(r.relatedSources.map((p) => [p.id, p.title, p.related])).toEqual([
      ['1', 'Post 1', 2],
      ['4', 'Post 4', 1],
    ]);
    expect(r.positions.related).toEqual([1, 2]);
    expect(r.posts.map((p) => [p.id, p.related])).toEqual([
      ['2', 2],
      ['3', 1],
    ]);
  });

  it('counts queries past the daily cap as "other", in memory and against what the record holds', async () => {
    const first = setUp({ keysPerDay: 3 });
    for (const q of ['a1', 'a2']) first.analytics.search(where, null, q, 0, 1, []);
    await first.analytics.flush();
    await first.analytics.close();
    // A restart (or another process): the record already holds two queries.
    const { analytics, report } = setUp({ keysPerDay: 3 }, first.folder);
    analytics.search(where, null, 'a2', 0, 1, []);
    await analytics.flush(); // the record's keys are known
    for (let i = 0; i < 50; i++) analytics.search(where, null, `flood ${i}`, 0, 0, []);
    analytics.search(where, null, 'a1', 0, 1, []);
    const r = await report();
    expect(r.totals.searches).toBe(54);
    const rows = Object.fromEntries(r.queries.map((q) => [q.query ?? 'OTHER', q.searches]));
    expect(rows).toEqual({ a1: 2, a2: 2, 'flood 0': 1, OTHER: 49 });
    expect(r.noResults.map((q) => q.query)).toEqual(['flood 0']);
    const kept = await analytics.read(today(), today());
    expect(new Set(kept.counters.filter((c) => c.metric === 'q.search').map((c) => c.key))).toEqual(
      new Set(['a1', 'a2', 'flood 0', OTHER_KEY]),
    );
  });

  it('cuts a flood counted before the record’s keys are known to the cap when it is written', async () => {
    const { analytics, report } = setUp({ keysPerDay: 3 });
    for (let i = 0; i < 10; i++) analytics.search(where, 's', `q${i}`, 0, 0, []);
    const r = await report();
    expect(r.queries.filter((q) => q.query !== null)).toHaveLength(3);
    expect(r.queries.find((q) => q.query === null)?.searches).toBe(7);
    expect(r.totals.searches).toBe(10);
  });

  it('starts the day again from a damaged file (its counts lost) and writes a whole one', async () => {
    const { analytics, report, folder } = setUp();
    writeFileSync(join(folder, `${today()}.json`), '{"counters": [["demo","blog","q.search","x",');
    writeFileSync(join(folder, 'notes.txt'), 'not a day');
    analytics.search(where, null, 'rain', 0, 1, []);
    expect((await report()).totals.searches).toBe(1);
    expect(JSON.parse(readFileSync(join(folder, `${today()}.json`), 'utf8')).counters).toContainEqual([
      'demo',
      'blog',
      'q.search',
      'rain',
      1,
    ]);
  });

  it('counts a session once a day however often it searches, and again the next day', async () => {
    const { analytics } = setUp();
    analytics.search(where, 's', 'rain', 0, 1, []);
    analytics.search(where, 's', 'snow', 0, 1, []);
    const first = today();
    clock += 86_400_000;
    analytics.search(where, 's', 'rain', 0, 1, []);
    const record = await analytics.read(first, today());
    const r = summarizeAnalytics(record, first, today(), null);
    expect(r.totals.sessions).toBe(2);
    const hashes = record.counters.filter((c) => c.metric === 'session').map((c) => c.key);
    expect(hashes).toHaveLength(2);
    expect(hashes[0]).not.toBe(hashes[1]);
  });
});

describe('createFileAnalyticsStore', () => {
  it('makes a new random key each day, forgets the older ones, and deletes the days past the retention', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'trove-analytics-'));
    folders.push(folder);
    const store = createFileAnalyticsStore(folder, 3);
    const counter = (day: string) => ({ day, ...where, metric: 'q.search', key: 'rain', n: 1 });
    await store.add({ counters: [counter('2026-03-05'), counter('2026-03-08')], labels: [] });
    const first = await store.dayKey('2026-03-09');
    expect(first).toHaveLength(32);
    expect(await store.dayKey('2026-03-09')).toBe(first);
    const second = await store.dayKey('2026-03-10');
    expect(second.equals(first)).toBe(false);
    // The key of a past day is gone for good: asking again makes another.
    expect((await store.dayKey('2026-03-09')).equals(first)).toBe(false);
    expect(readdirSync(folder).sort()).toEqual(['2026-03-08.json']);
    expect((await store.read('2026-03-01', '2026-03-10')).counters.map((c) => c.day)).toEqual(['2026-03-08']);
  });
});
