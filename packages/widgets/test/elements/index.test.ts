import { describe, expect, it } from 'vitest';

describe('the ES module entry', () => {
  it('defines no element until defineElements() is called, then all three', async () => {
    const trove = await import('../../src/index.ts');
    expect(customElements.get('trove-search-box')).toBeUndefined();
    expect(customElements.get('trove-search-results')).toBeUndefined();
    expect(customElements.get('trove-related-posts')).toBeUndefined();
    trove.defineElements();
    expect(customElements.get('trove-search-box')).toBe(trove.elements['trove-search-box']);
    expect(customElements.get('trove-search-results')).toBe(trove.elements['trove-search-results']);
    expect(customElements.get('trove-related-posts')).toBe(trove.elements['trove-related-posts']);
  });

  it('is harmless to call defineElements() twice', async () => {
    const trove = await import('../../src/index.ts');
    expect(() => {
      trove.defineElements();
      trove.defineElements(['trove-related-posts']);
    }).not.toThrow();
  });
});
