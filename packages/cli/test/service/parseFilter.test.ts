import { describe, expect, it } from 'vitest';
import { filter as formatFilter } from 'trove-search-client';
import { parseFilter } from '../../src/service/endpoints/parseFilter.ts';
import type { ServiceError } from '../../src/service/ServiceError.ts';

function rejection(fn: () => unknown): ServiceError {
  try {
    fn();
  } catch (error) {
    return error as ServiceError;
  }
  throw new Error('expected a ServiceError');
}

describe('parseFilter', () => {
  it('reads field and quoted value', () => {
    expect(parseFilter('category:"News"', 'v2')).toEqual({ field: 'categories', value: 'News' });
  });

  it('maps singular and plural field names to the same facet', () => {
    expect(parseFilter('categories:"A"', 'v2').field).toBe('categories');
    expect(parseFilter('author:"A"', 'v2').field).toBe('authors');
    expect(parseFilter('authors:"A"', 'v2').field).toBe('authors');
    expect(parseFilter('tags:"A"', 'v2').field).toBe('tags');
    expect(parseFilter('year:"2021"', 'v2')).toEqual({ field: 'year', value: '2021' });
  });

  it('unescapes \\" and \\\\ in the value', () => {
    expect(parseFilter('tags:"say \\"hi\\" \\\\o/"', 'v2').value).toBe('say "hi" \\o/');
  });

  it('keeps colons, spaces and unicode inside the value', () => {
    expect(parseFilter('author:"Lucía: the 2nd"', 'v2').value).toBe('Lucía: the 2nd');
  });

  it('accepts the suffixed v1 names in v1 only', () => {
    expect(parseFilter('category_sa:"News"', 'v1').field).toBe('categories');
    expect(parseFilter('tags_sa:"Go"', 'v1').field).toBe('tags');
    expect(parseFilter('author_sa:"X"', 'v1').field).toBe('authors');
    expect(parseFilter('authors_sa:"X"', 'v1').field).toBe('authors');
    expect(parseFilter('meta_sa:"x"', 'v1').field).toBe('meta');
    expect(parseFilter('category:"News"', 'v1').field).toBe('categories');
    const error = rejection(() => parseFilter('category_sa:"News"', 'v2'));
    expect(error.status).toBe(400);
    expect(error.message).toContain('Unknown filter field "category_sa"');
  });

  it.each([
    ['no quotes', 'category:News'],
    ['no field', ':"News"'],
    ['unclosed quote', 'category:"News'],
    ['text after the value', 'category:"News" extra'],
    ['an unescaped quote inside', 'category:"a"b"'],
    ['an unknown escape', 'category:"a\\nb"'],
    ['a trailing backslash', 'category:"a\\"'],
    ['empty string', ''],
    ['spaces around the colon', 'category : "News"'],
  ])('rejects %s with 400 naming the filter', (_case, raw) => {
    const error = rejection(() => parseFilter(raw, 'v2'));
    expect(error.status).toBe(400);
    expect(error.message).toContain('Malformed filter');
    expect(error.message).toContain(JSON.stringify(raw));
  });

  it('rejects an unknown field naming the accepted ones', () => {
    const error = rejection(() => parseFilter('colour:"red"', 'v2'));
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/Unknown filter field "colour".*category/);
  });

  it('rejects a year that is not 4 digits', () => {
    expect(rejection(() => parseFilter('year:"twenty"', 'v2')).message).toContain('year must be a 4-digit year');
  });

  it('round-trips values through formatFilter', () => {
    for (const value of ['Tips & Tricks', 'a "quoted" \\ thing', 'C++', '']) {
      expect(parseFilter(formatFilter('tags', value), 'v2').value).toBe(value);
    }
    expect(formatFilter('category', 'Say "hi"')).toBe('category:"Say \\"hi\\""');
  });
});
