import { filterSyntax } from './filter.ts';

/**
 * Splits a whitespace-separated list of filters (an element's `filter` attribute, e.g.
 * `category:"Web dev" tags:"rust"`) into the single `field:"value"` filters; quoted values may
 * contain spaces and escaped quotes. Anything that is not a well-formed filter is skipped.
 */
export function splitFilters(text: string | null | undefined): string[] {
  return (text ?? '').match(new RegExp(filterSyntax.source, 'g')) ?? [];
}
