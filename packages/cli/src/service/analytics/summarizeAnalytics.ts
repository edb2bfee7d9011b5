/**
 * The report of the analytics page and its JSON export: the counters of a date range (and a
 * collection, or all of them) summed into the numbers a blogger reads. Pure.
 */
import type { AnalyticsRecord, Counter } from './AnalyticsStore.ts';
import { METRICS, OTHER_KEY } from './analyticsMetrics.ts';
import { addDays } from './dayOf.ts';

export interface Scope {
  project: string;
  collection: string;
}

export interface QueryRow {
  /** The query as counted (normalizeQueryText), or `null` for the queries past the daily cap. */
  query: string | null;
  searches: number;
  /** Typed in the search box (autocomplete), once per typed query. */
  typed: number;
  /** Searches that found nothing. */
  emptySearches: number;
  /** Typed queries whose suggestions were empty. */
  emptyTyped: number;
  /** Mean `found_documents` of its searches, or null without searches. */
  meanResults: number | null;
  /** Results opened after its searches plus suggestions chosen for it. */
  clicks: number;
  /** clicks / (searches + typed), or null when it was neither searched nor typed. */
  clickRate: number | null;
  /** Mean 1-based position of those clicks, or null without clicks. */
  meanPosition: number | null;
}

export interface PostRow {
  id: string;
  title: string;
  url: string;
  search: number;
  suggestion: number;
  related: number;
  total: number;
}

export interface AnalyticsReport {
  from: string;
  to: string;
  /** The collection shown, or null for all of them together. */
  scope: Scope | null;
  /** Every collection with counts in the range. */
  collections: Scope[];
  totals: {
    searches: number;
    typed: number;
    emptySearches: number;
    emptyTyped: number;
    sessions: number;
    searchClicks: number;
    suggestionClicks: number;
    relatedClicks: number;
    /** Results opened per search, or null without searches. */
    searchClickRate: number | null;
  };
  /** Every day of the range, oldest first. */
  days: { day: string; searches: number; typed: number; empty: number }[];
  /** The most searched and typed queries. */
  queries: QueryRow[];
  /** Queries that found nothing (searches or suggestions), most frequent first: the content gap. */
  noResults: QueryRow[];
  /** Posts readers opened most, by where from. */
  posts: PostRow[];
  /** The posts whose related posts were followed most (the source of the click). */
  relatedSources: PostRow[];
  /** Filter suggestions chosen (`field:"value"`), most chosen first. */
  filters: { filter: string; count: number }[];
  /** Clicks by 1-based position (index 0 = position 1). */
  positions: { search: number[]; suggestion: number[]; related: number[] };
}

const TOP = 50;

type Totals = (metric: string) => Map<string, number>;

/** One row per query of `of` (the sums of each metric by key). */
function queryRows(of: Totals): QueryRow[] {
  const keys = new Set([...of(METRICS.searches).keys(), ...of(METRICS.typed).keys(), ...of(METRICS.suggestionClicks).keys()]);
  return [...keys].map((key) => {
    const get = (metric: string) => of(metric).get(key) ?? 0;
    const searches = get(METRICS.searches);
    const typed = get(METRICS.typed);
    const clicks = get(METRICS.searchClicks) + get(METRICS.suggestionClicks);
    return {
      query: key === OTHER_KEY ? null : key,
      searches,
      typed,
      emptySearches: get(METRICS.emptySearches),
      emptyTyped: get(METRICS.emptyTyped),
      meanResults: searches > 0 ? get(METRICS.resultsSum) / searches : null,
      clicks,
      clickRate: searches + typed > 0 ? clicks / (searches + typed) : null,
      meanPosition: clicks > 0 ? (get(METRICS.searchPositionSum) + get(METRICS.suggestionPositionSum)) / clicks : null,
    };
  });
}

/** The counters summed by metric and key. */
function totalsOf(counters: readonly Counter[]): Totals {
  const byMetric = new Map<string, Map<string, number>>();
  for (const c of counters) {
    let keys = byMetric.get(c.metric);
    if (!keys) byMetric.set(c.metric, (keys = new Map()));
    keys.set(c.key, (keys.get(c.key) ?? 0) + c.n);
  }
  return (metric) => byMetric.get(metric) ?? new Map<string, number>();
}

/** One row per day, collection and query of the counters (the CSV export), in that order. */
export function dailyQueryRows(counters: readonly Counter[]): (QueryRow & { day: string; project: string; collection: string })[] {
  const groups = new Map<string, Counter[]>();
  for (const c of counters) {
    if (!c.metric.startsWith('q.')) continue;
    const group = `${c.day}\u0000${c.project}\u0000${c.collection}`;
    const list = groups.get(group);
    if (list) list.push(c);
    else groups.set(group, [c]);
  }
  return [...groups.keys()].sort().flatMap((group) => {
    const [day, project, collection] = group.split('\u0000') as [string, string, string];
    return queryRows(totalsOf(groups.get(group)!))
      .sort((a, b) => (a.query ?? '\uffff').localeCompare(b.query ?? '\uffff'))
      .map((row) => ({ day, project, collection, ...row }));
  });
}

export function summarizeAnalytics(record: AnalyticsRecord, from: string, to: string, scope: Scope | null): AnalyticsReport {
  const collections = new Map<string, Scope>();
  for (const c of record.counters) collections.set(`${c.project}\u0000${c.collection}`, { project: c.project, collection: c.collection });
  const inScope = (c: { day: string; project: string; collection: string }) =>
    c.day >= from && c.day <= to && (!scope || (c.project === scope.project && c.collection === scope.collection));
  const counters = record.counters.filter(inScope);

  const days = new Map<string, { searches: number; typed: number; empty: number }>();
  for (let day = from; day <= to; day = addDays(day, 1)) days.set(day, { searches: 0, typed: 0, empty: 0 });
  const sessionKeys = new Set<string>();
  let otherSessions = 0;
  for (const c of counters) {
    if (c.metric === METRICS.sessions) {
      // A session is counted once a day per collection, however many processes saw it.
      if (c.key === OTHER_KEY) otherSessions += c.n;
      else sessionKeys.add(`${c.day}\u0000${c.project}\u0000${c.collection}\u0000${c.key}`);
      continue;
    }
    const day = days.get(c.day)!;
    if (c.metric === METRICS.searches) day.searches += c.n;
    else if (c.metric === METRICS.typed) day.typed += c.n;
    else if (c.metric === METRICS.emptySearches) day.empty += c.n;
  }
  const of = totalsOf(counters.filter((c) => c.metric !== METRICS.sessions));
  const sum = (metric: string) => [...of(metric).values()].reduce((a, b) => a + b, 0);

  const rows = queryRows(of);
  const byText = (a: QueryRow, b: QueryRow) => (a.query ?? '\uffff').localeCompare(b.query ?? '\uffff');
  const queries = rows
    .filter((r) => r.searches + r.typed > 0)
    .sort((a, b) => b.searches + b.typed - (a.searches + a.typed) || byText(a, b))
    .slice(0, TOP);
  const noResults = rows
    .filter((r) => r.query !== null && r.emptySearches + r.emptyTyped > 0)
    .sort((a, b) => b.emptySearches + b.emptyTyped - (a.emptySearches + a.emptyTyped) || byText(a, b))
    .slice(0, TOP);

  // The newest title and address of each post.
  const labels = new Map<string, { title: string; url: string }>();
  for (const l of [...record.labels].filter(inScope).sort((a, b) => a.day.localeCompare(b.day))) labels.set(l.id, l);
  const postRow = (id: string): PostRow => ({
    id,
    title: id === OTHER_KEY ? '' : (labels.get(id)?.title ?? ''),
    url: id === OTHER_KEY ? '' : (labels.get(id)?.url ?? ''),
    search: 0,
    suggestion: 0,
    related: 0,
    total: 0,
  });
  const posts = new Map<string, PostRow>();
  for (const [metric, field] of [
    [METRICS.postsFromSearch, 'search'],
    [METRICS.postsFromSuggestions, 'suggestion'],
    [METRICS.postsFromRelated, 'related'],
  ] as const) {
    for (const [id, n] of of(metric)) {
      const row = posts.get(id) ?? postRow(id);
      row[field] += n;
      row.total += n;
      posts.set(id, row);
    }
  }
  const byTotal = (a: PostRow, b: PostRow) => b.total - a.total || a.title.localeCompare(b.title) || a.id.localeCompare(b.id);
  const relatedSources = [...of(METRICS.relatedSources)].map(([id, n]) => ({ ...postRow(id), related: n, total: n }));

  const positions = (metric: string) => {
    const counts: number[] = [];
    for (const [key, n] of of(metric)) {
      const position = Number(key);
      if (!Number.isInteger(position) || position < 1 || position > 100) continue;
      while (counts.length < position) counts.push(0);
      counts[position - 1]! += n;
    }
    return counts;
  };

  const searches = sum(METRICS.searches);
  return {
    from,
    to,
    scope,
    collections: [...collections.values()].sort((a, b) => a.project.localeCompare(b.project) || a.collection.localeCompare(b.collection)),
    totals: {
      searches,
      typed: sum(METRICS.typed),
      emptySearches: sum(METRICS.emptySearches),
      emptyTyped: sum(METRICS.emptyTyped),
      sessions: sessionKeys.size + otherSessions,
      searchClicks: sum(METRICS.searchClicks),
      suggestionClicks: sum(METRICS.suggestionClicks),
      relatedClicks: sum(METRICS.postsFromRelated),
      searchClickRate: searches > 0 ? sum(METRICS.searchClicks) / searches : null,
    },
    days: [...days].map(([day, d]) => ({ day, ...d })),
    queries,
    noResults,
    posts: [...posts.values()].sort(byTotal).slice(0, TOP),
    relatedSources: relatedSources.sort(byTotal).slice(0, TOP),
    filters: [...of(METRICS.filters)]
      .filter(([filter]) => filter !== OTHER_KEY)
      .map(([filter, count]) => ({ filter, count }))
      .sort((a, b) => b.count - a.count || a.filter.localeCompare(b.filter))
      .slice(0, TOP),
    positions: {
      search: positions(METRICS.searchPositions),
      suggestion: positions(METRICS.suggestionPositions),
      related: positions(METRICS.relatedPositions),
    },
  };
}
