/**
 * StoredDocument → the records of docs/http-api.md, typed with the client's own types and field names
 * exactly as there: `categories` (plural) in search and recommendation records, `tags` only in
 * recommendation records, `category` (singular) in navigational suggestions; ids as strings;
 * dates `YYYY-MM-DDTHH:MM:SS.mmm+0000`. Absent optional fields (`image`, and `date` for an
 * undated document) are left out.
 */
import type { FilterSuggestion, NavigationalSuggestion, SearchResult } from 'trove-search-client';
import { formatRecordDate } from './formatRecordDate.ts';
import type { StoredDocument } from '../types.ts';

/** A search result; `date` is left out (not empty) for an undated document. */
export type ServiceResult = Omit<SearchResult, 'date'> & { date?: string };

export function toSearchRecord(doc: StoredDocument): ServiceResult {
  const record: Partial<ServiceResult> = {};
  if (doc.ts !== undefined) record.date = formatRecordDate(doc.ts);
  if (doc.image !== undefined) record.image = doc.image;
  record.categories = [...doc.categories];
  record.id = doc.id;
  record.title = doc.title;
  record.content = doc.content;
  record.url = doc.url;
  return record as ServiceResult;
}

export function toRecommendationRecord(doc: StoredDocument): ServiceResult {
  return { ...toSearchRecord(doc), tags: [...doc.tags] };
}

export function toNavigationalSuggestion(doc: StoredDocument): NavigationalSuggestion {
  const record: Partial<NavigationalSuggestion> = { phrase: doc.title, suggestion_type: 'navigational' };
  if (doc.ts !== undefined) record.date = formatRecordDate(doc.ts);
  record.id = doc.id;
  record.category = [...doc.categories];
  record.url = doc.url;
  return record as NavigationalSuggestion;
}

export function toFilterSuggestion(phrase: string, filter: string): FilterSuggestion {
  return { phrase, suggestion_type: 'filter', filters: [filter] };
}
