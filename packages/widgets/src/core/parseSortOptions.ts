import { normalizeSort } from './searchQuery.ts';

/** One choice of the sort select. */
export interface SortOption {
  /** `<field> asc|desc`. */
  value: string;
  label: string;
}

/**
 * The `sort-options` attribute (`date desc:Newest, date asc:Oldest`) → its choices; an entry
 * without a label is labelled with its value, and an entry that is not `<field> asc|desc` is dropped.
 */
export function parseSortOptions(text: string | null | undefined): SortOption[] {
  const options: SortOption[] = [];
  for (const entry of (text ?? '').split(',')) {
    const colon = entry.indexOf(':');
    const value = normalizeSort(colon === -1 ? entry : entry.slice(0, colon));
    const label = colon === -1 ? '' : entry.slice(colon + 1).trim();
    if (value && !options.some((o) => o.value === value)) {
      options.push({ value, label: label || value });
    }
  }
  return options;
}
