/**
 * One `Intl` object per locale and kind for the page's life: creating them costs milliseconds (an
 * `Intl.NumberFormat` 15–30 ms on a fresh page), far too much on the path from answer to paint.
 * An invalid locale tag gets the browser's own.
 */
export function cachedIntl<T>(cache: Map<string, T>, locale: string | undefined, create: (locale: string | undefined) => T): T {
  const key = locale ?? '';
  let value = cache.get(key);
  if (!value) {
    try {
      value = create(locale || undefined);
    } catch {
      value = create(undefined);
    }
    cache.set(key, value);
  }
  return value;
}
