/**
 * English texts of `<trove-related-posts>` (override any subset with the `translations`
 * property or `configure({ translations })`).
 */
export const relatedPostsMessages = {
  /** The block's heading (the `heading` attribute replaces it per element). */
  relatedHeading: 'Related posts',
  /** Announced while the posts load (the placeholder cards are hidden from screen readers). */
  relatedLoading: 'Loading related posts…',
  /** Accessible name of a card's tag list. */
  relatedTags: 'Tags',
  /** Shown for a post whose title is empty. */
  relatedUntitled: 'Untitled post',
};
