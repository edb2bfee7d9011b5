/**
 * Template typings of the Trove tags for Svelte 5 users (svelte-check, the Svelte language server):
 *
 *   // src/app.d.ts (or any file of the app)
 *   import type {} from 'trove-search/jsx-svelte';
 *
 *   <trove-search-box results-url="/search" ontrove-select={onSelect} />
 *   <trove-related-posts doc-id={id} translations={texts} />
 *
 * Svelte 5 passes `ontrove-*` attributes as event listeners and objects as properties;
 * the legacy `on:trove-select` directive is typed too.
 */
import type { HTMLAttributes } from 'svelte/elements';
import type { TroveTagAttributes, TroveTagEvents } from './elements/attributes.ts';

/** Svelte's legacy `on:` directives of an event map. */
export type TroveSvelteDirectives<Events> = { [K in keyof Events & string as `on:${K}`]?: (event: Events[K]) => void };

type Props<Attributes, Events> = Omit<HTMLAttributes<HTMLElement>, keyof Attributes> & Attributes & TroveSvelteDirectives<Events>;

type TroveSvelteElements = { [T in keyof TroveTagAttributes]: Props<TroveTagAttributes[T], TroveTagEvents[T]> };

declare module 'svelte/elements' {
  export interface SvelteHTMLElements extends TroveSvelteElements {}
}

export type { TroveRelatedPostsAttributes, TroveSearchBoxAttributes, TroveSearchResultsAttributes } from './elements/attributes.ts';
