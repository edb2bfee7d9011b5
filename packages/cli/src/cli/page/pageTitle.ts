import { decodeHTML } from 'entities';
import { cleanText } from '../buildDocument.ts';
import { jsonLdValues } from './jsonLdValues.ts';
import { firstMeta } from './readMeta.ts';
import type { PageScope } from './pageScope.ts';

/** Text that still holds an entity after parsing (`&amp;#8217;`, WordPress encodes some titles twice). */
function decoded(text: string | undefined): string | undefined {
  const cleaned = cleanText(text);
  return cleaned !== undefined && /&(?:#\d+|#x[\da-f]+|[a-z]+\d*);/i.test(cleaned) ? cleanText(decodeHTML(cleaned)) : cleaned;
}

const separators = ['|', '–', '—', '-', '·', '•', '»', ':', '::'];

/** A `<title>` without its " – Site name" suffix (or "Site name | " prefix) when the site's name is known. */
function withoutSiteName(title: string, siteNames: string[]): string {
  for (const name of siteNames) {
    for (const separator of separators) {
      const suffix = ` ${separator} ${name}`;
      if (title.endsWith(suffix) && title.length > suffix.length) return title.slice(0, -suffix.length).trim();
      const prefix = `${name} ${separator} `;
      if (title.startsWith(prefix) && title.length > prefix.length) return title.slice(prefix.length).trim();
    }
  }
  return title;
}

/**
 * The post's title, from what the page declares before what it shows: `og:title`, the JSON-LD
 * article's `headline` (or `name`), the article's `<h1>`, and last the `<title>` without the
 * site's name (`og:site_name`, `application-name`, the JSON-LD publisher). Entities decoded,
 * whitespace collapsed.
 */
export function pageTitle({ document, meta, article, scope }: PageScope): string | undefined {
  const declared =
    decoded(firstMeta(meta, 'og:title')) ??
    decoded(jsonLdValues(article, 'headline')[0]) ??
    decoded(jsonLdValues(article, 'name')[0]) ??
    decoded(scope.querySelector('h1')?.textContent ?? document.querySelector('h1')?.textContent ?? undefined);
  if (declared !== undefined) return declared;
  const title = decoded(document.querySelector('title')?.textContent ?? undefined);
  if (title === undefined) return undefined;
  const siteNames = [firstMeta(meta, 'og:site_name'), firstMeta(meta, 'application-name'), ...jsonLdValues(article, 'publisher')]
    .map(decoded)
    .filter((name): name is string => name !== undefined);
  return withoutSiteName(title, siteNames);
}
