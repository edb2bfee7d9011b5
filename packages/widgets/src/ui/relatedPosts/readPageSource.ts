/**
 * The current page as a recommendation source, for what the element's attributes leave out:
 * the title is `document.title`; the URL is the canonical link's (resolved) address, else the
 * `og:url`, else `location.href` without its fragment. Empty strings when there is no document
 * (SSR). `documentId` of that URL is the id `trove index` gives the post's feed item.
 */
export function readPageSource(): { title: string; url: string } {
  const doc = globalThis.document;
  if (!doc) return { title: '', url: '' };
  const canonical = doc.querySelector('link[rel~="canonical" i][href]');
  const og = doc.querySelector('meta[property="og:url" i][content]')?.getAttribute('content');
  let url = canonical instanceof HTMLLinkElement ? canonical.href : '';
  try {
    url ||= og ? new URL(og, doc.baseURI).href : '';
  } catch {}
  return { title: (doc.title || '').trim(), url: url || (globalThis.location?.href || '').split('#')[0]! };
}
