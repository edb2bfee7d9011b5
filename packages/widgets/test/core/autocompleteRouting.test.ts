import { describe, expect, it, vi } from 'vitest';
import { matchShortcut } from '../../src/core/matchShortcut.ts';
import { queryWithoutFilterWords } from '../../src/core/autocomplete/queryWithoutFilterWords.ts';
import { routeSearch } from '../../src/core/autocomplete/routeSearch.ts';
import { createPageSearch } from '../../src/core/createPageSearch.ts';
import { searchUrl } from '../../src/core/searchUrl.ts';

describe('routeSearch', () => {
  it('updates the results on the same page through the search link', () => {
    const link = createPageSearch();
    const disconnect = link.connectResults();
    const navigate = vi.fn();
    expect(routeSearch({ q: 'rust', filters: ['tags:"a"'] }, { search: link, base: 'https://blog.test/search', navigate })).toBe('page');
    expect(link.state.value).toMatchObject({ q: 'rust', filters: ['tags:"a"'] });
    expect(navigate).not.toHaveBeenCalled();
    disconnect();
  });

  it('goes to /search with q and repeated filter when no results view is on the page', () => {
    const link = createPageSearch();
    const navigate = vi.fn();
    routeSearch(
      { q: 'rust lang', filters: ['tags:"a b"', 'category:"News"'] },
      { search: link, base: 'https://blog.test/posts/1', navigate },
    );
    const url = new URL(navigate.mock.calls[0][0]);
    expect(url.pathname).toBe('/search');
    expect(url.searchParams.get('q')).toBe('rust lang');
    expect(url.searchParams.getAll('filter')).toEqual(['tags:"a b"', 'category:"News"']);
    expect(link.state.value).toMatchObject({ q: '', filters: [] });
  });

  it('goes to results-url, keeping its own parameters but not an old q, filter or page', () => {
    const link = createPageSearch();
    const navigate = vi.fn();
    routeSearch(
      { q: 'x', filters: [] },
      { search: link, resultsUrl: '/find?lang=en&q=old&filter=a&page=3', base: 'https://blog.test/', navigate },
    );
    expect(navigate).toHaveBeenCalledWith('https://blog.test/find?lang=en&q=x');
  });

  it("sends the text as the results page's own parameter (WordPress's s) when query-param names one", () => {
    const link = createPageSearch();
    const navigate = vi.fn();
    routeSearch(
      { q: 'sourdough', filters: ['tags:"bread"'] },
      { search: link, resultsUrl: 'https://blog.test/?q=old', queryParam: 's', base: 'https://blog.test/2024/05/post/', navigate },
    );
    expect(navigate).toHaveBeenCalledWith('https://blog.test/?s=sourdough&filter=tags%3A%22bread%22');
  });
});

describe('searchUrl', () => {
  it('resolves an absolute results-url too', () => {
    expect(searchUrl('https://other.test/s', { q: 'a&b', filters: [] }, 'https://blog.test/')).toBe('https://other.test/s?q=a%26b');
  });
});

describe('matchShortcut', () => {
  it('matches / and mod+k (Ctrl or Cmd) as listed', () => {
    expect(matchShortcut('/', { key: '/' }, false)).toBe(true);
    expect(matchShortcut('/', { key: 'k', ctrlKey: true }, false)).toBe(false);
    expect(matchShortcut('/ mod+k', { key: 'k', ctrlKey: true }, false)).toBe(true);
    expect(matchShortcut('mod+k', { key: 'K', metaKey: true }, false)).toBe(true);
    expect(matchShortcut('mod+k', { key: 'k' }, false)).toBe(false);
    expect(matchShortcut('mod+k', { key: '/' }, false)).toBe(false);
    expect(matchShortcut(null, { key: '/' }, false)).toBe(false);
  });

  it('is ignored while typing in another field or composing', () => {
    expect(matchShortcut('/ mod+k', { key: '/' }, true)).toBe(false);
    expect(matchShortcut('/ mod+k', { key: 'k', ctrlKey: true }, true)).toBe(false);
    expect(matchShortcut('/', { key: '/', isComposing: true }, false)).toBe(false);
  });
});

describe('queryWithoutFilterWords', () => {
  it('drops the typed words a chosen filter stands for and keeps the others', () => {
    expect(queryWithoutFilterWords('async ru', ['Rust'])).toBe('async');
    expect(queryWithoutFilterWords('web dev', ['Web Development'])).toBe('');
    expect(queryWithoutFilterWords('python', ['Rust'])).toBe('python');
  });
});
