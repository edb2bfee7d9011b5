/**
 * Message catalogues are flat objects of English strings with `{name}` placeholders. A key with
 * plural forms is written as `key_one`, `key_other` (and any other `Intl.PluralRules` category);
 * `translate(messages, 'key', { count: 3 })` picks the form by `count` in the given locale.
 */
export type Messages = Record<string, string>;

/** A bound `translate()`: a text of the catalogue in use, placeholders filled. */
export type Translate = (key: string, vars?: Record<string, string | number>) => string;

export function translate(messages: Messages, key: string, vars: Record<string, string | number> = {}, locale?: string): string {
  let template = messages[key];
  if (template === undefined && typeof vars.count === 'number') {
    const category = new Intl.PluralRules(locale).select(vars.count);
    template = messages[`${key}_${category}`] ?? messages[`${key}_other`];
  }
  if (template === undefined) return key;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = vars[name];
    if (value === undefined) return whole;
    return typeof value === 'number' ? new Intl.NumberFormat(locale).format(value) : value;
  });
}
