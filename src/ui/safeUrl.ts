/**
 * A URL that is safe to put in `href`/`src`: http(s) or relative. Anything else (`javascript:`,
 * `data:`, `vbscript:`, non-strings, unparsable) → `undefined`, and the caller renders no link.
 */
export function safeUrl(url: unknown, base = 'https://base.invalid/'): string | undefined {
  if (typeof url !== 'string') return undefined;
  const trimmed = url.trim();
  if (!trimmed) return undefined;
  try {
    const { protocol } = new URL(trimmed, base);
    return protocol === 'https:' || protocol === 'http:' ? trimmed : undefined;
  } catch {
    return undefined;
  }
}
