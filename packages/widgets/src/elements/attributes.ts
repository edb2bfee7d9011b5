import type { AttributeSpecs, JsxAttributes } from '../ui/attributeSpec.ts';
import type { Messages } from '../ui/translate.ts';
import type { elements, TroveTagName } from './defineElements.ts';
import type { TroveElement } from './TroveElement.ts';
import type { sharedAttributes } from './sharedAttributes.ts';

/*
 * The attribute and event types of the JSX, Vue and Svelte typings, derived from the elements
 * (`elements` in defineElements.ts: each class's `attributes` declaration and its `events`):
 * nothing here names an element, and nothing is written twice.
 */

type Elements = typeof elements;

/** The events each element sends, by tag (each class's `events`). */
export type TroveTagEvents = { [T in TroveTagName]: Elements[T]['events'] };

/** `ontrove-select`-style listener props of an event map (React 19, Preact and Svelte 5 syntax). */
export type TroveEventProps<Events> = { [K in keyof Events & string as `on${K}`]?: (event: Events[K]) => void };

/** Properties every element has besides its attributes (frameworks pass objects as properties). */
export interface TroveProperties {
  /** Overrides of any subset of the element's texts (see README, Texts). */
  translations?: Partial<Messages>;
}

/** The attributes, properties and listener props of each tag; boolean attributes: present = on. */
export type TroveTagAttributes = {
  [T in TroveTagName]: JsxAttributes<typeof sharedAttributes & Extract<Elements[T]['attributes'], AttributeSpecs>> &
    TroveProperties &
    TroveEventProps<TroveTagEvents[T]>;
};

/** Attributes every element takes (README, Settings). */
export type TroveSharedAttributes = JsxAttributes<typeof sharedAttributes> &
  TroveProperties &
  TroveEventProps<(typeof TroveElement)['events']>;

// The names the package has always exported.
export type TroveSearchBoxEvents = TroveTagEvents['trove-search-box'];
export type TroveSearchResultsEvents = TroveTagEvents['trove-search-results'];
export type TroveRelatedPostsEvents = TroveTagEvents['trove-related-posts'];
export type TroveSearchBoxAttributes = TroveTagAttributes['trove-search-box'];
export type TroveSearchResultsAttributes = TroveTagAttributes['trove-search-results'];
export type TroveRelatedPostsAttributes = TroveTagAttributes['trove-related-posts'];
