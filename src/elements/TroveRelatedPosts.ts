import { h, type ComponentChild } from 'preact';
import { splitFilters } from '../api/splitFilters.ts';
import { RelatedPosts } from '../ui/RelatedPosts.tsx';
import { relatedPostsMessages } from '../ui/relatedPostsMessages.ts';
import styles from '../styles/relatedPosts.css?inline';
import { relatedPostsAttributes } from './relatedPostsAttributes.ts';
import { TroveElement, type ElementContext } from './TroveElement.ts';
import type { TroveHost } from './TroveHost.ts';

/** Hosts that hid themselves (so that an element only ever removes its own `hidden`). */
const selfHidden = new WeakSet<TroveHost>();

function setHidden(host: TroveHost, hidden: boolean): void {
  if (hidden === selfHidden.has(host)) return;
  if (hidden) selfHidden.add(host);
  else selfHidden.delete(host);
  host.toggleAttribute('hidden', hidden);
}

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
  static override attributes = relatedPostsAttributes;
  static override styles = styles;
  static override messages = relatedPostsMessages;

  protected override renderView(ctx: ElementContext<typeof relatedPostsAttributes>): ComponentChild {
    const { attr, config, get } = ctx;
    return h(RelatedPosts, {
      client: ctx.client,
      docId: get('doc-id') ?? '',
      docTitle: attr('doc-title'),
      docUrl: attr('doc-url'),
      ...(config.handler ? { handler: config.handler } : {}),
      limit: get('limit'),
      filter: splitFilters(attr('filter')),
      sort: get('sort'),
      heading: attr('heading'),
      layout: get('layout'),
      eager: get('eager'),
      analytics: config.analytics,
      locale: ctx.locale,
      t: ctx.t,
      onSelect: (selection) => this.emit('trove-select', selection, { cancelable: true }),
      onError: (error) => {
        this.emit('trove-error', { error });
      },
      onHiddenChange: (hidden) => setHidden(this, hidden),
    });
  }
}
