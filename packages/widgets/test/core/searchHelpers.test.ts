import { describe, expect, it } from 'vitest';
import { createPageSearch } from '../../src/core/createPageSearch.ts';
import { pageCount } from '../../src/core/pageCount.ts';
import { paginationItems } from '../../src/core/paginationItems.ts';
import { parseSortOptions } from '../../src/core/parseSortOptions.ts';
import { parseSpelling } from '../../src/core/parseSpelling.ts';
import { readUrlState } from '../../src/core/readUrlState.ts';
import { writeUrlState } from '../../src/core/writeUrlState.ts';

describe('createPageSearch', () => {
  it('starts empty on page 1', () => {
    expect(createPageSearch().state.value).toEqual({ q: '', filters: [], page: 1, sort: '' });
  });

  it('trims the text, drops blank and repeated filters, and treats a nonsense page as the first', () => {
    const search = createPageSearch();
    search.set({ q: '  rust ', filters: ['tags:"a"', ' ', 'tags:"a"', 'tags:"b"'], page: Number.NaN });
    expect(search.state.value).toEqual({ q: 'rust', filters: ['tags:"a"', 'tags:"b"'], page: 1, sort: '' });
    search.set({ page: 0 });
    expect(search.state.value.page).toBe(1);
  });

  it('keeps a sort of the "<field> asc|desc" shape and drops any other', () => {
    const search = createPageSearch();
    search.set({ sort: 'date desc' });
    expect(search.state.value.sort).toBe('date desc');
    search.set({ sort: 'date sideways' });
    expect(search.state.value.sort).toBe('');
  });

  it('goes back to page 1 when the text, the filters or the sort change, unless a page is given', () => {
    const search = createPageSearch();
    search.set({ q: 'rust', page: 4 });
    expect(search.state.value.page).toBe(4);
    search.set({ filters: ['tags:"a"'] });
    expect(search.state.value.page).toBe(1);
    search.set({ page: 3 });
    search.set({ sort: 'date asc' });
    expect(search.state.value.page).toBe(1);
    search.set({ q: 'go', page: 2 });
    expect(search.state.value).toMatchObject({ q: 'go', page: 2 });
  });

  it('changes nothing for an equal search (no new state, so nothing downstream runs)', () => {
    const search = createPageSearch();
    search.set({ q: 'rust', filters: ['a:"1"'] });
    const before = search.state.value;
    search.set({ q: ' rust ', page: 1 });
    expect(search.state.value).toBe(before);
  });

  it('counts the results views that show it', () => {
    const search = createPageSearch();
    const one = search.connectResults();
    const two = search.connectResults();
    expect(search.resultsMounted.value).toBe(2);
    one();
    one();
    expect(search.resultsMounted.value).toBe(1);
    two();
    expect(search.resultsMounted.value).toBe(0);
  });
});

describe('pageCount', () => {
  it('rounds up to whole pages', () => {
    expect(pageCount(128, 10)).toBe(13);
    expect(pageCount(120, 10)).toBe(12);
    expect(pageCount(1, 10)).toBe(1);
  });

  it('is 0 for nothing found or nonsense', () => {
    expect(pageCount(0, 10)).toBe(0);
    expect(pageCount(-3, 10)).toBe(0);
    expect(pageCount('12', 10)).toBe(0);
    expect(pageCount(undefined, 10)).toBe(0);
    expect(pageCount(Number.POSITIVE_INFINITY, 10)).toBe(0);
    expect(pageCount(12, 0)).toBe(0);
  });
});

describe('paginationItems', () => {
  it('lists every page when they fit', () => {
    expect(paginationItems(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(paginationItems(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('puts gaps on both sides of the current page in the middle of a long list', () => {
    expect(paginationItems(10, 20)).toEqual([1, 'gap', 9, 10, 11, 'gap', 20]);
  });

  it('keeps the same number of slots near either end', () => {
    expect(paginationItems(1, 20)).toEqual([1, 2, 3, 4, 5, 'gap', 20]);
    expect(paginationItems(4, 20)).toEqual([1, 2, 3, 4, 5, 'gap', 20]);
    expect(paginationItems(17, 20)).toEqual([1, 'gap', 16, 17, 18, 19, 20]);
    expect(paginationItems(20, 20)).toEqual([1, 'gap', 16, 17, 18, 19, 20]);
  });

  it('never leaves out a single page behind a gap', () => {
    for (let page = 1; page <= 30; page++) {
      const items = paginationItems(page, 30);
      items.forEach((item, i) => {
        if (item === 'gap') expect((items[i + 1] as number) - (items[i - 1] as number)).toBeGreaterThan(2);
      });
      expect(items).toContain(page);
      expect(items).toHaveLength(7);
    }
  });

  it('is empty without pages and clamps the current page', () => {
    expect(paginationItems(1, 0)).toEqual([]);
    expect(paginationItems(50, 3)).toEqual([1, 2, 3]);
    expect(paginationItems(50, 20)).toEqual([1, 'gap', 16, 17, 18, 19, 20]);
  });
});

describe('parseSpelling', () => {
  it('takes a string', () => {
    expect(parseSpelling('rust ')).toBe('rust');
  });

  it('takes an object with a suggestion-like field', () => {
    expect(parseSpelling({ suggestion: 'rust' })).toBe('rust');
    expect(parseSpelling({ collation: 'rust lang', hits: 3 })).toBe('rust lang');
    expect(parseSpelling({ text: 'rust' })).toBe('rust');
  });

  it('takes the first usable entry of an array', () => {
    expect(parseSpelling(['', null, 'rust', 'rest'])).toBe('rust');
    expect(parseSpelling([{ word: 'rust', freq: 4 }])).toBe('rust');
    expect(parseSpelling({ suggestions: ['rust'] })).toBe('rust');
  });

  it('ignores anything else', () => {
    for (const value of [null, undefined, '', '   ', 42, true, {}, [], { count: 3 }, [1, 2], { suggestion: 7 }]) {
      expect(parseSpelling(value)).toBeUndefined();
    }
  });

  it('does not recurse forever into a self-referencing object', () => {
    const loop: Record<string, unknown> = {};
    loop.suggestion = loop;
    expect(parseSpelling(loop)).toBeUndefined();
  });
});

describe('readUrlState and writeUrlState', () => {
  it('reads q, repeated filters, page and sort', () => {
    const url = new URL('https://blog.example/search?q=rust&filter=category%3A%22News%22&filter=tags%3A%22web%22&page=3&sort=date+desc');
    expect(readUrlState(url)).toEqual({ q: 'rust', filters: ['category:"News"', 'tags:"web"'], page: 3, sort: 'date desc' });
  });

  it('defaults what is missing and ignores a nonsense page', () => {
    expect(readUrlState('/search')).toEqual({ q: '', filters: [], page: 1, sort: '' });
    for (const page of ['0', '-2', '1.5', 'two', '']) expect(readUrlState(`/search?page=${page}`).page).toBe(1);
  });

  it('drops blank and duplicate filters', () => {
    expect(readUrlState(new URLSearchParams('filter=a:"1"&filter=&filter=a:"1"')).filters).toEqual(['a:"1"']);
  });

  it('writes the state and keeps other parameters and the hash', () => {
    const url = writeUrlState('https://blog.example/search?lang=de&q=old&page=9#top', {
      q: 'rust lang',
      filters: ['category:"News & Views"', 'year:"2024"'],
      page: 2,
      sort: 'date asc',
    });
    expect(url.searchParams.get('lang')).toBe('de');
    expect(url.searchParams.getAll('filter')).toEqual(['category:"News & Views"', 'year:"2024"']);
    expect(url.searchParams.get('q')).toBe('rust lang');
    expect(url.searchParams.get('page')).toBe('2');
    expect(url.searchParams.get('sort')).toBe('date asc');
    expect(url.hash).toBe('#top');
  });

  it('leaves out the defaults', () => {
    const url = writeUrlState('https://blog.example/search?q=x&page=4&sort=date+asc&filter=a:"b"', {
      q: '',
      filters: [],
      page: 1,
      sort: '',
    });
    expect(url.search).toBe('');
  });

  it('reads the text from a named parameter (WordPress s), else from q, and writes it to that parameter only', () => {
    expect(readUrlState('/?s=bread&filter=a:"1"', 's')).toMatchObject({ q: 'bread', filters: ['a:"1"'] });
    expect(readUrlState('/?q=bread', 's').q).toBe('bread');
    expect(readUrlState('/?s=bread').q).toBe('');
    expect(writeUrlState('https://blog.example/?s=old&q=older&lang=de', { q: 'new', filters: [], page: 2, sort: '' }, 's').href).toBe(
      'https://blog.example/?lang=de&s=new&page=2',
    );
  });

  it('round-trips a state through the URL', () => {
    const state = { q: 'café "quoted" + more', filters: ['author:"O\'Brien \\"Bob\\""', 'tags:"c++"'], page: 7, sort: 'date desc' };
    expect(readUrlState(writeUrlState('https://blog.example/search', state))).toEqual(state);
  });
});

describe('parseSortOptions', () => {
  it('reads "value:label" pairs', () => {
    expect(parseSortOptions('date desc:Newest, date asc:Oldest')).toEqual([
      { value: 'date desc', label: 'Newest' },
      { value: 'date asc', label: 'Oldest' },
    ]);
  });

  it('labels an entry without a label with its value and drops malformed or repeated entries', () => {
    expect(parseSortOptions('date  DESC, title, date desc:Again, :Empty,')).toEqual([{ value: 'date desc', label: 'date desc' }]);
  });

  it('is empty without the attribute', () => {
    expect(parseSortOptions(null)).toEqual([]);
  });
});
