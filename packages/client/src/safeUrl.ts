/**
 * The URL if it is safe to put in `href`/`src`: relative, or absolute `http:`/`https:`.
 * `javascript:`, `data:` and other schemes (also hidden by whitespace or control characters,
 * which browsers strip) give `undefined`, and so do non-strings and blank strings.
 */
export function safeUrl(url: unknown): string | undefined {
  if (typeof url !== 'string' || !url.trim()) return undefined;
  // eslint-disable-next-line no-control-regex
  const scheme = /^([^/?#]*?):/.exec(url.replace(/[\u0000-\u0020]/g, ''))?.[1];
  return scheme === undefined || /^https?$/i.test(scheme) ? url : undefined;
}
