import { batch, computed, signal, type ReadonlySignal } from '@preact/signals';
import type { SearchResult, TroveClient } from '../api/types.ts';
import { createLatest } from './createLatest.ts';

/** The current post, whose related posts are wanted. */
export interface RelatedSource {
  /** Sent as `id` and as feedback `source_id`. */
  id: string;
  /** Sent as `title` and as feedback `source_title`. */
  title?: string;
  /** Sent as `url` and as feedback `source_url`. */
  url?: string;
}

/** Everything one recommend request depends on. */
export interface RelatedQuery {
  source: RelatedSource;
  /** Number of posts asked for. */
  limit: number;
  /** `field:"value"` filters; v2 only (never sent in v1). */
  filter?: string[];
  /** `<field> asc|desc`; v2 only (never sent in v1). */
  sort?: string;
  /** The recommender handler; omitted → the service's default. Also used for feedback. */
  handler?: string;
}

/**
 * - `idle`: nothing to load (no query yet).
 * - `waiting`: a query is set but the block is not near the viewport yet (lazy).
 * - `loading`: the request is in flight.
 * - `ready`: `results` holds at least one post.
 * - `empty`: the service answered with no posts — the block hides itself.
 * - `error`: the request failed (`error` says why) — the block hides itself.
 */
export type RelatedStatus = 'idle' | 'waiting' | 'loading' | 'ready' | 'empty' | 'error';

export interface RelatedControllerOptions {
  client: TroveClient;
  /** `false` (the `no-analytics` setting): clicks send no feedback. Default `true`. */
  analytics?: boolean;
}

export interface RelatedController {
  readonly status: ReadonlySignal<RelatedStatus>;
  /** The posts of the last successful answer, in the order shown. */
  readonly results: ReadonlySignal<readonly SearchResult[]>;
  readonly error: ReadonlySignal<Error | null>;
  /** The query that `results` answer (feedback names its source). */
  readonly loadedQuery: ReadonlySignal<RelatedQuery | null>;
  /** `true` when the block should not be shown at all (no posts, or a failure). */
  readonly hidden: ReadonlySignal<boolean>;
  /**
   * Sets what to load. A query equal to the current one changes nothing; a different one drops
   * the shown posts and loads again — at once when the block is near the viewport, else when
   * it gets near. `null` stops everything.
   */
  setQuery(query: RelatedQuery | null): void;
  /** Tells whether the block is within reach of the viewport (always `true` for `eager`). */
  setNear(near: boolean): void;
  /**
   * Records a click on the post at 1-based `position` (as shown): sends recommendation feedback
   * unless analytics are off or the API is v1. Returns whether feedback was handed to the client.
   */
  select(position: number): boolean;
  /** Aborts the request in flight; the controller ignores everything afterwards. */
  dispose(): void;
}

/** Keeps only well-formed records (an id and a title or URL); the rest cannot be shown or clicked. */
function usable(results: unknown): SearchResult[] {
  if (!Array.isArray(results)) return [];
  return results.filter(
    (r): r is SearchResult => !!r && typeof r === 'object' && (typeof r.id === 'string' || typeof r.id === 'number') && String(r.id) !== '',
  );
}

function keyOf(query: RelatedQuery | null): string {
  if (!query) return '';
  return JSON.stringify([
    query.source.id,
    query.source.title ?? null,
    query.source.url ?? null,
    query.limit,
    query.filter ?? [],
    query.sort ?? null,
    query.handler ?? null,
  ]);
}

/**
 * The headless model of `<trove-related-posts>`: no DOM. The view feeds it the query (from the
 * attributes and the page) and the "near the viewport" flag (from an IntersectionObserver, or
 * `true` for `eager`); it loads exactly once per distinct query, when both are there, drops stale
 * answers (a newer query aborts the older request and a late answer is ignored), turns failures
 * into the `error` status (never a throw), and sends feedback for clicks.
 */
export function createRelatedController({ client, analytics = true }: RelatedControllerOptions): RelatedController {
  const status = signal<RelatedStatus>('idle');
  const results = signal<readonly SearchResult[]>([]);
  const error = signal<Error | null>(null);
  const loadedQuery = signal<RelatedQuery | null>(null);
  const hidden = computed(() => status.value === 'empty' || status.value === 'error');

  let query: RelatedQuery | null = null;
  let queryKey = '';
  let near = false;
  let requestedKey = '';
  let disposed = false;
  const latest = createLatest();

  async function maybeLoad(): Promise<void> {
    if (disposed || !query || !near || requestedKey === queryKey) return;
    requestedKey = queryKey;
    const q = query;
    const v2 = client.options.apiVersion !== 'v1';
    status.value = 'loading';
    const answer = await latest.run((signal) =>
      client.recommend(
        {
          id: q.source.id,
          ...(q.source.title ? { title: q.source.title } : {}),
          ...(q.source.url ? { url: q.source.url } : {}),
          limit: q.limit,
          ...(v2 && q.filter?.length ? { filter: [...q.filter] } : {}),
          ...(v2 && q.sort ? { sort: q.sort } : {}),
        },
        { ...(q.handler ? { handler: q.handler } : {}), signal },
      ),
    );
    if (answer.stale) return; // a newer query (or dispose) took over
    batch(() => {
      if ('error' in answer) {
        results.value = [];
        loadedQuery.value = null;
        error.value = answer.error instanceof Error ? answer.error : new Error(String(answer.error));
        status.value = 'error';
        return;
      }
      const posts = usable(answer.value?.results).slice(0, q.limit);
      results.value = posts;
      loadedQuery.value = q;
      error.value = null;
      status.value = posts.length ? 'ready' : 'empty';
    });
  }

  return {
    status,
    results,
    error,
    loadedQuery,
    hidden,
    setQuery(next) {
      if (disposed) return;
      const nextKey = keyOf(next);
      if (nextKey === queryKey) return;
      query = next;
      queryKey = nextKey;
      requestedKey = '';
      latest.cancel();
      batch(() => {
        results.value = [];
        loadedQuery.value = null;
        error.value = null;
        status.value = next ? 'waiting' : 'idle';
      });
      void maybeLoad();
    },
    setNear(value) {
      near = value;
      void maybeLoad();
    },
    select(position) {
      const q = loadedQuery.value;
      const target = results.value[position - 1];
      if (disposed || !analytics || !q || !target || client.options.apiVersion === 'v1') return false;
      void Promise.resolve(
        client.feedback.recommendation(
          {
            source_id: q.source.id,
            ...(q.source.title ? { source_title: q.source.title } : {}),
            ...(q.source.url ? { source_url: q.source.url } : {}),
            target_id: target.id,
            ...(target.title ? { target_title: target.title } : {}),
            ...(target.url ? { target_url: target.url } : {}),
            item_order: position,
          },
          q.handler ? { handler: q.handler } : {},
        ),
      ).catch(() => undefined); // fire-and-forget: a failed beacon never breaks the page
      return true;
    },
    dispose() {
      disposed = true;
      latest.cancel();
    },
  };
}
