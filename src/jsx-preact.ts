/**
 * JSX typings of the Trove tags for Preact users:
 *
 *   import type {} from 'trove-search/jsx-preact';
 *   <trove-search-box results-url="/search" ontrove-select={(e) => …} />
 */
import type { HTMLAttributes } from 'preact';
import type { TroveRelatedPostsAttributes, TroveSearchBoxAttributes, TroveSearchResultsAttributes } from './elements/attributes.ts';

type Props<Attributes> = Omit<HTMLAttributes<HTMLElement>, keyof Attributes> & Attributes;

declare module 'preact' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      'trove-search-box': Props<TroveSearchBoxAttributes>;
      'trove-search-results': Props<TroveSearchResultsAttributes>;
      'trove-related-posts': Props<TroveRelatedPostsAttributes>;
    }
  }
}

export type { TroveRelatedPostsAttributes, TroveSearchBoxAttributes, TroveSearchResultsAttributes };
