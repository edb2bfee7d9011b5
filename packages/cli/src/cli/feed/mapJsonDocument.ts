import { documentId } from 'trove-search-client';
import { buildDocument, cleanText, itemLabel } from '../buildDocument.ts';
import { readDate } from '../readDate.ts';
import { toSafeUrl } from '../toSafeUrl.ts';
import type { MappedItem } from '../types.ts';

const stringFields = ['title', 'content', 'image', 'url', 'date'] as const;
const listFields = ['tags', 'category', 'author', 'authors'] as const;
const known = new Set<string>(['id', ...stringFields, ...listFields]);

/**
 * Checks one document of a JSON array or NDJSON input against the v2 schema (docs/http-api.md) and
 * normalises it: a non-negative integer id (a numeric string is read as a number; another string,
 * or a missing id with a `url`, gets the id `documentId` gives that string, the rule the related-posts
 * element applies to its `doc-id`), string fields as strings,
 * list fields as lists of strings (a single string becomes a one-item list; `authors` is sent as
 * `author`), `date` as ISO 8601, `url`/`image` only when http(s) or a site path. A field of the
 * wrong type skips the document with the reason, so a bad document is never sent half-read.
 * Unknown fields are left out with a warning.
 */
export function mapJsonDocument(value: unknown, kind: 'document' | 'line', position: number): MappedItem {
  const label = `${kind} ${position}`;
  const warnings: string[] = [];
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return {
      label,
      skipped: `is not an object (got ${value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value})`,
      warnings,
    };
  }
  const input = value as Record<string, unknown>;
  const title = typeof input.title === 'string' ? cleanText(input.title) : undefined;
  const named = itemLabel(
    kind,
    position,
    title,
    typeof input.id === 'string' || typeof input.id === 'number' ? `id ${input.id}` : undefined,
  );
  const skip = (reason: string): MappedItem => ({ label: named, skipped: reason, warnings });

  for (const field of stringFields) {
    if (input[field] !== undefined && input[field] !== null && typeof input[field] !== 'string') {
      return skip(`field "${field}" must be a string, not ${JSON.stringify(input[field])}`);
    }
  }
  const lists: Partial<Record<(typeof listFields)[number], string[]>> = {};
  for (const field of listFields) {
    const raw = input[field];
    if (raw === undefined || raw === null) continue;
    const values = typeof raw === 'string' ? [raw] : raw;
    if (!Array.isArray(values) || values.some((v) => typeof v !== 'string')) {
      return skip(`field "${field}" must be a list of strings, not ${JSON.stringify(raw)}`);
    }
    lists[field] = values.map((v: string) => v.trim()).filter((v) => v !== '');
  }

  let id: number | undefined;
  const rawId = input.id;
  if (typeof rawId === 'number') {
    if (!Number.isSafeInteger(rawId) || rawId < 0) return skip(`id ${rawId} is not a non-negative whole number`);
    id = rawId;
  } else if (typeof rawId === 'string' && rawId.trim() !== '') {
    id = documentId(rawId);
  } else if (rawId !== undefined && rawId !== null) {
    return skip(`id must be a number or a string, not ${JSON.stringify(rawId)}`);
  } else {
    id = documentId(typeof input.url === 'string' ? input.url : undefined);
    if (id === undefined) return skip('has no id and no url to derive a stable id from');
  }

  const content = typeof input.content === 'string' && input.content.trim() !== '' ? input.content.trim() : undefined;
  if (title === undefined && content === undefined) return skip('has no title and no content');

  const links: { url?: string; image?: string } = {};
  for (const field of ['url', 'image'] as const) {
    const raw = input[field];
    if (typeof raw !== 'string' || raw.trim() === '') continue;
    links[field] = toSafeUrl(raw);
    if (links[field] === undefined) warnings.push(`${field} "${raw}" is not an http(s) URL or a site path; left out`);
  }
  let date: string | undefined;
  if (typeof input.date === 'string' && input.date.trim() !== '') {
    date = readDate(input.date).date;
    if (date === undefined) return skip(`date "${input.date}" is not an ISO 8601 date`);
  }
  const unknown = Object.keys(input).filter((key) => !known.has(key));
  if (unknown.length > 0)
    warnings.push(`unknown field${unknown.length > 1 ? 's' : ''} ${unknown.map((k) => `"${k}"`).join(', ')} left out`);
  return buildDocument(
    named,
    {
      id,
      title,
      content,
      ...links,
      tags: lists.tags,
      category: lists.category,
      author: [...new Set([...(lists.author ?? []), ...(lists.authors ?? [])])],
      date,
    },
    warnings,
    'has no id and no url to derive a stable id from',
  );
}
