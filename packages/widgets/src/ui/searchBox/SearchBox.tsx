import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { NavigationalSuggestion } from 'trove-search-client';
import type { TroveClient } from 'trove-search-client';
import { safeUrl } from 'trove-search-client';
import {
  type AutocompleteController,
  type AutocompleteHooks,
  createAutocompleteController,
} from '../../core/createAutocompleteController.ts';
import type { PageSearch } from '../../core/createPageSearch.ts';
import { matchShortcut } from '../../core/matchShortcut.ts';
import { pageSearch } from '../../core/pageSearch.ts';
import { parseShortcut } from '../../core/parseShortcut.ts';
import { recentSearches } from '../../core/recentSearches.ts';
import type { AttributeProps } from '../attributeSpec.ts';
import { filterLabel } from '../filterLabel.ts';
import { isTypingTarget } from './isTypingTarget.ts';
import { keepPlaced } from './keepPlaced.ts';
import { lockPageScroll } from './lockPageScroll.ts';
import { passageLink } from '../passageLink.ts';
import { placeBelow } from './placeBelow.ts';
import type { searchBoxAttributes } from './searchBoxAttributes.ts';
import { SearchBoxChips } from './SearchBoxChips.tsx';
import { SearchBoxList } from './SearchBoxList.tsx';
import { searchBoxMessages } from './searchBoxMessages.ts';
import { type Translate, translate } from '../translate.ts';
import { useController } from '../useController.ts';
import { visualViewportBox } from './visualViewportBox.ts';
import { warmFormats } from './warmFormats.ts';

/** The box's settings: one prop per attribute of `searchBoxAttributes` (described there), and these. */
export interface SearchBoxProps extends AttributeProps<typeof searchBoxAttributes> {
  client: TroveClient;
  /** Autocomplete handler (feedback goes to the same one). */
  handler?: string;
  /** Debounce of typing; default `defaults.debounceMs`. */
  debounceMs?: number;
  /** `false`: no click feedback. Default `true`. */
  analytics?: boolean;
  locale?: string;
  t?: Translate;
  /** The page search the box writes and follows; default the page's own. */
  search?: PageSearch;
  /** Where recent searches are kept; default `localStorage`. */
  storage?: () => Storage | undefined;
  /** A suggestion was chosen; `false` stops the navigation or search (a cancelled `trove-select`). */
  onSelect?: AutocompleteHooks['onSelect'];
  /** A search is about to run; `false` stops the routing (a cancelled `trove-search`). */
  onSearch?: AutocompleteHooks['onSearch'];
  onError?: (error: Error) => void;
  /** Go to a URL; default `location.assign`. */
  navigate?: (url: string) => void;
  /**
   * A field the box replaces (the script loader's early field, read on the first render while it
   * is still in the page): its text, caret, selection and focus carry over, and suggestions are
   * asked for its text.
   */
  takeOver?: EarlyField;
}

/** A field typed into before the box was there, and whether it had the focus. */
export interface EarlyField {
  input: HTMLInputElement;
  focused: boolean;
}

const NARROW = '(max-width: 639.98px)';
const ANNOUNCE_DELAY = 400;
const defaultT: Translate = (key, vars) => translate(searchBoxMessages, key, vars);
let instances = 0;

/** What the live region says about the list (one polite, atomic region; debounced by the caller). */
function announcement(controller: AutocompleteController, t: Translate): string {
  const { notice, query, expanded, options } = controller.state.value;
  if (notice === 'error') return t('suggestionsError');
  if (notice === 'empty') return t('noSuggestions', { q: query.trim() });
  if (!expanded) return '';
  const recent = options.filter((o) => o.kind === 'recent').length;
  return recent ? t('recentCount', { count: recent }) : t('suggestions', { count: options.length });
}

/**
 * The search box: a WAI-ARIA 1.2 combobox (the `<input>` itself) with a grouped listbox of
 * navigational links and filter chips, active filters as removable chips, recent searches, a
 * keyboard shortcut, and a full-screen panel on narrow screens. All state lives in
 * `createAutocompleteController`; this component renders it and turns DOM events into calls.
 */
export function SearchBox(props: SearchBoxProps) {
  const { client, t = defaultT, search = pageSearch, ...settings } = props;
  const hooks = useRef(props);
  hooks.current = props;
  const linkOf = (suggestion: NavigationalSuggestion, query: string) =>
    passageLink(suggestion.url, query, [suggestion.phrase], hooks.current.textFragment !== false);
  const controller = useController(
    () => {
      const { project, collection } = client.options;
      return createAutocompleteController({
        ...settings,
        client,
        search,
        recent: recentSearches(`trove:recent:${project}/${collection}`, hooks.current.storage),
        onSelect: (detail) => hooks.current.onSelect?.(detail),
        onSearch: (state) => hooks.current.onSearch?.(state),
        linkOf,
        onNavigate: (url) => {
          const href = safeUrl(url);
          if (href) (hooks.current.navigate ?? ((u: string) => globalThis.location.assign(u)))(href);
        },
        onError: (error) => hooks.current.onError?.(error),
      });
    },
    settings,
    [client, search],
  );

  // The initial text (a search made elsewhere later shows instead); text typed before the box was there wins.
  const typed = useRef(props.takeOver?.input.value);
  useEffect(() => {
    if (typed.current) typed.current = undefined;
    else if (props.value) controller.setText(props.value);
  }, [controller, props.value]);

  const [ids] = useState(() => `trove-box-${++instances}`);
  const root = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const field = useRef<HTMLDivElement>(null);
  const popup = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(false);
  const [narrow, setNarrow] = useState(false);

  // Shortcut keys focus the box, unless someone is typing elsewhere.
  useEffect(() => {
    const shortcut = props.shortcut;
    if (!shortcut) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || !matchShortcut(shortcut, event, isTypingTarget(event))) return;
      event.preventDefault();
      input.current?.focus();
      input.current?.select();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [props.shortcut]);

  // Outside clicks and taps (composedPath sees through shadow roots) close the list.
  useEffect(() => {
    if (!active) return;
    const onDown = (event: Event) => {
      const path = event.composedPath();
      if (root.current && !path.includes(root.current)) {
        controller.close();
        setActive(false);
      }
    };
    document.addEventListener('pointerdown', onDown, true);
    return () => document.removeEventListener('pointerdown', onDown, true);
  }, [active, controller]);

  // Narrow screens (or `panel`): the active box is a full-screen panel and the page behind does not scroll.
  useEffect(() => {
    if (!active || typeof matchMedia !== 'function') return;
    const query = matchMedia(NARROW);
    let unlock: (() => void) | undefined;
    const update = () => {
      const matches = !!props.panel || query.matches;
      setNarrow(matches);
      if (matches && !unlock) unlock = lockPageScroll();
      else if (!matches && unlock) unlock = void unlock();
    };
    update();
    query.addEventListener?.('change', update);
    return () => {
      query.removeEventListener?.('change', update);
      unlock?.();
    };
  }, [active, props.panel]);

  // One polite, atomic status region, updated after the list settles.
  const message = announcement(controller, t);
  const [spoken, setSpoken] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSpoken(message), ANNOUNCE_DELAY);
    return () => clearTimeout(timer);
  }, [message]);

  const { query, expanded, activeIndex, notice, filters, isOpen, status } = controller.state.value;
  const popupShown = isOpen && (expanded || notice !== null);
  const optionId = (index: number) => `${ids}-option-${index}`;
  const label = (f: string) => filterLabel(f, t);
  const hint = shortcutHint(props.shortcut, t);
  const panel = active && narrow;
  const listPopover = popupShown && !panel;

  // The top layer (manual popovers, opened and closed by the box alone), where no ancestor's
  // overflow, transform, filter or stacking context can clip or cover them: the whole box as the
  // narrow-screen panel, over the visual viewport; else the list, under the field (CSS anchor
  // positioning, or placeBelow where the browser has none).
  // Only one of the two has the `popover` attribute at a time (taking it away hides the other).
  useLayoutEffect(() => {
    const top = (panel ? root : popup).current;
    if (top?.isConnected) top.togglePopover?.(panel || popupShown);
  });
  useLayoutEffect(() => (panel ? keepPlaced(root.current!, visualViewportBox) : undefined), [panel]);
  useLayoutEffect(() => {
    const list = popup.current!;
    const anchor = field.current!;
    if (listPopover && !globalThis.CSS?.supports?.('anchor-name:--a'))
      return keepPlaced(list, () => placeBelow(list, anchor), [list, anchor]);
  }, [listPopover]);

  // Take over the early field at once, in the task that replaced it: no key can come in between.
  useLayoutEffect(() => {
    const early = props.takeOver;
    const el = input.current;
    if (!early || !el) return;
    const { value, selectionStart, selectionEnd, selectionDirection } = early.input;
    if (value) {
      el.value = value;
      // Typed into (or focused) before the box was there: its suggestions are asked for at once
      // (the script loader upgrades the box in a pause in typing). The page's own initial text (a
      // results page's query) opens nothing the reader did not ask for.
      const initial = value === early.input.defaultValue || value === props.value;
      if (early.focused || !initial) controller.input(value, true);
      else controller.setText(value);
    }
    if (early.focused) el.focus({ preventScroll: true });
    el.setSelectionRange(selectionStart, selectionEnd, selectionDirection ?? undefined);
    // Gone once the focus has moved (removing a focused field would drop the focus on the page).
    (early.input.form ?? early.input).remove();
  }, []);

  const deactivate = () => {
    controller.close();
    setActive(false);
  };
  /** Close the narrow-screen panel: the box is left (the focus with it). */
  const leave = () => {
    deactivate();
    input.current?.blur();
  };

  return (
    <div
      ref={root}
      id={ids}
      popover={panel ? 'manual' : undefined}
      part="base root"
      class={`box${active ? ' is-active' : ''}${panel ? ' is-panel float' : ''}`}
      onFocusIn={() => setActive(true)}
      onFocusOut={(event) => {
        const next = event.relatedTarget as Node | null;
        if (!next || !root.current?.contains(next)) deactivate();
      }}
      onMouseDown={(event) => {
        // Clicks inside the box keep the focus in the input (buttons and options still get their click).
        if (event.target !== input.current && event.button === 0) event.preventDefault();
      }}
    >
      <div part="bar" class="bar">
        <div
          ref={field}
          part="field"
          class="field"
          onClick={(event) => {
            if (!(event.target as Element).closest('button, input')) input.current?.focus();
          }}
        >
          <svg part="search-icon" class="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <circle cx="11" cy="11" r="7" />
            <path d="m20 20-3.5-3.5" />
          </svg>
          <SearchBoxChips
            filters={filters}
            label={label}
            t={t}
            onRemove={(filter) => {
              controller.removeFilter(filter);
              input.current?.focus();
            }}
          />
          <input
            ref={input}
            part="input"
            class="input"
            id={`${ids}-input`}
            type="text"
            role="combobox"
            aria-label={t('label')}
            aria-controls={`${ids}-listbox`}
            aria-expanded={expanded ? 'true' : 'false'}
            aria-autocomplete="list"
            aria-activedescendant={expanded && activeIndex >= 0 ? optionId(activeIndex) : undefined}
            aria-keyshortcuts={ariaShortcuts(props.shortcut) || undefined}
            autocomplete="off"
            autocapitalize="off"
            // As an attribute: the IDL `autocorrect` is a boolean, and "off" would be true.
            autoCorrect="off"
            spellcheck={false}
            enterkeyhint="search"
            data-1p-ignore=""
            data-lpignore="true"
            data-bwignore=""
            data-form-type="other"
            placeholder={props.placeholder ?? t('placeholder')}
            value={query}
            onInput={(event) => controller.input(event.currentTarget.value)}
            onFocus={() => {
              // In a task of its own: the box taking over the early field focuses it in the same
              // task as it asks for the text typed there, and that request goes first.
              setTimeout(warmFormats, 0, props.locale);
              controller.open();
            }}
            onClick={() => controller.open()}
            onKeyDown={(event) => {
              if (controller.keydown(event)) event.preventDefault();
              else if (event.key === 'Escape' && active && narrow && !event.isComposing) leave();
            }}
          />
          <span part="spinner" class={`spinner${status === 'loading' ? ' is-loading' : ''}`} aria-hidden="true" />
          {hint && !active && !query ? (
            <kbd part="shortcut-hint" class="hint" aria-hidden="true">
              {hint}
            </kbd>
          ) : null}
          {query ? (
            <button
              type="button"
              part="clear-button"
              class="icon-button"
              aria-label={t('clear')}
              onClick={() => {
                controller.input('');
                input.current?.focus();
              }}
            >
              <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d="M6 6l12 12M18 6 6 18" />
              </svg>
            </button>
          ) : null}
        </div>
        <button type="button" part="close-button" class="close" onClick={leave}>
          {t('close')}
        </button>
      </div>
      <div ref={popup} id={`${ids}-popup`} popover={panel ? undefined : 'manual'} part="popup" class="popup float" hidden={!popupShown}>
        <SearchBoxList
          id={`${ids}-listbox`}
          controller={controller}
          expanded={expanded}
          optionId={optionId}
          locale={props.locale}
          t={t}
          label={label}
          linkOf={linkOf}
        />
        {/* The notice's text is the one the status region announces (`announcement`). */}
        {notice ? (
          <p part={`notice${notice === 'error' ? ' error' : ''}`} class={`notice${notice === 'error' ? ' is-error' : ''}`}>
            {message}
          </p>
        ) : null}
      </div>
      <div part="status" class="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {spoken}
      </div>
    </div>
  );
}

/** The visible hint of the first shortcut: `/`, `⌘K` or `Ctrl K`. */
function shortcutHint(shortcut: string | null | undefined, t: Translate): string {
  const first = parseShortcut(shortcut)[0];
  if (!first) return '';
  if (first === '/') return '/';
  return /Mac|iPhone|iPad/.test(globalThis.navigator?.platform ?? '') ? '⌘K' : `${t('keyCtrl')} K`;
}

/** `aria-keyshortcuts` for the shortcut attribute. */
function ariaShortcuts(shortcut: string | null | undefined): string {
  return parseShortcut(shortcut)
    .map((s) => (s === '/' ? '/' : 'Control+K Meta+K'))
    .join(' ');
}
