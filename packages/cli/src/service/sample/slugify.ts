/**
 * A URL path segment for a title or a name: lower case, ASCII letters and digits, dashes.
 * `++` and `#` are spelled out (`C++` → `cpp`, `C#` → `csharp`) so those names keep apart.
 */
export function slugify(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\+\+/g, 'pp')
    .replace(/#/g, 'sharp')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return slug || 'post';
}
