import type { JsxAttributes } from './attributeSpec.ts';
import type { TroveErrorEvent, TroveResultsEvent, TroveSearchEvent, TroveSelectEvent } from './events.ts';
import type { relatedPostsAttributes } from './relatedPostsAttributes.ts';
import type { searchBoxAttributes } from './searchBoxAttributes.ts';
import type { searchResultsAttributes } from './searchResultsAttributes.ts';
import type { sharedAttributes } from './sharedAttributes.ts';
import type { Messages } from '../ui/translate.ts';

/*
 * The attribute types of the JSX, Vue and Svelte typings, derived from the elements' declarations
 * (`sharedAttributes`, `searchBoxAttributes`, …): nothing here is written twice.
 */

/** The events each element sends (DESIGN.md §1.2). */
export interface TroveSearchBoxEvents {
  'trove-select': TroveSelectEvent;
  'trove-search': TroveSearchEvent;
  'trove-error': TroveErrorEvent;
}
export interface TroveSearchResultsEvents {
  'trove-results': TroveResultsEvent;
  'trove-error': TroveErrorEvent;
}
export interface TroveRelatedPostsEvents {
  'trove-select': TroveSelectEvent;
  'trove-error': TroveErrorEvent;
}

/** `ontrove-select`-style listener props of an event map (React 19, Preact and Svelte 5 syntax). */
export type TroveEventProps<Events> = { [K in keyof Events & string as `on${K}`]?: (event: Events[K]) => void };

/** Properties every element has besides its attributes (frameworks pass objects as properties). */
export interface TroveProperties {
  /** Overrides of any subset of the element's texts (see README, Texts). */
  translations?: Partial<Messages>;
}

/** Attributes every element takes (DESIGN.md §1.1); boolean attributes: present = on. */
export type TroveSharedAttributes = JsxAttributes<typeof sharedAttributes> &
  TroveProperties &
  TroveEventProps<{ 'trove-error': TroveErrorEvent }>;

export type TroveSearchBoxAttributes = JsxAttributes<typeof sharedAttributes & typeof searchBoxAttributes> &
  TroveProperties &
  TroveEventProps<TroveSearchBoxEvents>;

export type TroveSearchResultsAttributes = JsxAttributes<typeof sharedAttributes & typeof searchResultsAttributes> &
  TroveProperties &
  TroveEventProps<TroveSearchResultsEvents>;

export type TroveRelatedPostsAttributes = JsxAttributes<typeof sharedAttributes & typeof relatedPostsAttributes> &
  TroveProperties &
  TroveEventProps<TroveRelatedPostsEvents>;
