/** Links kept from one page, at most (a generated page may hold millions). */
const MAX_LINKS = 5000;

/** An absolute http(s) address from `href` read on the page at `base`, without its fragment; `undefined` for anything else (mailto:, javascript:, garbage). */
export function absoluteUrl(href: string | null | undefined, base: string): string | undefined {
  const trimmed = href?.trim();
  if (!trimmed) return undefined;
  let url: URL;
  try {
    url = new URL(trimmed, base);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  url.hash = '';
  return url.href;
}

/** The page's links (`<a href>`, `<area href>`, `<link rel="next|prev">`), absolute, without fragments, distinct, in page order, bounded. */
export function pageLinks(document: Document, base: string): string[] {
  const links = new Set<string>();
  for (const element of document.querySelectorAll('a[href], area[href], link[rel~="next"][href], link[rel~="prev"][href]')) {
    const url = absoluteUrl(element.getAttribute('href'), base);
    if (url !== undefined) links.add(url);
    if (links.size >= MAX_LINKS) break;
  }
  return [...links];
}
