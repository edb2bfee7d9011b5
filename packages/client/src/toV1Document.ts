import { toIndexId } from './toIndexId.ts';
import type { Document } from './types.ts';

const V1_NAMES = new Map([
  ['title', 'title_t_bi'],
  ['content', 'content_t_bi'],
  ['image', 'image_s'],
  ['url', 'url_s'],
  ['tags', 'tags_sa'],
  ['category', 'category_sa'],
  ['author', 'author_sa'],
  ['authors', 'author_sa'],
  ['date', 'date_dt'],
]);

/**
 * A v2-schema document in v1 field names (`title` → `title_t_bi`, `author`/`authors` → `author_sa`,
 * …; `id` stays `id`, as the number `toIndexId` gives it). Other fields (already-suffixed custom
 * fields such as `meta_sa`) pass unchanged; when both `author` and `authors` are given, `author`
 * wins.
 */
export function toV1Document(doc: Document): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(doc)) {
    if (value === undefined || (key === 'authors' && doc.author !== undefined)) continue;
    out[V1_NAMES.get(key) ?? key] = key === 'id' ? toIndexId(value) : value;
  }
  return out;
}
