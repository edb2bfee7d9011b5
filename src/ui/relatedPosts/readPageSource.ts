/**
 * The current page as a recommendation source, for what the element's attributes leave out:
 * the title is `document.title`; the URL is the canonical link's (resolved) address, else
 * `location.href`. Empty strings when there is no document (SSR).
 */
export function readPageSource(): { title: string; url: string } {
  const doc = globalThis.document;
  if (!doc) return { title: '', url: '' };
  const canonical = doc.querySelector('link[rel~="canonical" i][href]');
  const href = canonical instanceof HTMLLinkElement ? canonical.href : '';
  return { title: (doc.title || '').trim(), url: href || globalThis.location?.href || '' };
}
