/**
 * A URL from a feed that is safe to index: resolved against `base` when relative (when there is
 * a base; a root-relative path such as `/posts/1` is kept as is without one), and only `http:` or
 * `https:`. Anything else (`javascript:`, `data:`, `mailto:`, control characters) gives
 * `undefined`, so a hostile feed cannot plant a script URL in the index.
 */
export function toSafeUrl(value: unknown, base?: string): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  // eslint-disable-next-line no-control-regex
  if (trimmed === '' || /[\u0000-\u001f\u007f]/.test(trimmed)) return undefined;
  let parsed: URL;
  try {
    parsed = base === undefined ? new URL(trimmed) : new URL(trimmed, base);
  } catch {
    // No base: a root-relative path is a fine same-site link; anything else is not a URL.
    if (base === undefined && trimmed.startsWith('/') && !trimmed.startsWith('//') && !trimmed.includes('\\')) return trimmed;
    return undefined;
  }
  return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : undefined;
}
