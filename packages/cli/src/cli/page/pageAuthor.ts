import { distinct } from '../buildDocument.ts';
import { jsonLdValues } from './jsonLdValues.ts';
import { firstMeta } from './readMeta.ts';
import { inChrome, type PageScope } from './pageScope.ts';

/** Where themes show a post's author (microformats, schema.org microdata, WordPress's classic and block themes). */
const shownAuthor =
  '.p-author, [itemprop="author"] [itemprop="name"], .wp-block-post-author__name, .author .fn, .byline .author, a[rel~="author"]';

/**
 * The post's authors: the JSON-LD article's `author`, `<meta name="author">`, `article:author`
 * when it is a name (not an address), the author the article shows.
 */
export function pageAuthor({ meta, article, scope }: PageScope): string[] {
  const declared = distinct(jsonLdValues(article, 'author'));
  if (declared.length > 0) return declared.slice(0, 10);
  const named = [firstMeta(meta, 'author'), ...(meta.get('article:author') ?? [])].filter(
    (value) => value !== undefined && !/^https?:/i.test(value),
  );
  if (named.length > 0) return distinct(named).slice(0, 10);
  const shown = [...scope.querySelectorAll(shownAuthor)].slice(0, 200).find((element) => !inChrome(element));
  return distinct([shown?.textContent ?? undefined]);
}
