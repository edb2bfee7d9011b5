import { parseFilter } from '../api/filter.ts';
import type { Translate } from './translate.ts';

/** Field names as written in either API version → the key of their label (`field_<key>`). */
const ALIASES: Record<string, string> = { categories: 'category', authors: 'author', tag: 'tags' };

/**
 * A person's label for a `field:"value"` filter: "Category: News". The field's label comes from
 * the `field_<name>` text (v1 type suffixes such as `_sa` dropped, plurals folded); an unknown
 * field shows its own name, and a text that is not a filter at all is shown as it is.
 */
export function filterLabel(text: string, t: Translate): string {
  const parsed = parseFilter(text);
  if (!parsed) return text;
  const bare = parsed.field.replace(/_(?:sa|s|t_bi|dt|i|l|b)$/, '');
  const key = `field_${ALIASES[bare] ?? bare}`;
  const label = t(key);
  return t('filterLabel', { field: label === key ? parsed.field : label, value: parsed.value });
}
