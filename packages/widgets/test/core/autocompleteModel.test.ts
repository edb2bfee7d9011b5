import { describe, expect, it } from 'vitest';
import type { FilterSuggestion, NavigationalSuggestion } from 'trove-search-client';
import { arrangeSuggestions, keptIndex } from '../../src/core/autocomplete/arrangeSuggestions.ts';
import { autocompleteKeydown, type KeyView, nextActiveIndex } from '../../src/core/autocomplete/autocompleteKeydown.ts';
import { groupOptions, listOptions } from '../../src/core/autocomplete/listOptions.ts';

const post = (n: number): NavigationalSuggestion => ({
  phrase: `Post ${n}`,
  suggestion_type: 'navigational',
  id: String(n),
  url: `https://blog.example/${n}`,
  category: [],
});
const tag = (name: string): FilterSuggestion => ({ phrase: name, suggestion_type: 'filter', filters: [`tags:"${name}"`] });

const options = listOptions('bread', [], [post(1), post(2)]);
const recentOptions = listOptions('', ['sourdough'], []);

const view = (over: Partial<KeyView> = {}): KeyView => ({
  isOpen: true,
  activeIndex: -1,
  options,
  notice: null,
  query: 'bread',
  filters: [],
  ...over,
});
const key = (k: string, more = {}) => ({ key: k, ...more });

describe('the keyboard model of the search box', () => {
  it('moves down and up through the options, and opens with Alt+Down, closes with Alt+Up', () => {
    expect(autocompleteKeydown(key('ArrowDown'), view())).toEqual([true, 'move', 1]);
    expect(autocompleteKeydown(key('ArrowUp'), view())).toEqual([true, 'move', -1]);
    expect(autocompleteKeydown(key('ArrowDown', { altKey: true }), view({ isOpen: false }))).toEqual([true, 'open']);
    expect(autocompleteKeydown(key('ArrowUp', { altKey: true }), view())).toEqual([true, 'close']);
  });

  it('chooses the active option on Enter, else searches the text, the chips or the scope, else only swallows the key', () => {
    expect(autocompleteKeydown(key('Enter'), view({ activeIndex: 1 }))).toEqual([true, 'choose', 1]);
    expect(autocompleteKeydown(key('Enter'), view({ activeIndex: 1, isOpen: false }))).toEqual([true, 'submit']);
    expect(autocompleteKeydown(key('Enter'), view({ query: '  ', filters: ['tags:"x"'] }))).toEqual([true, 'submit']);
    expect(autocompleteKeydown(key('Enter'), view({ query: '' }), true)).toEqual([true, 'submit']);
    expect(autocompleteKeydown(key('Enter'), view({ query: ' ' }))).toEqual([true]);
  });

  it('closes an open list on Escape, then empties the text, then lets the key go', () => {
    expect(autocompleteKeydown(key('Escape'), view())).toEqual([true, 'close']);
    expect(autocompleteKeydown(key('Escape'), view({ options: [], notice: 'empty' }))).toEqual([true, 'close']);
    expect(autocompleteKeydown(key('Escape'), view({ isOpen: false }))).toEqual([true, 'setText', '']);
    expect(autocompleteKeydown(key('Escape'), view({ isOpen: false, query: '' }))).toEqual([false]);
  });

  it('removes the last chip on Backspace in an empty text only', () => {
    expect(autocompleteKeydown(key('Backspace'), view({ query: '', filters: ['a:"1"', 'b:"2"'] }))).toEqual([true, 'removeLastFilter']);
    expect(autocompleteKeydown(key('Backspace'), view({ query: '' }))).toEqual([false]);
    expect(autocompleteKeydown(key('Backspace'), view({ query: 'b', filters: ['a:"1"'] }))).toEqual([false]);
  });

  it('removes the active recent search on Delete, and nothing else', () => {
    const recent = view({ query: '', activeIndex: 0, options: recentOptions });
    expect(autocompleteKeydown(key('Delete'), recent)).toEqual([true, 'removeRecent', 'sourdough']);
    expect(autocompleteKeydown(key('Delete'), { ...recent, activeIndex: 1 })).toEqual([false]);
    expect(autocompleteKeydown(key('Delete'), { ...recent, isOpen: false })).toEqual([false]);
  });

  it('closes on Tab and leaves the list for the text on Home, End, Left and Right, letting the keys go', () => {
    expect(autocompleteKeydown(key('Tab'), view())).toEqual([false, 'close']);
    for (const k of ['Home', 'End', 'ArrowLeft', 'ArrowRight']) {
      expect(autocompleteKeydown(key(k), view({ activeIndex: 1 }))).toEqual([false, 'activate', -1]);
    }
    expect(autocompleteKeydown(key('a'), view())).toEqual([false]);
  });

  it('leaves every key of an IME composition to the IME', () => {
    expect(autocompleteKeydown(key('Enter', { isComposing: true }), view({ activeIndex: 0 }))).toEqual([false]);
    expect(autocompleteKeydown(key('ArrowDown', { keyCode: 229 }), view())).toEqual([false]);
  });

  it('wraps the active option through the text: last, none, first', () => {
    expect(nextActiveIndex(-1, 1, 3)).toBe(0);
    expect(nextActiveIndex(2, 1, 3)).toBe(-1);
    expect(nextActiveIndex(-1, -1, 3)).toBe(2);
    expect(nextActiveIndex(0, -1, 3)).toBe(-1);
  });
});

describe('the arrangement of the list', () => {
  it('trims to the limit, then groups by type with the first result’s type leading', () => {
    const results = [tag('bread'), post(1), tag('baking'), post(2), post(3)];
    expect(arrangeSuggestions(results, 4)).toEqual([tag('bread'), tag('baking'), post(1), post(2)]);
    expect(arrangeSuggestions(results, null)).toEqual([tag('bread'), tag('baking'), post(1), post(2), post(3)]);
    expect(arrangeSuggestions([], 5)).toEqual([]);
  });

  it('finds the option the reader moved to in a new answer, by type and target', () => {
    expect(keptIndex([post(2), post(1)], post(1))).toBe(1);
    expect(keptIndex([post(2), tag('x')], tag('x'))).toBe(1);
    expect(keptIndex([post(2)], post(1))).toBe(-1);
    expect(keptIndex([post(2)], undefined)).toBe(-1);
  });

  it('lists the recent searches and "clear" for an empty text, the suggestions with their 1-based positions otherwise', () => {
    expect(listOptions(' ', ['a', 'b'], [post(1)])).toEqual([
      { kind: 'recent', index: 0, q: 'a' },
      { kind: 'recent', index: 1, q: 'b' },
      { kind: 'clear-recent', index: 2 },
    ]);
    expect(listOptions('', [], [post(1)])).toEqual([]);
    expect(listOptions('br', ['a'], [tag('bread'), post(1)])).toEqual([
      { kind: 'filter', index: 0, position: 1, suggestion: tag('bread') },
      { kind: 'navigational', index: 1, position: 2, suggestion: post(1) },
    ]);
  });

  it('groups runs of one kind, "clear recent searches" with the recent ones', () => {
    const recent = listOptions('', ['a'], []);
    expect(groupOptions(recent)).toEqual([{ kind: 'recent', options: recent }]);
    const shown = listOptions('b', [], [tag('bread'), post(1), post(2)]);
    expect(groupOptions(shown).map((g) => [g.kind, g.options.length])).toEqual([
      ['filter', 1],
      ['navigational', 2],
    ]);
  });
});
