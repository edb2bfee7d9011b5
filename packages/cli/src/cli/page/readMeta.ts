/** The `<meta>` values of a page by lower-cased `property` or `name` (`og:title`, `article:tag`, `robots`), in page order. */
export type PageMeta = Map<string, string[]>;

/** At most this many `<meta>` elements are read (a hostile page may have millions). */
const MAX_META = 2000;

/** Reads the page's `<meta property|name content>` pairs; a key may repeat (`article:tag`). */
export function readMeta(document: Document): PageMeta {
  const meta: PageMeta = new Map();
  const elements = document.querySelectorAll('meta[content]');
  for (let i = 0; i < elements.length && i < MAX_META; i++) {
    const element = elements[i]!;
    const key = (element.getAttribute('property') ?? element.getAttribute('name'))?.trim().toLowerCase();
    const content = element.getAttribute('content')?.trim();
    if (!key || !content) continue;
    const values = meta.get(key);
    if (values) values.push(content);
    else meta.set(key, [content]);
  }
  return meta;
}

/** The first value of a key, if any. */
export function firstMeta(meta: PageMeta, key: string): string | undefined {
  return meta.get(key)?.[0];
}
