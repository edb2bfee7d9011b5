import { h, type ComponentChild } from 'preact';
import { parseRelatedLimit } from '../core/parseRelatedLimit.ts';
import { splitFilters } from '../api/splitFilters.ts';
import { RelatedPosts } from '../ui/RelatedPosts.tsx';
import { relatedPostsMessages } from '../ui/relatedPostsMessages.ts';
import styles from '../styles/relatedPosts.css?inline';
import { TroveElement, type ElementContext } from './TroveElement.ts';

/**
 * `<trove-related-posts doc-id="42">` — posts related to the current one (DESIGN.md §1.2).
 *
 * Attributes: `doc-id` (required), `doc-title` (default `document.title`), `doc-url` (default the
 * canonical link, else `location.href`), `handler`, `limit` (default 4), `filter` (one or more
 * `field:"value"` separated by whitespace; v2), `sort` (v2), `heading` (default "Related posts";
 * empty hides it), `layout` (`list` | `grid`), `eager` (load at once instead of when near the
 * viewport), plus the shared settings.
 *
 * Events: `trove-select` (cancelable; cancel to stop the navigation and route yourself),
 * `trove-error`. With no posts, or on a failure, the element hides itself (`hidden`).
 */
export class TroveRelatedPosts extends TroveElement {
  static override attributes = ['doc-id', 'doc-title', 'doc-url', 'limit', 'filter', 'sort', 'heading', 'layout', 'eager'] as const;
  static override required = ['doc-id'] as const;
  static override styles = styles;
  static override messages = relatedPostsMessages;

  /** Did this element hide itself (so that it only ever removes its own `hidden`)? */
  private selfHidden = false;

  private setHidden(hidden: boolean): void {
    if (hidden === this.selfHidden) return;
    this.selfHidden = hidden;
    this.toggleAttribute('hidden', hidden);
  }

  protected override renderView(ctx: ElementContext): ComponentChild {
    const { attr, config } = ctx;
    return h(RelatedPosts, {
      client: ctx.client,
      docId: (attr('doc-id') ?? '').trim(),
      docTitle: attr('doc-title'),
      docUrl: attr('doc-url'),
      ...(config.handler ? { handler: config.handler } : {}),
      limit: parseRelatedLimit(attr('limit')),
      filter: splitFilters(attr('filter')),
      sort: attr('sort')?.trim() || null,
      heading: attr('heading'),
      layout: attr('layout') === 'grid' ? 'grid' : 'list',
      eager: ctx.bool('eager'),
      analytics: config.analytics,
      locale: ctx.locale,
      t: ctx.t,
      onSelect: (selection) => this.emit('trove-select', selection, { cancelable: true }),
      onError: (error) => {
        this.emit('trove-error', { error });
      },
      onHiddenChange: (hidden) => this.setHidden(hidden),
    });
  }
}
