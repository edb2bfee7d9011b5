/**
 * The search analytics of `trove serve`, counted as requests are answered and kept as daily
 * counters (AnalyticsStore.ts; the metrics: analyticsMetrics.ts), added to the record every
 * `flushMs` and before a report is read.
 *
 * - Queries are counted under the widgets' one normalisation (src/api/normalizeQueryText.ts).
 *   A search counts on its first page (`skip` 0); a search without text (filters only) is not a query.
 * - Autocomplete counts typed queries, not keystrokes: a session's requests are one typed query
 *   until it pauses longer than `pauseMs`, searches, or chooses a suggestion; then its last query
 *   counts. Requests without `session_id` count one each.
 * - Clicks: suggestions and related posts are reported by the feedback endpoints (`query`,
 *   `item_order`, `source_id`, `target_id`); which suggestion was chosen (a post, or a filter) is
 *   found in the session's own last answers for that query. The API has no feedback for search
 *   results, so a result counts as opened when the same session next asks for that post's related
 *   posts (recommend `id`, which a post page with `<trove-related-posts>` does) within
 *   `clickWindowMs` of the search, at its 1-based position in it. These joins are made in this
 *   process's memory: with several processes they hold when one process answers the session.
 * - No identifier is kept: a session id is replaced at once by its daily hash (createDailyHash.ts)
 *   and only that hash is held, in memory for the joins and as the key of the day's session count;
 *   `user_id` and `user_ip` are never read.
 * - Bounded: per day and collection at most `keysPerDay` distinct queries (and as many posts,
 *   positions, filters), `sessionsPerDay` sessions; the rest are counted under OTHER_KEY. The
 *   sessions held for the joins are at most MAX_SESSIONS, least recently seen dropped first.
 */
import { normalizeQueryText } from 'trove-search-client';
import type { Suggestion } from 'trove-search-client';
import { escapeControl } from '../escapeControl.ts';
import { LIMITS } from '../limits.ts';
import type { AnalyticsRecord, AnalyticsStore, Counter, PostLabel } from './AnalyticsStore.ts';
import { METRICS, OTHER_KEY, POST_METRICS, spaceOf } from './analyticsMetrics.ts';
import { createDailyHash } from './createDailyHash.ts';
import { dayOf } from './dayOf.ts';

export interface Where {
  project: string;
  collection: string;
}

/** A result as it was shown. */
export interface ShownPost {
  id: string;
  title: string;
  url: string;
}

/** A click reported by a feedback endpoint (a FeedbackEntry of store/FeedbackLog.ts, before its identifiers are dropped). */
export interface FeedbackClick {
  kind: 'autocomplete' | 'recommendation';
  project: string;
  collection: string;
  params: Record<string, string>;
}

export interface AnalyticsOptions {
  /** Counters go to the record this often. Default 5 s. */
  flushMs?: number;
  /** Autocomplete requests of a session closer than this are one typed query. Default 3 s. */
  pauseMs?: number;
  /** A result opened this long after the search still counts as its click. Default 30 min. */
  clickWindowMs?: number;
  /** Distinct queries (and posts, positions, filters) per day and collection. Default LIMITS.analyticsKeysPerDay. */
  keysPerDay?: number;
  /** Distinct sessions per day and collection. Default LIMITS.analyticsSessionsPerDay. */
  sessionsPerDay?: number;
  /** The clock (tests). */
  now?: () => number;
}

export interface Analytics {
  search(where: Where, sessionId: string | null, q: string, skip: number, found: number, hits: readonly ShownPost[]): void;
  autocomplete(where: Where, sessionId: string | null, q: string, results: readonly Suggestion[]): void;
  recommend(where: Where, sessionId: string | null, id: string): void;
  /** A feedback entry as the endpoint took it (before its identifiers are dropped). */
  feedback(entry: FeedbackClick): void;
  /** Adds what was counted to the record. */
  flush(): Promise<void>;
  /** The record of the days `from`..`to`, after a flush. */
  read(from: string, to: string): Promise<AnalyticsRecord>;
  close(): Promise<void>;
}

/** Sessions held in memory for the joins. */
const MAX_SESSIONS = 10_000;
/** Autocomplete answers held per session (by query), results positions held per search. */
const MAX_ANSWERS = 8;
const MAX_POSITIONS = 200;
const MAX_OPENED = 32;
/** Characters of a post title or address kept as its label. */
const LABEL_LENGTH = 300;

interface Typing {
  day: string;
  where: Where;
  key: string;
  empty: boolean;
  at: number;
}

interface Session {
  /** When the session was last seen. */
  seen: number;
  typing?: Typing;
  answers: Map<string, readonly Suggestion[]>;
  search?: { key: string; at: number; hits: Map<string, { position: number; post: ShownPost }>; opened: Set<string> };
  /** Posts opened by a suggestion or a related post: their page's recommend request is not a search click. */
  opened: Set<string>;
}

export function createAnalytics(store: AnalyticsStore, options: AnalyticsOptions = {}): Analytics {
  const now = options.now ?? Date.now;
  const pauseMs = options.pauseMs ?? 3000;
  const clickWindowMs = options.clickWindowMs ?? 30 * 60_000;
  const keysPerDay = options.keysPerDay ?? LIMITS.analyticsKeysPerDay;
  const sessionsPerDay = options.sessionsPerDay ?? LIMITS.analyticsSessionsPerDay;

  let counters = new Map<string, Counter>();
  let labels = new Map<string, PostLabel>();
  /** Per day, collection and space: the keys the record holds (after the last flush) and the ones counted since. */
  const admitted = new Map<string, Set<string>>();
  /** The groups whose set holds the record's keys. */
  const loaded = new Set<string>();
  const sessions = new Map<string, Session>();
  let secret: { day: string; hash: (id: string) => string } | undefined;
  let loading: Promise<unknown> = Promise.resolve();
  let flushing: Promise<void> = Promise.resolve();
  let closed = false;

  /** `dayOf`, worked out once a day (it runs for every request). */
  let dayCache = { day: '', start: 0, end: 0 };
  function today(at: number): string {
    if (at < dayCache.start || at >= dayCache.end) {
      const start = at - (at % 86_400_000);
      dayCache = { day: dayOf(at), start, end: start + 86_400_000 };
    }
    return dayCache.day;
  }

  const groupOf = (day: string, where: Where, space: string) => `${day}\u0000${where.project}\u0000${where.collection}\u0000${space}`;
  const capOf = (space: string) => (space === METRICS.sessions ? sessionsPerDay : keysPerDay);

  /** The keys the record holds for a group, added to its set (in the order of `loading`). */
  function preload(group: string, day: string, where: Where, space: string, keys: Set<string>): void {
    loading = loading
      .then(async () => {
        for (const key of await store.keys(day, where.project, where.collection, space)) keys.add(key);
        loaded.add(group);
      })
      .catch((error: unknown) => console.warn('[trove service] analytics:', escapeControl(String(error))));
  }

  /**
   * Adds `n` to a counter; a key beyond the cap counts under OTHER_KEY. Until the record's keys of
   * the group are loaded, twice the cap may be held in memory (the flush applies the cap exactly).
   */
  function bump(day: string, where: Where, metric: string, key: string, n = 1): string {
    const space = spaceOf(metric);
    const group = groupOf(day, where, space);
    let keys = admitted.get(group);
    if (!keys) {
      admitted.set(group, (keys = new Set()));
      preload(group, day, where, space, keys);
    }
    let counted = key;
    if (!keys.has(key)) {
      if (keys.size >= capOf(space) * (loaded.has(group) ? 1 : 2)) counted = OTHER_KEY;
      else keys.add(key);
    }
    const id = `${group}\u0000${metric}\u0000${counted}`;
    const kept = counters.get(id);
    if (kept) kept.n += n;
    else counters.set(id, { day, project: where.project, collection: where.collection, metric, key: counted, n });
    return counted;
  }

  function countPost(day: string, where: Where, metric: string, post: ShownPost): void {
    if (bump(day, where, metric, post.id) === OTHER_KEY || (!post.title && !post.url)) return;
    labels.set(`${day}\u0000${where.project}\u0000${where.collection}\u0000${post.id}`, {
      day,
      project: where.project,
      collection: where.collection,
      id: post.id,
      title: post.title.slice(0, LABEL_LENGTH),
      url: post.url.slice(0, LABEL_LENGTH),
    });
  }

  function commitTyping(session: Session): void {
    const typing = session.typing;
    if (!typing) return;
    session.typing = undefined;
    bump(typing.day, typing.where, METRICS.typed, typing.key);
    if (typing.empty) bump(typing.day, typing.where, METRICS.emptyTyped, typing.key);
  }

  /** The session's state (most recently seen last), created on first sight; its day's count once. */
  function sessionOf(day: string, where: Where, hash: string, at: number): Session {
    const id = `${hash}\u0000${where.project}\u0000${where.collection}`;
    let session = sessions.get(id);
    if (session) sessions.delete(id);
    else {
      session = { seen: at, answers: new Map(), opened: new Set() };
      bump(day, where, METRICS.sessions, hash);
      if (sessions.size >= MAX_SESSIONS) {
        const [oldest, state] = sessions.entries().next().value!;
        commitTyping(state);
        sessions.delete(oldest);
      }
    }
    session.seen = at;
    sessions.set(id, session);
    return session;
  }

  /**
   * Runs `use` with the session's state (or none without a session id), now when the day's secret
   * is at hand, else once it is loaded (in the order of the calls).
   */
  function withSession(where: Where, sessionId: string | null, use: (day: string, session: Session | undefined, at: number) => void): void {
    const at = now();
    const day = today(at);
    if (closed) return;
    const run = () => use(day, sessionId ? sessionOf(day, where, secret!.hash(sessionId), at) : undefined, at);
    if (!sessionId || secret?.day === day) {
      run();
      return;
    }
    loading = loading
      .then(async () => {
        if (secret?.day !== day) secret = { day, hash: createDailyHash(await store.dayKey(day)) };
        run();
      })
      .catch((error: unknown) => console.warn('[trove service] analytics:', escapeControl(String(error))));
  }

  function search(where: Where, sessionId: string | null, q: string, skip: number, found: number, hits: readonly ShownPost[]): void {
    const key = normalizeQueryText(q);
    withSession(where, sessionId, (day, session, at) => {
      if (session) commitTyping(session);
      if (key === '') return;
      if (skip === 0) {
        bump(day, where, METRICS.searches, key);
        bump(day, where, METRICS.resultsSum, key, found);
        if (found === 0) bump(day, where, METRICS.emptySearches, key);
      }
      if (!session) return;
      if (skip === 0 || session.search?.key !== key) session.search = { key, at, hits: new Map(), opened: new Set() };
      const shown = session.search;
      shown.at = at;
      hits.forEach((post, i) => {
        if (shown.hits.size < MAX_POSITIONS && !shown.hits.has(post.id))
          shown.hits.set(post.id, { position: skip + i + 1, post: { id: post.id, title: post.title, url: post.url } });
      });
    });
  }

  function autocomplete(where: Where, sessionId: string | null, q: string, results: readonly Suggestion[]): void {
    const key = normalizeQueryText(q);
    if (key === '') return;
    withSession(where, sessionId, (day, session, at) => {
      const typing: Typing = { day, where, key, empty: results.length === 0, at };
      if (!session) {
        bump(day, where, METRICS.typed, key);
        if (typing.empty) bump(day, where, METRICS.emptyTyped, key);
        return;
      }
      session.answers.delete(key);
      session.answers.set(key, results);
      if (session.answers.size > MAX_ANSWERS) session.answers.delete(session.answers.keys().next().value!);
      if (session.typing && typing.at - session.typing.at > pauseMs) commitTyping(session);
      session.typing = typing;
    });
  }

  function recommend(where: Where, sessionId: string | null, id: string): void {
    if (!sessionId) return;
    withSession(where, sessionId, (day, session, at) => {
      if (!session || session.opened.delete(id)) return;
      const shown = session.search;
      const hit = shown?.hits.get(id);
      if (!shown || !hit || shown.opened.has(id) || at - shown.at > clickWindowMs) return;
      shown.opened.add(id);
      bump(day, where, METRICS.searchClicks, shown.key);
      bump(day, where, METRICS.searchPositionSum, shown.key, hit.position);
      bump(day, where, METRICS.searchPositions, String(hit.position));
      countPost(day, where, METRICS.postsFromSearch, hit.post);
    });
  }

  function feedback(entry: FeedbackClick): void {
    const p = entry.params;
    const where = { project: entry.project, collection: entry.collection };
    const position = Number(p.item_order);
    const opened = (session: Session | undefined, id: string) => {
      if (!session) return;
      session.opened.add(id);
      if (session.opened.size > MAX_OPENED) session.opened.delete(session.opened.values().next().value!);
    };
    withSession(where, p.session_id || null, (day, session) => {
      if (entry.kind === 'autocomplete') {
        const key = normalizeQueryText(p.query ?? '');
        if (session) commitTyping(session);
        bump(day, where, METRICS.suggestionClicks, key);
        bump(day, where, METRICS.suggestionPositionSum, key, position);
        bump(day, where, METRICS.suggestionPositions, String(position));
        const chosen = session?.answers.get(key)?.[position - 1];
        const id = p.item_id || (chosen?.suggestion_type === 'navigational' ? chosen.id : '');
        if (id) {
          const title = chosen?.suggestion_type === 'navigational' && chosen.id === id ? chosen.phrase : '';
          countPost(day, where, METRICS.postsFromSuggestions, { id, title, url: p.url ?? '' });
          opened(session, id);
        } else if (chosen?.suggestion_type === 'filter') {
          for (const filter of chosen.filters) bump(day, where, METRICS.filters, filter);
        }
        return;
      }
      const target = { id: p.target_id!, title: p.target_title ?? '', url: p.target_url ?? '' };
      bump(day, where, METRICS.relatedPositions, String(position));
      countPost(day, where, METRICS.postsFromRelated, target);
      countPost(day, where, METRICS.relatedSources, { id: p.source_id!, title: p.source_title ?? '', url: p.source_url ?? '' });
      opened(session, target.id);
    });
  }

  async function writeOut(): Promise<void> {
    await loading;
    const at = now();
    const today = dayOf(at);
    // The day's secret is made (and the older ones and days past the retention let go) even on a day without sessions.
    if (secret?.day !== today) secret = { day: today, hash: createDailyHash(await store.dayKey(today)) };
    for (const [id, session] of sessions) {
      if (session.typing && at - session.typing.at > pauseMs) commitTyping(session);
      // Forgotten once quiet for the click window (its answers and results can no longer be joined).
      if (!session.typing && at - session.seen > clickWindowMs) sessions.delete(id);
    }
    if (counters.size === 0) return;
    const taken = [...counters.values()];
    const takenLabels = [...labels.values()];
    counters = new Map();
    labels = new Map();
    // The caps again, against what the record holds (other processes add to it too).
    const kept = new Map<string, Counter>();
    const groups = new Map<string, Counter[]>();
    for (const c of taken) {
      const group = groupOf(c.day, c, spaceOf(c.metric));
      const list = groups.get(group);
      if (list) list.push(c);
      else groups.set(group, [c]);
    }
    for (const [group, list] of groups) {
      const first = list[0]!;
      const space = spaceOf(first.metric);
      const stored = await store.keys(first.day, first.project, first.collection, space);
      for (const c of list) {
        let key = c.key;
        if (key !== OTHER_KEY && !stored.has(key)) {
          if (stored.size < capOf(space)) stored.add(key);
          else key = OTHER_KEY;
        }
        const id = `${group}\u0000${c.metric}\u0000${key}`;
        const same = kept.get(id);
        if (same) same.n += c.n;
        else kept.set(id, { ...c, key });
      }
      for (const key of admitted.get(group) ?? []) if (stored.size < capOf(space)) stored.add(key);
      admitted.set(group, stored);
      loaded.add(group);
    }
    for (const group of admitted.keys()) {
      if (group.startsWith(today)) continue;
      admitted.delete(group);
      loaded.delete(group);
    }
    const posts = new Set(
      [...kept.values()]
        .filter((c) => POST_METRICS.includes(c.metric))
        .map((c) => `${c.day}\u0000${c.project}\u0000${c.collection}\u0000${c.key}`),
    );
    await store.add({
      counters: [...kept.values()],
      labels: takenLabels.filter((l) => posts.has(`${l.day}\u0000${l.project}\u0000${l.collection}\u0000${l.id}`)),
    });
  }

  function flush(): Promise<void> {
    flushing = flushing.then(writeOut).catch((error: unknown) => {
      // The counts of this interval are lost; the service goes on.
      console.warn('[trove service] analytics not recorded:', escapeControl(String((error as Error)?.message ?? error)));
    });
    return flushing;
  }

  const timer = setInterval(() => void flush(), options.flushMs ?? 5000);
  timer.unref();

  return {
    search,
    autocomplete,
    recommend,
    feedback,
    flush,
    async read(from, to) {
      await flush();
      return store.read(from, to);
    },
    async close() {
      clearInterval(timer);
      for (const session of sessions.values()) commitTyping(session);
      await flush();
      closed = true;
      await store.close();
    },
  };
}
