import { computed, effect } from '@preact/signals';
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { documentId } from 'trove-search-client';
import type { SearchResult } from 'trove-search-client';
import type { TroveClient } from 'trove-search-client';
import {
  createRelatedController,
  type RecommendationSelectDetail,
  type RelatedController,
  type RelatedSettings,
} from '../../core/createRelatedController.ts';
import * as defaults from '../../core/defaults.ts';
import type { AttributeProps } from '../attributeSpec.ts';
import { formatDate } from '../formatDate.ts';
import { linkClick } from '../linkClick.ts';
import { readPageSource } from './readPageSource.ts';
import type { relatedPostsAttributes } from './relatedPostsAttributes.ts';
import { relatedPostsMessages } from './relatedPostsMessages.ts';
import { type Translate, translate } from '../translate.ts';
import { useController } from '../useController.ts';

/** The block's settings: one prop per attribute of `relatedPostsAttributes` (described there), and these. */
export interface RelatedPostsProps extends AttributeProps<typeof relatedPostsAttributes> {
  client: TroveClient;
  /** Recommender handler; default the service's. */
  handler?: string;
  /** `false`: clicks send no feedback. Default `true`. */
  analytics?: boolean;
  /** For dates (`Intl`). Default the browser's. */
  locale?: string;
  /** Texts; default English. */
  t?: Translate;
  /**
   * A recommendation is being opened in this tab (plain click or Enter). Return `false` to stop
   * the browser's navigation (an SPA router takes over). Opening in a new tab or window
   * (Ctrl/Cmd/Shift-click, middle-click) sends feedback only.
   */
  onSelect?: (selection: RecommendationSelectDetail) => boolean | void;
  /** The request failed; the block has hidden itself. */
  onError?: (error: Error) => void;
  /** The block hid itself (no posts or a failure) or shows again (a new `docId`). */
  onHiddenChange?: (hidden: boolean) => void;
}

/** Load when the block is within about one screen of the viewport. */
const NEAR_MARGIN = '100% 0px';

const defaultT: Translate = (key, vars) => translate(relatedPostsMessages, key, vars);

let headingIds = 0;

/** `2024-03-05T00:00:00.000+0000` → `2024-03-05` for `<time datetime>`; '' when not a date. */
function machineDate(date: unknown): string {
  return typeof date === 'string' && /^\d{4}-\d\d-\d\d/.test(date) ? date.slice(0, 10) : '';
}

/** Columns of the grid on a wide container: rows without gaps for 3, 6, 9 posts; else 4 (2 for 1–2). */
function gridColumns(limit: number): number {
  if (limit <= 2) return 2;
  return limit % 3 === 0 && limit % 4 !== 0 ? 3 : 4;
}

/**
 * The "related posts" block: a heading and cards (image, title link, date, tags) in a list or a
 * grid. Before the posts arrive it shows placeholder cards of exactly the final size, so loading
 * shifts nothing; with no posts or on a failure it renders nothing (and says so through
 * `onHiddenChange`). All data handling lives in `createRelatedController`.
 */
export function RelatedPosts(props: RelatedPostsProps) {
  const {
    client,
    analytics = true,
    eager = false,
    layout = defaults.relatedLayout,
    limit = defaults.relatedLimit,
    locale,
    t = defaultT,
  } = props;
  const hooks = useRef(props);
  hooks.current = props;
  const page = readPageSource();
  const url = props.docUrl ?? page.url;
  const id = props.docId || String(documentId(url) ?? '');
  const settings: RelatedSettings = {
    source: id ? { id, title: props.docTitle ?? page.title, url } : null,
    ...props,
    limit,
    handler: props.handler,
    analytics,
  };
  const controller = useController(
    () =>
      createRelatedController({
        ...settings,
        client,
        onSelect: (detail) => hooks.current.onSelect?.(detail),
        onError: (error) => hooks.current.onError?.(error),
      }),
    settings,
    [client],
  );

  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    const target = section.current;
    if (eager || !target || typeof IntersectionObserver === 'undefined') {
      controller.setNear(true);
      return;
    }
    controller.setNear(false);
    const observer = new IntersectionObserver(
      (entries) => {
        const last = entries[entries.length - 1];
        if (last) controller.setNear(last.isIntersecting);
      },
      { rootMargin: NEAR_MARGIN },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [controller, eager]);

  // Told as soon as the state changes (before `onError`), not after the next paint.
  useLayoutEffect(() => {
    const hidden = computed(() => controller.state.value.hidden);
    return effect(() => hooks.current.onHiddenChange?.(hidden.value));
  }, [controller]);
  const { status, hidden, posts } = controller.state.value;

  const [headingId] = useState(() => `trove-related-heading-${++headingIds}`);
  const heading = props.heading ?? t('relatedHeading');
  const loading = status !== 'ready';

  return (
    <section
      ref={section}
      part="base"
      class={`related layout-${layout === 'grid' ? 'grid' : 'list'}`}
      hidden={hidden}
      {...(heading ? { 'aria-labelledby': headingId } : { 'aria-label': t('relatedHeading') })}
      aria-busy={loading && !hidden ? 'true' : undefined}
    >
      {hidden ? null : (
        <>
          {heading ? (
            <h2 part="heading" class="heading" id={headingId}>
              {heading}
            </h2>
          ) : null}
          {loading ? <p class="visually-hidden">{t('relatedLoading')}</p> : null}
          <ul part="list" class="list" role="list" data-columns={gridColumns(limit)}>
            {loading
              ? Array.from({ length: limit }, (_, i) => <PlaceholderCard key={`p${i}`} />)
              : posts.map((post, i) => (
                  <Card key={`${i}:${post.id}`} post={post} position={i + 1} controller={controller} locale={locale} t={t} />
                ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** A card of the final size with grey bars instead of text (hidden from screen readers). */
function PlaceholderCard() {
  return (
    <li part="card placeholder" class="card is-placeholder" aria-hidden="true">
      <div part="media" class="media" />
      <div class="body">
        <p class="title">
          <span class="bar" />
          <span class="bar short" />
        </p>
        <p class="date">
          <span class="bar tiny" />
        </p>
        <p class="tags">
          <span class="bar chip" />
          <span class="bar chip" />
        </p>
      </div>
    </li>
  );
}

interface CardProps {
  post: SearchResult;
  position: number;
  controller: RelatedController;
  locale: string | undefined;
  t: Translate;
}

function Card({ post, position, controller, locale, t }: CardProps) {
  const [broken, setBroken] = useState(false);
  // `api/` already blanked unsafe addresses and made every field its type.
  const href = post.url || undefined;
  const image = broken ? undefined : post.image;
  const title = post.title.trim() ? post.title : t('relatedUntitled');
  const date = formatDate(post.date, locale);
  const tags = post.tags?.filter((tag) => tag.trim()) ?? [];

  const activate = (event: MouseEvent) => {
    const how = linkClick(event);
    if (how && !controller.select(post, position, how)) event.preventDefault();
  };
  return (
    <li part="card" class="card">
      <div part="media" class={image ? 'media' : 'media is-empty'}>
        {image ? (
          <img part="image" src={image} alt="" loading="lazy" decoding="async" onError={() => setBroken(true)} />
        ) : (
          <svg class="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M4 5h16v14H4z M4 15l4-4 4 4 3-3 5 5" />
            <circle cx="15.5" cy="9" r="1.5" />
          </svg>
        )}
      </div>
      <div class="body">
        <h3 part="title" class="title" dir="auto">
          {href ? (
            <a part="link" class="link" href={href} onClick={activate} onAuxClick={activate}>
              {title}
            </a>
          ) : (
            <span class="link">{title}</span>
          )}
        </h3>
        <p class="date">
          {date ? (
            <time part="date" dateTime={machineDate(post.date) || undefined}>
              {date}
            </time>
          ) : null}
        </p>
        <p class="tags">
          {tags.length ? (
            <span part="tags" class="tag-list" role="list" aria-label={t('relatedTags')}>
              {tags.map((tag, i) => (
                <span part="tag" class="tag" role="listitem" key={i}>
                  {tag}
                </span>
              ))}
            </span>
          ) : null}
        </p>
      </div>
    </li>
  );
}
