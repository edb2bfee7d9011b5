import { useEffect, useRef } from 'preact/hooks';
import { parseFilter } from 'trove-search-client';
import type { NavigationalSuggestion } from 'trove-search-client';
import type { AutocompleteController, AutocompleteOption } from '../../core/createAutocompleteController.ts';
import { formatDate } from '../formatDate.ts';
import { Highlight } from '../Highlight.tsx';
import { linkClick } from '../linkClick.ts';
import type { Translate } from '../translate.ts';

export interface SearchBoxListProps {
  id: string;
  controller: AutocompleteController;
  expanded: boolean;
  optionId(index: number): string;
  locale?: string;
  t: Translate;
  label(filter: string): string;
  /** The link a navigational suggestion opens for the query; default its `url`. */
  linkOf?(suggestion: NavigationalSuggestion, query: string): string;
}

/**
 * The listbox: labelled groups (posts, filters, recent searches) of options; only the active
 * option has `aria-selected="true"`. Navigational options are real links, so Ctrl/Cmd-click and
 * middle-click open a new tab (feedback is sent for those too).
 */
export function SearchBoxList({ id, controller, expanded, optionId, locale, t, label, linkOf }: SearchBoxListProps) {
  const list = useRef<HTMLDivElement>(null);
  const { activeIndex, answeredQuery, query: text, groups } = controller.state.value;
  const query = answeredQuery || text.trim();

  useEffect(() => {
    if (activeIndex < 0) return;
    list.current?.querySelector(`[id="${optionId(activeIndex)}"]`)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeIndex]);

  return (
    <div ref={list} part="listbox" class="listbox" id={id} role="listbox" aria-label={t('listLabel')} hidden={!expanded}>
      {expanded
        ? groups.map((group) => (
            <div
              key={group.kind}
              part={`group group-${group.kind}`}
              class={`group group-${group.kind}`}
              role="group"
              aria-label={t(`group_${group.kind}`)}
            >
              <div part="group-label" class="group-label" aria-hidden="true">
                {t(`group_${group.kind}`)}
              </div>
              {group.options.map((option) => (
                <Option
                  key={`${option.kind}:${option.index}`}
                  option={option}
                  {...{ controller, optionId, locale, t, label, query, linkOf }}
                  active={option.index === activeIndex}
                />
              ))}
            </div>
          ))
        : null}
    </div>
  );
}

interface OptionProps {
  option: AutocompleteOption;
  active: boolean;
  controller: AutocompleteController;
  optionId(index: number): string;
  locale?: string;
  t: Translate;
  label(filter: string): string;
  query: string;
  linkOf?(suggestion: NavigationalSuggestion, query: string): string;
}

/** An option's icon: the path `d` on a 24-unit square, hidden from screen readers (the option's text says what it is). */
const optionIcon = (d: string) => (
  <svg part="option-icon" class="option-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path d={d} />
  </svg>
);

function Option({ option, active, controller, optionId, locale, t, label, query, linkOf }: OptionProps) {
  const common = {
    id: optionId(option.index),
    role: 'option' as const,
    'aria-selected': active ? ('true' as const) : undefined,
    part: `option option-${option.kind}${active ? ' option-active' : ''}`,
    class: `option option-${option.kind}${active ? ' is-active' : ''}`,
    onClick: () => void controller.choose(option.index),
  };

  if (option.kind === 'navigational') {
    const { suggestion } = option;
    // `api/` keeps only navigational suggestions with a safe link, so this is one.
    const href = linkOf ? linkOf(suggestion, query) : suggestion.url;
    const follow = (event: MouseEvent) => {
      const how = linkClick(event);
      if (how && !controller.choose(option.index, how)) event.preventDefault();
    };
    const date = formatDate(suggestion.date, locale);
    const categories = suggestion.category?.join(', ') ?? '';
    return (
      <a {...common} href={href} tabIndex={-1} onClick={follow} onAuxClick={follow}>
        {optionIcon('M7 3h7l5 5v13H7z M14 3v5h5')}
        <span class="option-body">
          <span part="option-title" class="option-title" dir="auto">
            <Highlight text={suggestion.phrase} query={query} />
          </span>
          {date || categories ? (
            <span part="option-meta" class="option-meta">
              {date}
              {date && categories ? ' · ' : ''}
              {categories}
            </span>
          ) : null}
        </span>
      </a>
    );
  }

  if (option.kind === 'filter') {
    return (
      <div {...common}>
        {optionIcon('M4 5h16l-6 7v6l-4 2v-8z')}
        <span class="option-body option-chips">
          {option.suggestion.filters.map((filter) => {
            const parsed = parseFilter(filter);
            const text = label(filter);
            const cut = parsed ? text.lastIndexOf(parsed.value) : -1;
            return (
              <span key={filter} part="suggestion-chip" class="suggestion-chip">
                {cut > 0 ? (
                  <>
                    {text.slice(0, cut)}
                    <Highlight text={parsed!.value} query={query} />
                    {text.slice(cut + parsed!.value.length)}
                  </>
                ) : (
                  <Highlight text={text} query={query} />
                )}
              </span>
            );
          })}
        </span>
      </div>
    );
  }

  if (option.kind === 'recent') {
    return (
      <div {...common}>
        {/* A clock: its face (a circle of radius 8) and its hands. */}
        {optionIcon('M4 12a8 8 0 1 0 16 0a8 8 0 1 0-16 0M12 8v4l3 2')}
        <span class="option-body option-title">{option.q}</span>
        <span
          part="recent-remove"
          class="recent-remove"
          aria-hidden="true"
          title={t('removeRecent')}
          onClick={(event) => {
            event.stopPropagation();
            controller.removeRecent(option.q);
          }}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M7 7l10 10M17 7 7 17" />
          </svg>
        </span>
      </div>
    );
  }

  return (
    <div {...common}>
      <span class="option-body">{t('clearRecent')}</span>
    </div>
  );
}
