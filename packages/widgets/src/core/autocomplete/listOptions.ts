import type { FilterSuggestion, NavigationalSuggestion, Suggestion } from 'trove-search-client';

/** One entry of the list as shown; `index` is its 0-based place, `position` (suggestions) its 1-based one. */
export type AutocompleteOption =
  | { kind: 'navigational'; index: number; position: number; suggestion: NavigationalSuggestion }
  | { kind: 'filter'; index: number; position: number; suggestion: FilterSuggestion }
  | { kind: 'recent'; index: number; q: string }
  | { kind: 'clear-recent'; index: number };

/** A labelled section of the list, in display order. */
export interface AutocompleteGroup {
  kind: 'navigational' | 'filter' | 'recent';
  options: AutocompleteOption[];
}

/**
 * The list the box shows: for an empty text the recent searches and, after them, "clear recent
 * searches"; otherwise the suggestions as arranged (arrangeSuggestions.ts).
 */
export function listOptions(query: string, recent: readonly string[], suggestions: readonly Suggestion[]): AutocompleteOption[] {
  if (!query.trim()) {
    const list: AutocompleteOption[] = recent.map((q, index) => ({ kind: 'recent', index, q }));
    if (list.length) list.push({ kind: 'clear-recent', index: list.length });
    return list;
  }
  return suggestions.map((suggestion, index) =>
    suggestion.suggestion_type === 'navigational'
      ? { kind: 'navigational', index, position: index + 1, suggestion }
      : { kind: 'filter', index, position: index + 1, suggestion },
  );
}

/** The options in labelled sections: each run of one kind is a group ("clear recent searches" goes with the recent ones). */
export function groupOptions(options: readonly AutocompleteOption[]): AutocompleteGroup[] {
  const out: AutocompleteGroup[] = [];
  for (const option of options) {
    const kind = option.kind === 'clear-recent' ? 'recent' : option.kind;
    const last = out[out.length - 1];
    if (last?.kind === kind) last.options.push(option);
    else out.push({ kind, options: [option] });
  }
  return out;
}
