/**
 * The one rule that turns what a page or a feed knows about a post into the numeric id the
 * service stores (docs/http-api.md: `id` is sent as a number). `trove index` applies it to every feed item's
 * link and to every string id of a JSON file; `<trove-related-posts>` applies it to its `doc-id`,
 * or to the page's own canonical address when there is none. Both sides therefore agree without
 * a theme knowing any id:
 *
 * - a whole number (`42`, `"42"`, `" 0042 "` → 42) below 2^53 is used as it is;
 * - an absolute http(s) URL is hashed in its canonical form (`canonicalUrl`), so the feed's
 *   `https://Example.com:443/post/?utm_source=rss#top` and the page's
 *   `http://www.example.com/post` are the same post;
 * - any other string (a slug, a `tag:` URI) is hashed as it is, surrounding whitespace trimmed.
 *
 * The hash (`hash52`) is small and synchronous so the browser can run it: two 32-bit
 * multiply-xor lanes over the UTF-16 code units, each finished with an avalanche step, give
 * 52 bits, a safe integer (0 ≤ id < 2^52). It is not cryptographic; two different keys share an
 * id with a chance of about n²/2^53 for n posts (one in 10^6 for 100 000 posts). The same key
 * gives the same id on every machine and every run: changing anything here changes every id.
 */

/**
 * Query parameters that only say where a reader came from (analytics, ad and mail trackers): never
 * part of a post's identity. By pattern: `utm_*`, HubSpot's `_hs*`, every `*clid` and `*clkid` click
 * id (`fbclid`, `gclid`, `dclid`, `msclkid`, `yclid`, `twclid`, …), Google's `gbraid`/`wbraid`,
 * `_ga`/`_gl`, Mailchimp's `mc_cid`/`mc_eid`, Marketo's `mkt_tok`, `igshid`, `ref_src`/`refsrc`.
 */
const tracking = /^(utm_|_hs|\w*clk?id$|[gw]braid$|_g[al]$|mc_[ce]id$|mkt_tok$|igshid$|ref_?src$)/i;

/** A 32-bit lane: multiply-xor over the code units, then an avalanche so that every bit of the input reaches every bit out. */
function lane(text: string, seed: number, factor: number): number {
  let h = seed;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), factor);
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  return (h ^ (h >>> 16)) >>> 0;
}

/** A 52-bit hash of a string: 0 ≤ n < 2^52, a safe integer. */
export function hash52(text: string): number {
  return (lane(text, 0x3b9aca07 ^ text.length, 0x01000193) & 0xfffff) * 2 ** 32 + lane(text, 0x2545f491, 0x5bd1e995);
}

/**
 * The canonical form of an absolute http(s) address, as ids see it (`undefined` for anything
 * else): no scheme (`http` and `https` are the same post), the host in lower case without a
 * leading `www.` and without its default port, the path without a trailing slash, the query
 * without tracking parameters (`utm_*`, `fbclid`, `gclid`, `msclkid`, Mailchimp's and HubSpot's, …)
 * and sorted, no fragment.
 * `https://www.Example.com/a/?utm_source=x&b=2&a=1#c` → `//example.com/a?a=1&b=2`.
 */
export function canonicalUrl(address: string): string | undefined {
  let url: URL;
  try {
    url = new URL(address.trim());
  } catch {
    return;
  }
  // Sorted as `name,value` strings: any fixed order will do.
  const search = `${new URLSearchParams([...url.searchParams].filter(([name]) => !tracking.test(name)).sort())}`;
  if (/^https?:$/.test(url.protocol))
    return `//${url.host.replace(/^www\./, '')}${url.pathname.replace(/(.)\/+$/, '$1')}${search && `?${search}`}`;
}

/**
 * The document id of a key: a whole number as it is, an absolute http(s) URL by the hash of its
 * canonical form, any other non-empty string by its own hash; `undefined` for nothing (an empty
 * string, a negative or fractional number).
 */
export function documentId(key: string | number | undefined | null): number | undefined {
  if (typeof key === 'number') return Number.isSafeInteger(key) && key >= 0 ? key : undefined;
  const text = key?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text) && Number.isSafeInteger(+text)) return +text;
  return hash52(canonicalUrl(text) ?? text);
}
