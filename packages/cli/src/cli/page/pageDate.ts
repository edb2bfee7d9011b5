import { dateField } from '../feed/dateField.ts';
import { jsonLdValues } from './jsonLdValues.ts';
import { firstMeta } from './readMeta.ts';
import { inChrome, type PageScope } from './pageScope.ts';

/** Dates before this are a generator's "no date" (Hugo writes 0001-01-01 for an undated page), not a publication date. */
const EARLIEST = '1900';

/** The first `<time datetime>` of the post's own (marked as published, else the first outside comments and chrome). */
function shownTime(scope: Element): string | undefined {
  const marked = scope.querySelector(
    'time.dt-published[datetime], time[itemprop="datePublished"][datetime], .entry-date[datetime], .published[datetime], .wp-block-post-date time[datetime]',
  );
  if (marked) return marked.getAttribute('datetime') ?? undefined;
  for (const time of [...scope.querySelectorAll('time[datetime]')].slice(0, 200)) {
    if (!inChrome(time)) return time.getAttribute('datetime') ?? undefined;
  }
  return undefined;
}

/**
 * The post's publication date, ISO 8601 in UTC: `article:published_time`, the JSON-LD article's
 * `datePublished`, an `itemprop="datePublished"` meta, the article's `<time datetime>`; the first
 * that is a date. A date that is not one adds a warning (and the next source is tried).
 */
export function pageDate({ document, meta, article, scope }: PageScope, warnings: string[]): string | undefined {
  const candidates = [
    firstMeta(meta, 'article:published_time'),
    jsonLdValues(article, 'datePublished')[0],
    document.querySelector('meta[itemprop="datePublished"][content]')?.getAttribute('content') ?? undefined,
    shownTime(scope),
  ];
  for (const candidate of candidates) {
    const date = dateField(candidate, warnings);
    if (date !== undefined && date >= EARLIEST) return date;
  }
  return undefined;
}
