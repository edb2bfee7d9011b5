/**
 * Message catalogues are flat objects of English strings with `{name}` placeholders. A key with
 * plural forms is written as `key_one`, `key_other` (and any other `Intl.PluralRules` category);
 * `translate(messages, 'key', { count: 3 })` picks the form by `count` in the given locale.
 */
export type Messages = Record<string, string>;

/** A bound `translate()`: a text of the catalogue in use, placeholders filled. */
export type Translate = (key: string, vars?: Record<string, string | number>) => string;

const numbers = new Map<string, Intl.NumberFormat>();
const plurals = new Map<string, Intl.PluralRules>();

/**
 * One `Intl` object per locale for the page's life: creating them costs milliseconds (an
 * `Intl.NumberFormat` 15–30 ms on a fresh page), far too much on the path from answer to paint.
 */
function cached<T>(cache: Map<string, T>, locale: string | undefined, create: (locale: string | undefined) => T): T {
  const key = locale ?? '';
  let value = cache.get(key);
  if (!value) {
    try {
      value = create(locale || undefined);
    } catch {
      value = create(undefined); // an invalid locale tag: the browser's own
    }
    cache.set(key, value);
  }
  return value;
}

export const numberFormat = (locale?: string) => cached(numbers, locale, (l) => new Intl.NumberFormat(l));
export const pluralRules = (locale?: string) => cached(plurals, locale, (l) => new Intl.PluralRules(l));

export function translate(messages: Messages, key: string, vars: Record<string, string | number> = {}, locale?: string): string {
  let template = messages[key];
  if (template === undefined && typeof vars.count === 'number') {
    const category = pluralRules(locale).select(vars.count);
    template = messages[`${key}_${category}`] ?? messages[`${key}_other`];
  }
  if (template === undefined) return key;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = vars[name];
    if (value === undefined) return whole;
    return typeof value === 'number' ? numberFormat(locale).format(value) : value;
  });
}
