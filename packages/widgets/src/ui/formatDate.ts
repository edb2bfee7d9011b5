import { cachedIntl } from './cachedIntl.ts';

const formats = new Map<string, Intl.DateTimeFormat>();

/** The date format of a locale, created once (an invalid locale tag falls back to the browser's). */
export const dateFormat = (locale?: string) =>
  cachedIntl(formats, locale, (l) => new Intl.DateTimeFormat(l, { dateStyle: 'medium', timeZone: 'UTC' }));

/**
 * Format an API date (`YYYY-MM-DDTHH:MM:SS.mmm+0000`, or any ISO 8601 string) for the reader's
 * locale, as a calendar date in UTC (the service stores days, not moments). '' when unparsable.
 */
export function formatDate(apiDate: unknown, locale?: string): string {
  if (typeof apiDate !== 'string' || !apiDate) return '';
  const time = Date.parse(apiDate.replace(/([+-]\d\d)(\d\d)$/, '$1:$2'));
  if (Number.isNaN(time)) return '';
  return dateFormat(locale).format(time);
}
