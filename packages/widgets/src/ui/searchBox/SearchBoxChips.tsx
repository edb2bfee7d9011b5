import type { Translate } from '../translate.ts';

export interface SearchBoxChipsProps {
  filters: string[];
  label(filter: string): string;
  t: Translate;
  onRemove(filter: string): void;
}

/** The box's active filters as chips before the input, each with a remove button. */
export function SearchBoxChips({ filters, label, t, onRemove }: SearchBoxChipsProps) {
  if (!filters.length) return null;
  return (
    <ul part="chips" class="chips" aria-label={t('activeFilters')}>
      {filters.map((filter) => {
        const text = label(filter);
        return (
          <li key={filter} part="chip" class="chip">
            <span class="chip-text">{text}</span>
            <button
              type="button"
              part="chip-remove"
              class="chip-remove"
              aria-label={t('removeFilter', { filter: text })}
              onClick={() => onRemove(filter)}
            >
              <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d="M7 7l10 10M17 7 7 17" />
              </svg>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
