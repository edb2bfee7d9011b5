/**
 * JSX typings of the Trove tags for Preact users:
 *
 *   import type {} from 'trove-search/jsx-preact';
 *   <trove-search-box results-url="/search" ontrove-select={(e) => …} />
 */
import type { HTMLAttributes } from 'preact';
import type {
  TroveRelatedPostsAttributes,
  TroveSearchBoxAttributes,
  TroveSearchResultsAttributes,
  TroveTagAttributes,
} from './elements/attributes.ts';

type Props<Attributes> = Omit<HTMLAttributes<HTMLElement>, keyof Attributes> & Attributes;
type TroveIntrinsicElements = { [T in keyof TroveTagAttributes]: Props<TroveTagAttributes[T]> };

declare module 'preact' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements extends TroveIntrinsicElements {}
  }
}

export type { TroveRelatedPostsAttributes, TroveSearchBoxAttributes, TroveSearchResultsAttributes };
