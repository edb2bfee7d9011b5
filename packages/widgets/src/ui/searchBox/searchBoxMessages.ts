import { filterMessages } from '../filterMessages.ts';

/**
 * English texts of `<trove-search-box>` (visible and announced). Override any subset with the
 * element's `translations` property or `configure({ translations })`. `{count}` is formatted with
 * the page's locale; keys ending in `_one` / `_other` are plural forms (`Intl.PluralRules`).
 */
export const searchBoxMessages = {
  label: 'Search',
  placeholder: 'Search…',
  listLabel: 'Suggestions',
  group_navigational: 'Posts',
  group_filter: 'Filters',
  group_recent: 'Recent searches',
  clearRecent: 'Clear recent searches',
  removeRecent: 'Remove from recent searches',
  suggestions_one: '{count} suggestion available.',
  suggestions_other: '{count} suggestions available.',
  recentCount_one: '{count} recent search.',
  recentCount_other: '{count} recent searches.',
  noSuggestions: 'No suggestions for “{q}”. Press Enter to search.',
  suggestionsError: 'Suggestions are unavailable right now. Press Enter to search.',
  ...filterMessages,
  clear: 'Clear the search text',
  close: 'Close',
  keyCtrl: 'Ctrl',
};

export type SearchBoxMessages = typeof searchBoxMessages;
