import type { Document } from 'trove-search-client';
import type { MappedItem } from './types.ts';

/** The mapped fields of one item, before the checks every document must pass (ids are numbers here). */
export type ItemFields = Omit<Document, 'id' | 'authors'> & { id?: number };

/**
 * A document from mapped fields, or a skip with its reason: an item needs a title or some
 * content (else there is nothing to find), and an id (else indexing it again would duplicate it).
 * Empty strings and empty lists are left out rather than sent.
 */
export function buildDocument(label: string, fields: ItemFields, warnings: string[], missingIdReason: string): MappedItem {
  if (fields.title === undefined && fields.content === undefined) {
    return { label, skipped: 'has no title and no content', warnings };
  }
  if (fields.id === undefined) return { label, skipped: missingIdReason, warnings };
  const document: Document = { id: fields.id };
  if (fields.title !== undefined) document.title = fields.title;
  if (fields.content !== undefined) document.content = fields.content;
  if (fields.url !== undefined) document.url = fields.url;
  if (fields.image !== undefined) document.image = fields.image;
  for (const key of ['tags', 'category', 'author'] as const) {
    const values = fields[key];
    if (values !== undefined && values.length > 0) document[key] = values;
  }
  if (fields.date !== undefined) document.date = fields.date;
  return { label, document, warnings };
}

/** Collapses runs of whitespace; `undefined` for an empty result. */
export function cleanText(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const cleaned = value.replace(/\s+/g, ' ').trim();
  return cleaned === '' ? undefined : cleaned;
}

/** Non-empty, whitespace-collapsed, distinct strings in their first order. */
export function distinct(values: (string | undefined)[]): string[] {
  const seen = new Set<string>();
  for (const value of values) {
    const cleaned = cleanText(value);
    if (cleaned !== undefined) seen.add(cleaned);
  }
  return [...seen];
}

/** `item 3 "A title that is…"`, or `item 3 (https://…)` when there is no title. */
export function itemLabel(kind: string, position: number, title?: string, key?: string): string {
  if (title !== undefined) return `${kind} ${position} "${title.length > 60 ? `${title.slice(0, 57)}…` : title}"`;
  if (key !== undefined) return `${kind} ${position} (${key.length > 80 ? `${key.slice(0, 77)}…` : key})`;
  return `${kind} ${position}`;
}
