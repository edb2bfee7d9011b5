import { describe, expect, it } from 'vitest';
import { createClient } from '../src/createClient.ts';
import { filterFields } from '../src/filterFields.ts';
import type { ApiVersion, FacetName } from '../src/types.ts';

const client = (apiVersion: ApiVersion) =>
  createClient({ baseUrl: 'https://s.test', project: 'p', collection: 'c', token: 't', apiVersion });
const facets: FacetName[] = ['categories', 'tags', 'authors', 'year'];

describe('facetFilter', () => {
  it('names the v2 document fields of the facet groups', () => {
    expect(facets.map((f) => client('v2').facetFilter(f, 'x'))).toEqual(['category:"x"', 'tags:"x"', 'author:"x"', 'year:"x"']);
  });

  it('names the suffixed v1 fields, authors as the service spells them in its own filter suggestions', () => {
    expect(facets.map((f) => client('v1').facetFilter(f, 'x'))).toEqual(['category_sa:"x"', 'tags_sa:"x"', 'authors_sa:"x"', 'year:"x"']);
  });

  it('escapes the value and writes a year as a number', () => {
    expect(client('v2').facetFilter('authors', 'Ada "A" L')).toBe('author:"Ada \\"A\\" L"');
    expect(client('v2').facetFilter('year', 2024)).toBe('year:"2024"');
  });

  it('reads one table for every facet group and version', () => {
    for (const facet of facets)
      for (const v of ['v1', 'v2'] as const) expect(client(v).facetFilter(facet, 'x')).toBe(`${filterFields[facet][v]}:"x"`);
  });
});

describe('capabilities', () => {
  it('says what v2 offers and v1 lacks', () => {
    expect(client('v2').capabilities).toEqual({ sort: true, filter: true, feedback: true });
    expect(client('v1').capabilities).toEqual({ sort: false, filter: false, feedback: false });
  });
});
