import { batch, computed, signal } from '@preact/signals';
import type { SearchResult } from 'trove-search-client';
import type { TroveClient } from 'trove-search-client';
import { type Controller, type ControllerState, isAbort, type SelectHow, toError } from './Controller.ts';
import { createLatest } from './createLatest.ts';
import { createSettings } from './createSettings.ts';
import * as defaults from './defaults.ts';

/** The current post, whose related posts are wanted. */
export interface RelatedSource {
  /** Sent as `id` and as feedback `source_id`. */
  id: string;
  /** Sent as `title` and as feedback `source_title`. */
  title?: string;
  /** Sent as `url` and as feedback `source_url`. */
  url?: string;
}

/** Settings that follow the element's attributes: everything one recommend request depends on. */
export interface RelatedSettings {
  /** `null` (no `doc-id`): nothing to load. */
  source: RelatedSource | null;
  /** Number of posts asked for; default `defaults.relatedLimit`. */
  limit?: number;
  /** `field:"value"` filters (sent where the API version has them). */
  filter?: readonly string[];
  /** `<field> asc|desc` (sent where the API version has it). */
  sort?: string | null;
  /** The recommender handler; omitted → the service's default. Also used for feedback. */
  handler?: string;
  /** `false` (the `no-analytics` setting): clicks send no feedback. Default `true`. */
  analytics?: boolean;
}

/** `trove-select` from `<trove-related-posts>`: a recommendation was opened (cancel to stop the navigation). */
export interface RecommendationSelectDetail {
  recommendation: SearchResult;
  /** 1-based position as shown. */
  position: number;
  sourceId: string;
}

export interface RelatedHooks {
  /** A recommendation is being opened in this tab; `false` stops the navigation (a cancelled `trove-select`). */
  onSelect?(detail: RecommendationSelectDetail): boolean | void;
  /** The request failed; the block hides itself. */
  onError?(error: Error): void;
}

export interface RelatedControllerOptions extends RelatedSettings, RelatedHooks {
  client: TroveClient;
}

/**
 * `idle` until the block is near the viewport (or `eager`), `loading`, `ready` with posts,
 * `empty` with none and `error` on a failure (the block then hides itself: `hidden`).
 */
export interface RelatedState extends ControllerState {
  /** The posts of the last successful answer, in the order shown. */
  posts: readonly SearchResult[];
  /** The source those posts are related to (feedback names it). */
  source: RelatedSource | null;
  /** The block should not show at all (no posts, or a failure). */
  hidden: boolean;
}

export interface RelatedController extends Controller<RelatedSettings, RelatedState, SearchResult> {
  /** Is the block within reach of the viewport? It loads once it is (always for `eager`). */
  setNear(near: boolean): void;
}

/** The settings of `options` (without the client and hooks), as `createSettings` compares them. */
function settingsOf({ source, limit, filter, sort, handler, analytics }: RelatedSettings): Settled {
  return { source, limit, filter: filter ? [...filter] : [], sort: sort ?? undefined, handler, analytics };
}

/** The settings as the controller keeps them (its own list, no `null`). */
type Settled = RelatedSettings & { filter: string[]; sort?: string };

/**
 * The headless model of `<trove-related-posts>`: no DOM. An answer the client already holds
 * (`client.peek`) is shown from the start, and asked again only when stale; otherwise it loads
 * once per distinct setting when the block is near the viewport, drops stale answers (a newer setting aborts the older request
 * and a late answer is ignored), turns failures into `error` (never a throw), and sends
 * recommendation feedback for clicks.
 */
export function createRelatedController(options: RelatedControllerOptions): RelatedController {
  const { client } = options;
  const status = signal<RelatedState['status']>('idle');
  const posts = signal<readonly SearchResult[]>([]);
  const error = signal<Error | null>(null);
  const loaded = signal<{ source: RelatedSource; handler?: string } | null>(null);
  const latest = createLatest();

  const settings = createSettings<Settled>({ source: null, filter: [] });
  /** The settings now (one object while they stay equal). */
  const current = () => settings.value.peek();
  let near = false;
  /** The settings whose request went out (the store keeps one object while the settings are equal). */
  let requested: Settled | null = null;
  /** Settings whose answer is shown from the client's copy (a later request only refreshes it). */
  let held: Settled | null = null;
  let disposed = false;

  const paramsOf = (source: RelatedSource) => ({
    id: source.id,
    title: source.title,
    url: source.url,
    limit: current().limit ?? defaults.relatedLimit,
    filter: current().filter,
    sort: current().sort,
  });

  function show(source: RelatedSource, handler: string | undefined, results: readonly SearchResult[]): void {
    const shown = results.slice(0, current().limit ?? defaults.relatedLimit);
    batch(() => {
      posts.value = shown;
      loaded.value = { source, handler };
      error.value = null;
      status.value = shown.length ? 'ready' : 'empty';
    });
  }

  /**
   * The answer the client already holds for these settings (a post loaded again) shows at once,
   * so the block takes its final height in its first render; a fresh one needs no request at all.
   */
  function showHeld(): void {
    const { source, handler } = current();
    if (!source) return;
    const answer = client.peek.recommend(paramsOf(source), { handler });
    if (!answer) return;
    show(source, handler, answer.response.results);
    held = current();
    if (!answer.stale) requested = current();
  }

  async function load(): Promise<void> {
    const { source, handler } = current();
    if (disposed || !source || !near || requested === current()) return;
    requested = current();
    const refresh = held === current();
    if (!refresh) status.value = 'loading';
    const answer = await latest.run((signal) => client.recommend(paramsOf(source), { handler, signal }));
    if (answer.stale) return; // a newer setting (or dispose) took over
    if ('error' in answer) {
      if (isAbort(answer.error)) return;
      if (refresh) return; // a failed refresh keeps the posts shown
      const failure = toError(answer.error);
      batch(() => {
        posts.value = [];
        loaded.value = null;
        error.value = failure;
        status.value = 'error';
      });
      options.onError?.(failure);
      return;
    }
    show(source, handler, answer.value.results);
  }

  function update(next: RelatedSettings): void {
    if (disposed || !settings.set(settingsOf(next))) return;
    requested = null;
    latest.cancel();
    batch(() => {
      posts.value = [];
      loaded.value = null;
      error.value = null;
      status.value = 'idle';
    });
    held = null;
    showHeld();
    void load();
  }
  update(options);

  return {
    state: computed(() => ({
      status: status.value,
      error: error.value,
      posts: posts.value,
      source: loaded.value?.source ?? null,
      hidden: status.value === 'empty' || status.value === 'error',
    })),
    update,
    setNear(value) {
      near = value;
      void load();
    },
    select(post, position, how: SelectHow = {}) {
      const from = loaded.peek();
      if (disposed || !from || !post || posts.peek()[position - 1] !== post) return false;
      if (current().analytics !== false)
        void client.feedback.recommendation(
          {
            source_id: from.source.id,
            source_title: from.source.title,
            source_url: from.source.url,
            target_id: post.id,
            target_title: post.title || undefined,
            target_url: post.url || undefined,
            item_order: position,
          },
          { handler: from.handler },
        );
      if (how.newTab) return true;
      return options.onSelect?.({ recommendation: post, position, sourceId: from.source.id }) !== false;
    },
    retry() {
      requested = null;
      void load();
    },
    dispose() {
      disposed = true;
      latest.cancel();
    },
  };
}
