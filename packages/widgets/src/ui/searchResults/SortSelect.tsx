import type { SortOption } from '../../core/parseSortOptions.ts';

export interface SortSelectProps {
  options: SortOption[];
  value: string;
  onChange(value: string): void;
  texts: { label: string; relevance: string; newest: string; oldest: string };
}

/**
 * The sort choice: the handler's own order ("Relevance") first, then the configured options (and
 * the current sort when it came from the URL and is not one of them, so the select never lies).
 */
export function SortSelect({ options, value, onChange, texts }: SortSelectProps) {
  if (options.length === 0) return null;
  const choices = value && !options.some((option) => option.value === value) ? [...options, { value, label: value }] : options;
  // An option without a label of its own (its label is its value): the date orders have names in every language.
  const name = ({ value, label }: SortOption) =>
    label !== value ? label : value === 'date desc' ? texts.newest : value === 'date asc' ? texts.oldest : value;
  return (
    <label part="sort" class="sort">
      <span part="sort-label">{texts.label}</span>
      <select part="sort-select" class="sort-select" value={value} onChange={(event) => onChange(event.currentTarget.value)}>
        <option value="">{texts.relevance}</option>
        {choices.map((option) => (
          <option key={option.value} value={option.value}>
            {name(option)}
          </option>
        ))}
      </select>
    </label>
  );
}
