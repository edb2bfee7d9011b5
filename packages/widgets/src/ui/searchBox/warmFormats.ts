import { dateFormat } from '../formatDate.ts';
import { numberFormat, pluralRules } from '../translate.ts';

/**
 * Create the locale's `Intl` formats ahead of need (when the box gets focus), so that the first
 * answer paints without paying for them.
 */
export function warmFormats(locale?: string): void {
  numberFormat(locale);
  pluralRules(locale);
  dateFormat(locale);
}
