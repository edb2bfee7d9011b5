import { h, type ComponentChild } from 'preact';
import { documentId } from 'trove-search-client';
import { RelatedPosts } from '../ui/relatedPosts/RelatedPosts.tsx';
import { relatedPostsMessages } from '../ui/relatedPosts/relatedPostsMessages.ts';
import styles from '../styles/relatedPosts.css?inline';
import { relatedPostsAttributes } from '../ui/relatedPosts/relatedPostsAttributes.ts';
import type { TroveErrorEvent, TroveSelectEvent } from './events.ts';
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
 * `<trove-related-posts>` — posts related to the current one (README), found by the page's
 * canonical address unless `doc-id` names the post.
 *
 * Attributes: see the declaration (`static attributes`), the one place they are described.
 * With no posts, or on a failure, the element hides itself (`hidden`).
 *
 * @tagname trove-related-posts
 * @fires {CustomEvent<RecommendationSelectDetail>} trove-select - a post was clicked; cancel it to stop the navigation and route yourself
 * @fires {CustomEvent<TroveErrorDetail>} trove-error - the recommendations failed
 * @csspart base - the <section> around everything (class `layout-list` or `layout-grid`)
 * @csspart heading - the <h2>
 * @csspart list - the <ul> of cards
 * @csspart card - one card (<li>); placeholder cards before the posts load are `card placeholder`
 * @csspart media - the fixed-ratio image box (shows a neutral placeholder without an image)
 * @csspart image - the <img>
 * @csspart title - the card's <h3>
 * @csspart link - the title link (its click area covers the whole card)
 * @csspart date - the <time>
 * @csspart tags - a card's list of tags
 * @csspart tag - one tag
 * @csspart error - an explained error state
 * @csspart config-error - the error shown for missing or invalid settings
 * @csspart highlight - the query highlighted in a text
 * @cssprop --trove-color-accent - links, active option, primary buttons
 * @cssprop --trove-color-accent-text - text on the accent colour
 * @cssprop --trove-color-bg - background of inputs and cards
 * @cssprop --trove-color-border - borders and dividers
 * @cssprop --trove-color-chip - background of chips
 * @cssprop --trove-color-error - error text and borders
 * @cssprop --trove-color-focus - focus ring
 * @cssprop --trove-color-hover - background of hovered and active rows
 * @cssprop --trove-color-mark - background of highlighted query terms
 * @cssprop --trove-color-mark-text - text of highlighted query terms
 * @cssprop --trove-color-muted - secondary text
 * @cssprop --trove-color-surface - background of popups and panels
 * @cssprop --trove-color-text - main text
 * @cssprop --trove-font - font family of every text
 * @cssprop --trove-font-size - base font size
 * @cssprop --trove-radius - corner radius of boxes and chips
 * @cssprop --trove-shadow - shadow of popups
 * @cssprop --trove-space - spacing unit; gaps are multiples
 * @cssprop --trove-z-index - stacking of popups and panels
 */
export class TroveRelatedPosts extends TroveElement {
  static override attributes = relatedPostsAttributes;
  static override styles = styles;
  static override messages = relatedPostsMessages;
  declare static readonly events: { 'trove-select': TroveSelectEvent; 'trove-error': TroveErrorEvent };

  protected override renderView(ctx: ElementContext<typeof relatedPostsAttributes>): ComponentChild {
    const { config } = ctx;
    return h(RelatedPosts, {
      ...ctx.props,
      client: ctx.client,
      // A whole number as it is, any other string hashed as `trove index` hashes string ids; none: the page's own id.
      docId: String(documentId(ctx.props.docId ?? undefined) ?? ''),
      handler: config.handler,
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
