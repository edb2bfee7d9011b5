import { afterEach, describe, expect, it, vi } from 'vitest';
import { placeRelatedPosts } from '../../src/elements/placeRelatedPosts.ts';

afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

const article = '<meta property="og:type" content="article">';

describe('placeRelatedPosts', () => {
  it('places related posts after the first match on an article’s page, with the attributes given', () => {
    document.head.innerHTML = article;
    document.body.innerHTML =
      '<article><section class="gh-content"><p>Text</p></section><footer>Share</footer></article><section class="gh-content"></section>';
    const placed = placeRelatedPosts('.gh-content', { limit: '3', heading: 'Read next' })!;
    expect(placed.localName).toBe('trove-related-posts');
    expect(placed.previousElementSibling?.className).toBe('gh-content');
    expect(placed.nextElementSibling?.localName).toBe('footer');
    expect(placed.getAttribute('limit')).toBe('3');
    expect(placed.getAttribute('heading')).toBe('Read next');
    expect(document.querySelectorAll('trove-related-posts')).toHaveLength(1);
  });

  it('places nothing on a page that is not an article', () => {
    document.head.innerHTML = '<meta property="og:type" content="website">';
    document.body.innerHTML = '<main class="post-content"></main>';
    expect(placeRelatedPosts('.post-content')).toBeUndefined();
    expect(document.body.innerHTML).toBe('<main class="post-content"></main>');
  });

  it('places nothing when nothing matches, or when the page has related posts already', () => {
    document.head.innerHTML = article;
    document.body.innerHTML = '<article></article>';
    expect(placeRelatedPosts('.post-content')).toBeUndefined();
    document.body.innerHTML = '<article></article><trove-related-posts></trove-related-posts>';
    expect(placeRelatedPosts('article')).toBeUndefined();
    expect(document.querySelectorAll('trove-related-posts')).toHaveLength(1);
  });

  it('reports a selector that is not valid and a bad attribute name, and does not throw', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    document.head.innerHTML = article;
    document.body.innerHTML = '<article></article>';
    expect(placeRelatedPosts('article[')).toBeUndefined();
    const placed = placeRelatedPosts('article', { 'a b': '1', layout: 'grid' });
    expect(placed?.getAttribute('layout')).toBe('grid');
    expect(warn).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });
});
