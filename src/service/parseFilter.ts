/**
 * `filter` parameters: `<field>:"<value>"`, the value in double quotes with `\"` and `\\` as
 * the only escapes. Anything else (no quotes, an unknown escape, text after the closing quote)
 * is malformed → 400.
 *
 * Field names: v2 accepts `category`/`categories`, `tags`/`tag`, `author`/`authors`, `year`;
 * v1 accepts those and the suffixed names `category_sa`/`categories_sa`, `tags_sa`,
 * `author_sa`/`authors_sa`, `meta_sa` (a v1 list field that documents may carry; a filter on it
 * matches only documents indexed with that value). `year` values must be a 4-digit year.
 */
import { ServiceError } from './ServiceError.ts';
import type { ApiVersion } from './types.ts';

/** The facet a filter narrows on (internal names). */
export type FilterField = 'categories' | 'tags' | 'authors' | 'year' | 'meta';

export interface ParsedFilter {
  field: FilterField;
  value: string;
}

const V2_FIELDS: Record<string, FilterField> = {
  category: 'categories',
  categories: 'categories',
  tag: 'tags',
  tags: 'tags',
  author: 'authors',
  authors: 'authors',
  year: 'year',
};

const V1_FIELDS: Record<string, FilterField> = {
  ...V2_FIELDS,
  category_sa: 'categories',
  categories_sa: 'categories',
  tags_sa: 'tags',
  author_sa: 'authors',
  authors_sa: 'authors',
  meta_sa: 'meta',
};

const SHAPE = /^([A-Za-z_][A-Za-z0-9_]*):"((?:[^"\\]|\\["\\])*)"$/s;

export function parseFilter(raw: string, version: ApiVersion): ParsedFilter {
  const match = SHAPE.exec(raw);
  if (!match) {
    throw new ServiceError(
      400,
      `Malformed filter ${JSON.stringify(raw)}: expected <field>:"<value>" with \\" and \\\\ as the only escapes`,
    );
  }
  const name = match[1]!;
  const fields = version === 'v1' ? V1_FIELDS : V2_FIELDS;
  const field = Object.hasOwn(fields, name) ? fields[name] : undefined;
  if (!field) {
    throw new ServiceError(
      400,
      `Unknown filter field "${name}" in ${JSON.stringify(raw)}: ${version} accepts ${Object.keys(fields).join(', ')}`,
    );
  }
  const value = match[2]!.replace(/\\(["\\])/g, '$1');
  if (field === 'year' && !/^\d{4}$/.test(value)) {
    throw new ServiceError(400, `Filter ${JSON.stringify(raw)}: year must be a 4-digit year`);
  }
  return { field, value };
}
