/**
 * Addresses of images that are never a post's picture: tracking pixels (FeedBurner `~4`,
 * FeedBlitz, WordPress.com stats, Medium's `_/stat`, Blogger's tracker, analytics and ad
 * counters), share buttons (FeedBurner FeedFlare `~ff`, WordPress.com `feeds.wordpress.com/1.0/`,
 * AddToAny, Feedsportal), WordPress emoji, and author avatars (Gravatar, GitHub). Other share and
 * social buttons are found by name (`isShareButton`).
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

/** Words of a share or social button's file name (`facebook.gif`, `addtofacebook.png`, `share-twitter-32.png`, `email_icon.gif`). */
const shareWord =
  /^(?:add|to|on|this|share|sharethis|addthis|tweet|bookmark|follow|us|facebook|fb|twitter|x|linkedin|pinterest|pin|reddit|digg|delicious|stumbleupon|whatsapp|tumblr|mastodon|bluesky|email|mail|button|btn|icon|logo|small|large|big|sm|lg|\d+(?:x\d+)?)+$/;

/** A file name of a share button names a network or the act of sharing. */
const shareNetwork =
  /facebook|fb|twitter|linkedin|pinterest|reddit|digg|delicious|stumbleupon|whatsapp|tumblr|mastodon|bluesky|share|addthis|tweet|bookmark|mail/;

/** Folders of share and social buttons (`/social-icons/`, `/share-buttons/`, `/bookmarks/`). */
const shareFolder = /\/(?:social|share|sharing|bookmarks?|addthis|sharethis)(?:[-_](?:icons?|buttons?|bar|media))?\//i;

/** Alt texts of share and social buttons: `Add to Facebook`, `Share on Twitter`, `Tweet this`, `Email`. */
const shareAlt =
  /^\s*(?:(?:add|post|share|send|save|pin)(?: (?:this|it))?(?: (?:on|to|via|with))? )?(?:facebook|twitter|x|linkedin|pinterest|reddit|digg|del\.icio\.us|delicious|stumbleupon|whatsapp|tumblr|mastodon|bluesky|e-?mail|a friend)(?: (?:button|icon|logo))?\s*$|^\s*(?:share|tweet|pin it|email this|bookmark)(?: (?:this|it|on \w+))?\s*$/i;

/** Image formats browsers do not show: TIFF, Photoshop, EPS, camera raw, HEIC, JPEG 2000 / XR. */
const undisplayable = /\.(?:tiff?|psd|eps|ai|raw|cr2|nef|dng|heic|heif|jp2|jpx|jxr)(?:[?#]|$)/i;

/** Whether an address (or a media type) names an image format browsers cannot display. */
export function isUndisplayableImage(src: string, type?: string): boolean {
  return (
    undisplayable.test(src.trim()) || /^image\/(?:tiff|x-tiff|vnd\.adobe\.photoshop|x-eps|hei[cf]|jp2|jpx|vnd\.ms-photo)/i.test(type ?? '')
  );
}

/** Whether an image is a share or social button, by its file name, its folder or its alt text. */
function isShareButton(src: string, alt: string | undefined): boolean {
  if (alt !== undefined && shareAlt.test(alt)) return true;
  let path: string;
  try {
    path = new URL(src, 'http://x.invalid/').pathname;
  } catch {
    return false;
  }
  const name = (path.split('/').pop() ?? '').replace(/\.(?:gif|png|jpe?g|svg|webp)$/i, '').toLowerCase();
  const words = name.split(/[-_.]+/).filter((word) => word !== '');
  return (words.some((word) => shareNetwork.test(word)) && words.every((word) => shareWord.test(word))) || shareFolder.test(path);
}

/** The classes WordPress gives the images it turns emoji into (`wp-smiley`, `emoji`). */
export const emojiClass = /(?:^|\s)(?:wp-smiley|emoji)(?:\s|$)/;

/** `0`, `1`, `1px`, `0.0`: a dimension that makes an image invisible or a pixel. */
const pixelSize = /^\s*[01](?:\.0*)?\s*(?:px)?\s*$/i;

/**
 * Whether an image (its address and, when known, its attributes) is a tracking pixel, a share
 * button, an emoji or an avatar rather than a picture of the post, or a format browsers cannot
 * show: a known address (see above), a share or social button by file name, folder or `alt`
 * (`facebook.gif`, "Add to Facebook"), a `.tiff` and the like, a `width` or `height` of 0 or 1
 * (attribute or inline style), `display: none`, or the classes WordPress gives emoji (`wp-smiley`,
 * `emoji`).
 */
export function isIncidentalImage(src: string, attributes: Record<string, string | undefined> = {}): boolean {
  if (incidentalAddresses.some((pattern) => pattern.test(src.trim()))) return true;
  if (isUndisplayableImage(src) || isShareButton(src, attributes.alt)) return true;
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
