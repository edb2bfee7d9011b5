/**
 * StoredDocument → the records of API.md, field names exactly as there: `categories` (plural)
 * in search and recommendation records, `tags` only in recommendation records, `category`
 * (singular) in navigational suggestions; ids as strings; dates `YYYY-MM-DDTHH:MM:SS.mmm+0000`.
 * Absent optional fields (`image`, and `date` for an undated document) are left out.
 */
import { formatDate } from './parseIsoDate.ts';
import type { StoredDocument } from './types.ts';

export function toSearchRecord(doc: StoredDocument): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  if (doc.ts !== undefined) record.date = formatDate(doc.ts);
  if (doc.image !== undefined) record.image = doc.image;
  record.categories = [...doc.categories];
  record.id = doc.id;
  record.title = doc.title;
  record.content = doc.content;
  record.url = doc.url;
  return record;
}

export function toRecommendationRecord(doc: StoredDocument): Record<string, unknown> {
  return { ...toSearchRecord(doc), tags: [...doc.tags] };
}

export function toNavigationalSuggestion(doc: StoredDocument): Record<string, unknown> {
  const record: Record<string, unknown> = { phrase: doc.title, suggestion_type: 'navigational' };
  if (doc.ts !== undefined) record.date = formatDate(doc.ts);
  record.id = doc.id;
  record.category = [...doc.categories];
  record.url = doc.url;
  return record;
}

export function toFilterSuggestion(phrase: string, filter: string): Record<string, unknown> {
  return { phrase, suggestion_type: 'filter', filters: [filter] };
}
