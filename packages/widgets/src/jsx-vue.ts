/**
 * Template typings of the Trove tags for Vue 3 users (vue-tsc, Volar):
 *
 *   // env.d.ts (or any file of the app)
 *   import type {} from 'trove-search/jsx-vue';
 *
 *   <trove-search-box results-url="/search" @trove-select="onSelect" />
 *   <trove-related-posts :doc-id="id" :translations.prop="texts" />
 *
 * Tell Vue's compiler that `trove-*` tags are custom elements (`isCustomElement`, see README).
 */
import type { DefineComponent, HTMLAttributes, ReservedProps } from 'vue';
import type { TroveTagAttributes, TroveTagEvents } from './elements/attributes.ts';

/** `trove-select` → `TroveSelect` (Vue turns `@trove-select` into an `onTroveSelect` prop). */
type Pascal<S extends string> = S extends `${infer Head}-${infer Tail}` ? `${Capitalize<Head>}${Pascal<Tail>}` : Capitalize<S>;

/** `results-url` → `resultsUrl`: how Vue names a kebab-case attribute of a component. */
type Camel<S extends string> = S extends `${infer Head}-${infer Tail}` ? `${Head}${Capitalize<Camel<Tail>>}` : S;

/** Props with camelCase names, as vue-tsc checks the attributes of a tag it treats as a component. */
type Camelized<Props> = { [K in keyof Props as K extends string ? Camel<K> : K]: Props[K] };

/** Vue's listener props of an event map. */
export type TroveVueEventProps<Events> = { [K in keyof Events & string as `on${Pascal<K>}`]?: (event: Events[K]) => void };

/** Attributes and properties (no `ontrove-*` props: Vue listens with `@trove-*`). */
type Bare<Attributes> = { [K in keyof Attributes as K extends `on${string}` ? never : K]: Attributes[K] };

type Props<Attributes, Events> = Omit<HTMLAttributes, keyof Attributes> & Bare<Attributes> & TroveVueEventProps<Events> & ReservedProps;

/** Each tag's props in TSX and `h()`. */
export type TroveVueProps = { [T in keyof TroveTagAttributes]: Props<TroveTagAttributes[T], TroveTagEvents[T]> };
export type TroveSearchBoxVueProps = TroveVueProps['trove-search-box'];
export type TroveSearchResultsVueProps = TroveVueProps['trove-search-results'];
export type TroveRelatedPostsVueProps = TroveVueProps['trove-related-posts'];
type TroveGlobalComponents = { [T in keyof TroveVueProps]: DefineComponent<Camelized<TroveVueProps[T]>> };

// Templates: vue-tsc checks tags it does not know as HTML against the global components.
declare module 'vue' {
  interface GlobalComponents extends TroveGlobalComponents {}
}

// TSX and `h()`: the intrinsic elements.
declare module '@vue/runtime-dom' {
  interface IntrinsicElementAttributes extends TroveVueProps {}
}

export type { TroveRelatedPostsAttributes, TroveSearchBoxAttributes, TroveSearchResultsAttributes } from './elements/attributes.ts';
