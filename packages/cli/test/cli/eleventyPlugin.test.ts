import { describe, expect, it } from 'vitest';
import trove from '../../src/eleventy.ts';

/** The plugin's shortcodes, as Eleventy's configuration API would receive them. */
function shortcodes(options: Parameters<typeof trove>[1]) {
  const found = new Map<string, (...args: unknown[]) => string>();
  const listeners: string[] = [];
  trove(
    {
      addShortcode: (name, shortcode) => found.set(name, shortcode as (...args: unknown[]) => string),
      on: (event) => listeners.push(event),
    },
    options,
  );
  return { found, listeners };
}

const options = { baseUrl: 'https://search.example.com', project: 'my-blog', collection: 'posts', token: 'pub"lic' };

describe('the Eleventy plugin', () => {
  it('adds the script tag with the settings, escaped, loading the widgets it copies under /trove/', () => {
    const { found, listeners } = shortcodes(options);
    expect([...found.keys()].sort()).toEqual(['troveRelatedPosts', 'troveScript', 'troveSearchBox', 'troveSearchResults']);
    expect(found.get('troveScript')!()).toBe(
      '<script src="/trove/trove.js" data-base-url="https://search.example.com" data-project="my-blog" data-collection="posts" data-token="pub&quot;lic" defer></script>',
    );
    expect(listeners).toEqual(['eleventy.after']);
  });

  it('gives the box a fallback form to the search page, and each element the attributes passed', () => {
    const { found } = shortcodes({ ...options, searchPage: '/find/', path: 'assets/trove' });
    expect(found.get('troveScript')!()).toContain('src="/assets/trove/trove.js"');
    expect(found.get('troveSearchBox')!({ placeholder: 'Search <posts>', shortcut: '/', 'no-text-fragment': true, limit: null })).toBe(
      '<trove-search-box results-url="/find/" placeholder="Search &lt;posts>" shortcut="/" no-text-fragment>' +
        '<form action="/find/" role="search"><input type="search" name="q" aria-label="Search"></form></trove-search-box>',
    );
    expect(found.get('troveRelatedPosts')!({ layout: 'grid', limit: 3 })).toBe(
      '<trove-related-posts layout="grid" limit="3"></trove-related-posts>',
    );
    expect(found.get('troveSearchResults')!()).toBe('<trove-search-results></trove-search-results>');
  });

  it('leaves out attribute names that are not names', () => {
    const { found } = shortcodes(options);
    expect(found.get('troveRelatedPosts')!({ 'x onload=alert(1)': 'y', heading: 'Read next' })).toBe(
      '<trove-related-posts heading="Read next"></trove-related-posts>',
    );
  });
});
