import { cachedIntl } from './cachedIntl.ts';

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

export const numberFormat = (locale?: string) => cachedIntl(numbers, locale, (l) => new Intl.NumberFormat(l));
export const pluralRules = (locale?: string) => cachedIntl(plurals, locale, (l) => new Intl.PluralRules(l));

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
