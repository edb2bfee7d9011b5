/**
 * Addresses of images that are never a post's picture: tracking pixels (FeedBurner `~4`,
 * FeedBlitz, WordPress.com stats, Medium's `_/stat`, Blogger's tracker, analytics and ad
 * counters), share buttons (FeedBurner FeedFlare `~ff`, WordPress.com `feeds.wordpress.com/1.0/`,
 * AddToAny, Feedsportal), WordPress emoji, and author avatars (Gravatar, GitHub).
 */
const incidentalAddresses: RegExp[] = [
  /^(?:https?:)?\/\/(?:feeds\.feedburner\.com|feedproxy\.google\.com)\/~(?:r\/[^?#]*\/~4\/|ff\/|a\/)/i,
  /^(?:https?:)?\/\/feeds\.feedblitz\.com\/~\/i\//i,
  /^(?:https?:)?\/\/(?:pixel\.wp\.com|stats\.wordpress\.com)\//i,
  /^(?:https?:)?\/\/feeds\.wordpress\.com\/1\.0\//i,
  /^(?:https?:)?\/\/(?:www\.)?medium\.com\/_\/stat\b/i,
  /^(?:https?:)?\/\/blogger\.googleusercontent\.com\/tracker\//i,
  /^(?:https?:)?\/\/(?:www\.google-analytics\.com|stats\.g\.doubleclick\.net|ad\.doubleclick\.net|pixel\.quantserve\.com)\//i,
  /^(?:https?:)?\/\/(?:[a-z0-9-]+\.)*feedsportal\.com\/(?:social|r|c)\//i,
  /^(?:https?:)?\/\/static\.addtoany\.com\/buttons\//i,
  /^(?:https?:)?\/\/s\.w\.org\/images\/core\/emoji\//i,
  /^(?:https?:)?\/\/(?:[a-z0-9-]+\.)?gravatar\.com\/avatar\//i,
  /^(?:https?:)?\/\/avatars\.githubusercontent\.com\//i,
];

/** The classes WordPress gives the images it turns emoji into (`wp-smiley`, `emoji`). */
export const emojiClass = /(?:^|\s)(?:wp-smiley|emoji)(?:\s|$)/;

/** `0`, `1`, `1px`, `0.0`: a dimension that makes an image invisible or a pixel. */
const pixelSize = /^\s*[01](?:\.0*)?\s*(?:px)?\s*$/i;

/**
 * Whether an image (its address and, when known, its attributes) is a tracking pixel, a share
 * button, an emoji or an avatar rather than a picture of the post: a known address (see above), a
 * `width` or `height` of 0 or 1 (attribute or inline style), `display: none`, or the classes
 * WordPress gives emoji (`wp-smiley`, `emoji`).
 */
export function isIncidentalImage(src: string, attributes: Record<string, string | undefined> = {}): boolean {
  if (incidentalAddresses.some((pattern) => pattern.test(src.trim()))) return true;
  for (const name of ['width', 'height']) {
    const value = attributes[name];
    if (value !== undefined && pixelSize.test(value)) return true;
  }
  const style = attributes.style ?? '';
  if (/(?:^|;)\s*display\s*:\s*none/i.test(style) || /(?:^|;)\s*(?:width|height)\s*:\s*[01](?:\.0*)?(?:px)?\s*(?:;|$)/i.test(style)) {
    return true;
  }
  return emojiClass.test(attributes.class ?? '');
}
