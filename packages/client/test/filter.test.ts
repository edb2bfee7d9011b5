import { describe, expect, it } from 'vitest';
import { filter, parseFilter } from '../src/filter.ts';
import { splitFilters } from '../src/splitFilters.ts';

describe('filter()', () => {
  it('builds field:"value"', () => {
    expect(filter('category', 'News')).toBe('category:"News"');
    expect(filter('year', 2024)).toBe('year:"2024"');
  });

  it('escapes quotes and backslashes in the value', () => {
    expect(filter('tags', 'say "hi"')).toBe('tags:"say \\"hi\\""');
    expect(filter('tags', 'C:\\path')).toBe('tags:"C:\\\\path"');
    expect(filter('tags', '\\"')).toBe('tags:"\\\\\\""');
  });
});

describe('parseFilter()', () => {
  it.each(['News', 'say "hi"', 'C:\\path\\', '\\"', '"', '\\', '', 'a:b:"c"', 'Web dev', 'é 日本 🎉', 'line\nbreak'])(
    'round-trips %j',
    (value) => {
      expect(parseFilter(filter('category', value))).toEqual({ field: 'category', value });
    },
  );

  it('tolerates whitespace around the filter', () => {
    expect(parseFilter('  authors_sa:"Ada"\n')).toEqual({ field: 'authors_sa', value: 'Ada' });
  });

  it.each([
    '',
    'News',
    'category:News',
    'category:"News',
    'category:"a"b"',
    'category:"a\\"',
    ':"x"',
    'cat egory:"x"',
    'category:"x" tags:"y"',
    'category: "x"',
  ])('returns null for malformed %j', (text) => {
    expect(parseFilter(text)).toBeNull();
  });

  it('returns null for non-strings', () => {
    expect(parseFilter(undefined as never)).toBeNull();
    expect(parseFilter(42 as never)).toBeNull();
  });
});

describe('splitFilters()', () => {
  it('splits a whitespace-separated list, keeping quoted spaces and escapes', () => {
    const list = `${filter('category', 'Web dev')}  ${filter('tags', 'say "hi"')}\n${filter('year', 2020)}`;
    expect(splitFilters(list)).toEqual(['category:"Web dev"', 'tags:"say \\"hi\\""', 'year:"2020"']);
    expect(splitFilters(list).map(parseFilter)).toEqual([
      { field: 'category', value: 'Web dev' },
      { field: 'tags', value: 'say "hi"' },
      { field: 'year', value: '2020' },
    ]);
  });

  it('skips malformed parts and accepts nothing', () => {
    expect(splitFilters('junk category:"A" tags:"unterminated')).toEqual(['category:"A"']);
    expect(splitFilters('')).toEqual([]);
    expect(splitFilters(null)).toEqual([]);
  });
});
