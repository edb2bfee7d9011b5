import type { Document } from 'trove-search-client';
import type { MappedItem } from './types.ts';

export interface Skipped {
  label: string;
  reason: string;
}

export interface Warning {
  label: string;
  message: string;
}

export interface CollectedDocuments {
  /** The documents to send, in input order, one per id. */
  documents: Document[];
  /** The label of each document, by position in `documents` (for messages about failed batches). */
  labels: string[];
  skipped: Skipped[];
  warnings: Warning[];
}

/**
 * The documents to send from the mapped items, with every skip and warning. Items that stand for
 * the same link (podcast episodes that all link to the show) take their fallback id (their guid,
 * else their link plus enclosure or title), so each is indexed. An id that still appears twice
 * (the same post listed twice) is sent once, from its first item; the repeats are skipped with a
 * reason naming the first, since sending both would just overwrite one with the other. Items that
 * are not posts (`ignored`: inserted advertisements) are left out with a warning.
 */
export function collectDocuments(items: MappedItem[]): CollectedDocuments {
  const result: CollectedDocuments = { documents: [], labels: [], skipped: [], warnings: [] };
  const firstById = new Map<string, string>();
  const uses = new Map<number | string, number>();
  for (const item of items) {
    if (item.document && item.fallbackId !== undefined) uses.set(item.document.id, (uses.get(item.document.id) ?? 0) + 1);
  }
  for (const item of items) {
    for (const message of item.warnings) result.warnings.push({ label: item.label, message });
    if (item.ignored !== undefined) {
      result.warnings.push({ label: item.label, message: item.ignored });
      continue;
    }
    const shared = item.document !== undefined && item.fallbackId !== undefined && (uses.get(item.document.id) ?? 0) > 1;
    const document = shared ? { ...item.document!, id: item.fallbackId! } : item.document;
    if (document === undefined) {
      result.skipped.push({ label: item.label, reason: item.skipped ?? 'could not be mapped' });
      continue;
    }
    const key = String(document.id);
    const first = firstById.get(key);
    if (first !== undefined) {
      result.skipped.push({ label: item.label, reason: `has the same id ${key} as ${first}` });
      continue;
    }
    firstById.set(key, item.label);
    result.documents.push(document);
    result.labels.push(item.label);
  }
  return result;
}
