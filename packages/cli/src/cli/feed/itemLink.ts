import { childOf, textOf, type XmlValue } from './parseXml.ts';
import { toSafeUrl } from '../toSafeUrl.ts';
import type { FeedContext } from '../types.ts';

/**
 * Click trackers feed services put in an item's `link` instead of the post's address (FeedBurner
 * `~r/`, Pheedo, Feedsportal, FeedBlitz, Google's and Bing's redirectors): the address says
 * nothing about the post, so an original link or a permalink guid is preferred.
 */
const clickTracker =
  /^https?:\/\/(?:(?:feeds\.feedburner\.com|feedproxy\.google\.com)\/~r\/|(?:[a-z0-9-]+\.)*pheedo\.com\/|(?:[a-z0-9-]+\.)*feedsportal\.com\/|feeds\.feedblitz\.com\/~\/|(?:www\.)?google\.com\/url\?|(?:www\.)?bing\.com\/ck\/)/i;

/**
 * Links of advertisements that feed services insert as items: hosts named `ads.…`, `ad.…` or
 * `adserver.…` below a domain (Pheedo's `ads.pheedo.com`, but not the newspaper `ad.nl`),
 * Feedsportal's `da.` redirector, DoubleClick, BuySellAds, AdZerk, AdButler, `adclick` paths.
 * Such an item is not a post.
 */
const adServer =
  /^https?:\/\/(?:(?:ads|adserver|ad)\.[a-z0-9-]+\.[a-z0-9.-]+(?::\d+)?\/|(?:[a-z0-9-]+\.)*(?:doubleclick\.net|buysellads\.com|adzerk\.net|adbutler\.com)\/|da\.feedsportal\.com\/r\/|[^/]+\/(?:[^?#]*\/)?(?:adclick|clickthrough|adserve)(?:\.\w+)?(?:[/?#]|$))/i;

/** Whether a link goes to an ad server (see `adServer`). */
export function isAdLink(url: string): boolean {
  return adServer.test(url.trim());
}

/** Whether a link is a feed service's click tracker (see `clickTracker`). */
export function isClickTracker(url: string): boolean {
  return clickTracker.test(url.trim());
}

/** The text of the item's original-link element, whatever prefix its namespace has (`feedburner:origLink`, `pheedo:origLink`, …). */
export function originalLinkOf(item: XmlValue): string | undefined {
  const element = Array.isArray(item) ? item[0] : item;
  if (element === null || typeof element !== 'object') return undefined;
  const name = Object.keys(element).find((key) => /^(?:[\w.-]+:)?origLink$/i.test(key));
  return name === undefined ? undefined : textOf(childOf(element, name));
}

const hasScheme = /^[a-z][a-z0-9+.-]*:/i;

/**
 * The address an item stands for, as it is indexed, with what to warn about:
 * - relative links resolve against `base` (the entry's `xml:base`, the feed's, its site or self
 *   link, the address it was fetched from, else `--site-url`, as `parseInput` chose); without
 *   any, the link is left out with a warning that names `--site-url`;
 * - with `--site-url`, links on the feed's own hosts (relative ones resolved there included) move
 *   to the site's scheme and host, so ids and links are the site's canonical addresses;
 * - only http(s) is kept.
 */
export function resolveItemLink(
  raw: string | undefined,
  base: string | undefined,
  context: FeedContext,
): { url?: string; warning?: string } {
  if (raw === undefined) return {};
  const url = toSafeUrl(raw, base);
  if (url === undefined || (url.startsWith('/') && !hasScheme.test(raw))) {
    if (!hasScheme.test(raw.trim()) && !/[\u0000-\u001f\u007f]/.test(raw)) {
      return {
        warning:
          `link "${raw}" is relative and the feed gives no address to resolve it against (no xml:base, no absolute ` +
          'self or site link, and it was read from a file); left out. Pass --site-url <your site’s address>',
      };
    }
    return { warning: `link "${raw}" is not an http(s) URL; left out` };
  }
  if (context.siteUrl === undefined) return { url };
  const parsed = new URL(url);
  if (!context.ownHosts?.has(parsed.host.toLowerCase())) return { url };
  const site = new URL(context.siteUrl);
  parsed.protocol = site.protocol;
  parsed.host = site.host;
  return { url: parsed.href };
}
