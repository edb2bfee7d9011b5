/**
 * A link target from the corpus that is safe to put in `href`/`src`: a same-site path
 * (`/posts/…`) or an absolute http(s) URL. Anything else (`javascript:`, `data:`, `//evil`,
 * control characters) gives `fallback`.
 */
export function safeUrl(url: string | undefined | null, fallback = '#'): string {
  if (typeof url !== 'string') return fallback;
  const trimmed = url.trim();
  // eslint-disable-next-line no-control-regex
  if (trimmed === '' || /[\u0000-\u001f\u007f\\]/.test(trimmed)) return fallback;
  if (trimmed.startsWith('/')) return trimmed.startsWith('//') ? fallback : trimmed;
  try {
    const parsed = new URL(trimmed);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : fallback;
  } catch {
    return fallback;
  }
}
