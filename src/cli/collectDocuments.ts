import type { Document } from '../api/types.ts';
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
 * The documents to send from the mapped items, with every skip and warning. An id that appears
 * twice (the same guid or link listed twice) is sent once, from its first item; the repeats are
 * skipped with a reason naming the first, since sending both would just overwrite one with the other.
 */
export function collectDocuments(items: MappedItem[]): CollectedDocuments {
  const result: CollectedDocuments = { documents: [], labels: [], skipped: [], warnings: [] };
  const firstById = new Map<string, string>();
  for (const item of items) {
    for (const message of item.warnings) result.warnings.push({ label: item.label, message });
    if (item.document === undefined) {
      result.skipped.push({ label: item.label, reason: item.skipped ?? 'could not be mapped' });
      continue;
    }
    const key = String(item.document.id);
    const first = firstById.get(key);
    if (first !== undefined) {
      result.skipped.push({ label: item.label, reason: `has the same id ${key} as ${first}` });
      continue;
    }
    firstById.set(key, item.label);
    result.documents.push(item.document);
    result.labels.push(item.label);
  }
  return result;
}
