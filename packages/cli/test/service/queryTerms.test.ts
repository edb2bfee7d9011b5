import { describe, expect, it } from 'vitest';
import { queryTerms } from '../../src/service/engine/queryTerms.ts';

describe('queryTerms', () => {
  it('drops common words unless nothing else remains, and a one-letter last term after others', () => {
    expect(queryTerms('the art of bread')).toEqual(['art', 'bread']);
    expect(queryTerms('rust and the')).toEqual(['rust']);
    expect(queryTerms('with')).toEqual(['with']);
    expect(queryTerms('how to')).toEqual(['how', 'to']);
    expect(queryTerms('  Shipping, a Rust-CLI! ')).toEqual(['Shipping', 'Rust', 'CLI']);
    expect(queryTerms('getting s')).toEqual(['getting']);
    expect(queryTerms('s')).toEqual(['s']);
  });
});
