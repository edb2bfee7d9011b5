import { useEffect, useRef } from 'preact/hooks';

export interface ActiveFiltersProps {
  /** The reader's filters: removable. */
  filters: string[];
  /** The search box's scope: shown first, never removable. */
  fixed?: readonly string[];
  label(filter: string): string;
  onRemove(filter: string): void;
  onClear(): void;
  /** Called when the last chip went away by its remove button (focus somewhere sensible). */
  onEmptied?(): void;
  texts: { group: string; remove(label: string): string; clearAll: string };
}

/**
 * The active filters as chips: the scope's without a button, the reader's each with a remove
 * button, and "clear all" (of the reader's). Removing a chip moves focus to the chip that took its
 * place (or the one before), never to the document body.
 */
export function ActiveFilters({ filters, fixed = [], label, onRemove, onClear, onEmptied, texts }: ActiveFiltersProps) {
  const list = useRef<HTMLUListElement>(null);
  const focusAt = useRef(-1);
  useEffect(() => {
    const index = focusAt.current;
    if (index < 0) return;
    focusAt.current = -1;
    const buttons = list.current?.querySelectorAll<HTMLButtonElement>('button.chip-remove');
    if (buttons?.length) buttons[Math.min(index, buttons.length - 1)].focus();
    else onEmptied?.();
  }, [filters]);
  if (filters.length === 0 && fixed.length === 0) return null;
  return (
    <div part="active-filters" class="active-filters" role="group" aria-label={texts.group}>
      <ul class="chip-list" ref={list}>
        {[...fixed, ...filters].map((filter, i) => {
          const text = label(filter);
          const removable = i - fixed.length;
          return (
            <li key={filter} part="active-filter" class="chip active-filter">
              <span>{text}</span>
              {removable >= 0 && (
                <button
                  type="button"
                  part="active-filter-remove"
                  class="chip-remove"
                  aria-label={texts.remove(text)}
                  onClick={() => {
                    focusAt.current = removable;
                    onRemove(filter);
                  }}
                >
                  <span aria-hidden="true">×</span>
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {filters.length > 0 && (
        <button
          type="button"
          part="clear-filters"
          class="link-button"
          onClick={() => {
            focusAt.current = 0;
            onClear();
          }}
        >
          {texts.clearAll}
        </button>
      )}
    </div>
  );
}
