import type { FilterSuggestion, NavigationalSuggestion, Suggestion } from 'trove-search-client';

/**
 * Suggestions trimmed to `limit`, grouped by type in the order the service ranked them (the type
 * of the first result leads): the order shown, which `item_order` counts. (`api/` already dropped
 * malformed records and unsafe links.)
 */
export function arrangeSuggestions(results: Suggestion[], limit: number | null | undefined): Suggestion[] {
  const shown = limit && limit > 0 ? results.slice(0, limit) : results;
  const first = shown[0]?.suggestion_type;
  return [...shown.filter((s) => s.suggestion_type === first), ...shown.filter((s) => s.suggestion_type !== first)];
}

/** Suggestions the same to a reader: the same type and target. */
const sameSuggestion = (a: Suggestion, b: Suggestion): boolean =>
  a.suggestion_type === b.suggestion_type &&
  (a.suggestion_type === 'navigational'
    ? a.url === (b as NavigationalSuggestion).url && a.phrase === b.phrase
    : a.filters.join('\n') === (b as FilterSuggestion).filters.join('\n'));

/** Where the option the reader moved to is in a new answer (-1 when it is gone), so it stays active. */
export function keptIndex(next: Suggestion[], active: Suggestion | undefined): number {
  return active ? next.findIndex((s) => sameSuggestion(s, active)) : -1;
}
