/**
 * Whether the page asks not to be indexed: `<meta name="robots">`, `googlebot` or `trove-index`
 * (ours) with `noindex` or `none`.
 */
export function isNoindex(document: Document): boolean {
  for (const element of [...document.querySelectorAll('meta[name][content]')].slice(0, 2000)) {
    const name = element.getAttribute('name')!.trim().toLowerCase();
    if (name !== 'robots' && name !== 'googlebot' && name !== 'trove-index') continue;
    const directives = element
      .getAttribute('content')!
      .toLowerCase()
      .split(/[\s,]+/);
    if (directives.includes('noindex') || directives.includes('none')) return true;
  }
  return false;
}
