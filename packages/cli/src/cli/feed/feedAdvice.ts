import type { ParsedInput } from '../types.ts';

/** How many items feeds hold when they keep only the latest posts: WordPress, jekyll-feed, Eleventy, Medium 10; Ghost 15; Blogger 25. */
const truncatedSizes = new Set([10, 15, 25]);

/**
 * A note after indexing a feed that most likely holds only a blog's latest posts (exactly 10, 15
 * or 25 items), naming the command that reads every post from the site itself; `''` otherwise
 * (JSON documents, a feed of another size).
 */
export function feedAdvice(parsed: ParsedInput, source: string): string {
  if (parsed.format === 'json' || parsed.format === 'ndjson' || !truncatedSizes.has(parsed.items.length)) return '';
  const first = parsed.items.find((item) => item.document?.url !== undefined)?.document?.url;
  let site = "<the blog's address>";
  for (const address of [source, first]) {
    if (address === undefined || !/^https?:\/\//i.test(address)) continue;
    site = `${new URL(address).origin}/`;
    break;
  }
  return (
    `Note: this feed holds exactly ${parsed.items.length} posts, as feeds that keep only a blog's latest posts do; ` +
    `older posts are not in it. To index every post, give the blog's address: trove index ${site} (same options).\n`
  );
}
