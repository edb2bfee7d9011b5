/**
 * JSX typings of the Trove tags for React 19 users:
 *
 *   import type {} from 'trove-search/jsx-react';
 *   <trove-search-box results-url="/search" ontrove-select={(e) => …} />
 *
 * React 19 passes `ontrove-*` props of custom elements as event listeners.
 */
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type {
  TroveRelatedPostsAttributes,
  TroveSearchBoxAttributes,
  TroveSearchResultsAttributes,
  TroveTagAttributes,
} from './elements/attributes.ts';

type Props<Attributes> = DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> & Attributes;
type TroveIntrinsicElements = { [T in keyof TroveTagAttributes]: Props<TroveTagAttributes[T]> };

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements extends TroveIntrinsicElements {}
  }
}

export type { TroveRelatedPostsAttributes, TroveSearchBoxAttributes, TroveSearchResultsAttributes };
