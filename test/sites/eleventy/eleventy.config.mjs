/**
 * An Eleventy blog laid out as eleventy-base-blog (v9) is: content/blog/ for the posts (tagged
 * `posts` by the folder's data file), the base, home and post layouts, an archive, tag pages, an
 * Atom feed of the latest 10 posts and a sitemap. The base blog's plugins (navigation, RSS, image)
 * are replaced by the few filters its templates use, so that only @11ty/eleventy is needed.
 */
const hiddenTags = new Set(['all', 'posts']);

export default function (eleventyConfig) {
  eleventyConfig.addFilter('readableDate', (date) =>
    date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
  );
  eleventyConfig.addFilter('htmlDateString', (date) => date.toISOString().slice(0, 10));
  eleventyConfig.addFilter('dateToRfc3339', (date) => date.toISOString());
  eleventyConfig.addFilter('head', (array, n) => (n < 0 ? array.slice(n) : array.slice(0, n)));
  eleventyConfig.addFilter('absoluteUrl', (url, base) => new URL(url, base).href);
  eleventyConfig.addFilter('newestFirst', (array) => [...array].reverse());
  eleventyConfig.addFilter('min', (...numbers) => Math.min(...numbers));
  eleventyConfig.addFilter('filterTagList', (tags) => (tags ?? []).filter((tag) => !hiddenTags.has(tag)));
  eleventyConfig.addFilter('getAllTags', (collection) => {
    const tags = new Set();
    for (const item of collection) for (const tag of item.data.tags ?? []) tags.add(tag);
    return [...tags].sort();
  });
  eleventyConfig.addPassthroughCopy({ images: 'images' });
  return {
    templateFormats: ['md', 'njk', 'html'],
    markdownTemplateEngine: 'njk',
    htmlTemplateEngine: 'njk',
    dir: { input: 'content', includes: '../_includes', data: '../_data', output: '_site' },
  };
}
