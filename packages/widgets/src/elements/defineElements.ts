import { defineElement } from './defineElement.ts';
import { TroveRelatedPosts } from './TroveRelatedPosts.ts';
import { TroveSearchBox } from './TroveSearchBox.ts';
import { TroveSearchResults } from './TroveSearchResults.ts';

/** Tag names and their classes. */
export const elements = {
  'trove-search-box': TroveSearchBox,
  'trove-search-results': TroveSearchResults,
  'trove-related-posts': TroveRelatedPosts,
} as const;

export type TroveTagName = keyof typeof elements;

/** Register the custom elements (all, or the named ones). Harmless to call twice. */
export function defineElements(tags: readonly TroveTagName[] = Object.keys(elements) as TroveTagName[]): void {
  for (const tag of tags) defineElement(tag, elements[tag]);
}

/** Each tag's element type, for `document.querySelector('trove-…')` and the like. */
type TroveTagMap = { [T in TroveTagName]: InstanceType<(typeof elements)[T]> };

declare global {
  interface HTMLElementTagNameMap extends TroveTagMap {}
}
