/**
 * Checks an indexing body and normalises it to StoredDocument[] — all or nothing: the first
 * problem throws a 400 naming the document (`documents[3]`) and the field, so a bad batch
 * changes nothing.
 *
 * - The body must be a JSON array of objects, each with an `id` (a finite number or a non-empty
 *   string of at most 512 characters). Ids are compared as strings; a later duplicate in the
 *   same batch wins. A whole number beyond ±(2^53 − 1) is a 400: it cannot be held exactly.
 * - v2 fields: `title`, `content`, `image`, `url`, `date` strings; `tags`, `category`, `author`,
 *   `authors` arrays of strings (`author` and `authors` are merged). v1 fields: `title_t_bi`,
 *   `content_t_bi`, `image_s`, `url_s`, `date_dt` strings; `tags_sa`, `category_sa`,
 *   `author_sa`, `authors_sa`, `meta_sa` arrays of strings.
 * - `null` counts as absent. `date` must be ISO 8601. Other unknown fields are ignored, except
 *   the other version's field names, which are refused (a v1 body sent to v2 would otherwise
 *   index empty documents).
 */
import { ServiceError } from '../ServiceError.ts';
import { parseIsoDate } from './parseIsoDate.ts';
import type { ApiVersion, StoredDocument } from '../types.ts';

type Target = 'title' | 'content' | 'image' | 'url' | 'date' | 'tags' | 'categories' | 'authors' | 'meta';

const STRING_TARGETS = new Set<Target>(['title', 'content', 'image', 'url', 'date']);

const V2: Record<string, Target> = {
  title: 'title',
  content: 'content',
  image: 'image',
  url: 'url',
  date: 'date',
  tags: 'tags',
  category: 'categories',
  author: 'authors',
  authors: 'authors',
};

const V1: Record<string, Target> = {
  title_t_bi: 'title',
  content_t_bi: 'content',
  image_s: 'image',
  url_s: 'url',
  date_dt: 'date',
  tags_sa: 'tags',
  category_sa: 'categories',
  author_sa: 'authors',
  authors_sa: 'authors',
  meta_sa: 'meta',
};

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

export function validateDocuments(body: unknown, version: ApiVersion): StoredDocument[] {
  if (!Array.isArray(body)) {
    throw new ServiceError(400, `Invalid documents: the body must be a JSON array of documents, got ${describe(body)}`);
  }
  const fields = version === 'v1' ? V1 : V2;
  const foreign = version === 'v1' ? V2 : V1;
  const byId = new Map<string, StoredDocument>();
  body.forEach((raw: unknown, index) => {
    const where = `documents[${index}]`;
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
      throw new ServiceError(400, `Invalid ${where}: each document must be an object, got ${describe(raw)}`);
    }
    const input = raw as Record<string, unknown>;
    const id = input.id;
    let key: string;
    if (typeof id === 'number' && Number.isInteger(id) && !Number.isSafeInteger(id)) {
      // JSON.parse has already rounded it: 9007199254740993 arrives as …992, another document's id.
      throw new ServiceError(
        400,
        `Invalid ${where}.id: ${id} is beyond ±(2^53 − 1), where JavaScript numbers stop being exact; send it as a string`,
      );
    } else if (typeof id === 'number' && Number.isFinite(id)) key = String(id);
    else if (typeof id === 'string' && id.trim() !== '' && id.length <= 512) key = id;
    else if (id === undefined || id === null) throw new ServiceError(400, `Invalid ${where}: missing id`);
    else
      throw new ServiceError(
        400,
        `Invalid ${where}.id: must be a number or a non-empty string (at most 512 characters), got ${describe(id)}`,
      );
    const doc: StoredDocument = { id: key, title: '', content: '', url: '', tags: [], categories: [], authors: [], meta: [] };
    for (const [name, value] of Object.entries(input)) {
      if (name === 'id' || value === null || value === undefined) continue;
      const target = Object.hasOwn(fields, name) ? fields[name] : undefined;
      if (!target) {
        if (Object.hasOwn(foreign, name)) {
          const own = Object.entries(fields).find(([, t]) => t === foreign[name])?.[0];
          throw new ServiceError(400, `Invalid ${where}.${name}: not a field of the ${version} schema${own ? ` (use ${own})` : ''}`);
        }
        continue;
      }
      if (STRING_TARGETS.has(target)) {
        if (typeof value !== 'string') {
          throw new ServiceError(400, `Invalid ${where}.${name}: must be a string, got ${describe(value)}`);
        }
        if (target === 'date') {
          const ts = parseIsoDate(value);
          if (ts === undefined) {
            throw new ServiceError(400, `Invalid ${where}.${name}: ${JSON.stringify(value)} is not an ISO 8601 date`);
          }
          doc.date = value;
          doc.ts = ts;
        } else if (target === 'image') {
          doc.image = value;
        } else {
          doc[target as 'title' | 'content' | 'url'] = value;
        }
      } else {
        if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) {
          throw new ServiceError(
            400,
            `Invalid ${where}.${name}: must be an array of strings, got ${describe(value)}${Array.isArray(value) ? ' with a non-string item' : ''}`,
          );
        }
        const list = doc[target as 'tags' | 'categories' | 'authors' | 'meta'];
        for (const v of value as string[]) if (v.trim() !== '' && !list.includes(v)) list.push(v);
      }
    }
    byId.delete(key);
    byId.set(key, doc);
  });
  return [...byId.values()];
}
