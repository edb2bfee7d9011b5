import type { TroveErrorEvent, TroveResultsEvent, TroveSearchEvent, TroveSelectEvent } from './events.ts';

/** Attributes every element takes (DESIGN.md §1.1); boolean attributes: present = on. */
export interface TroveSharedAttributes {
  'base-url'?: string;
  project?: string;
  collection?: string;
  token?: string;
  'api-version'?: 'v1' | 'v2';
  handler?: string;
  'user-id'?: string;
  'no-analytics'?: boolean | '';
  theme?: 'light' | 'dark';
  'ontrove-error'?: (event: TroveErrorEvent) => void;
}

export interface TroveSearchBoxAttributes extends TroveSharedAttributes {
  placeholder?: string;
  limit?: number | string;
  filter?: string;
  sort?: string;
  'results-url'?: string;
  'min-chars'?: number | string;
  shortcut?: string;
  value?: string;
  'ontrove-select'?: (event: TroveSelectEvent) => void;
  'ontrove-search'?: (event: TroveSearchEvent) => void;
}

export interface TroveSearchResultsAttributes extends TroveSharedAttributes {
  limit?: number | string;
  'sort-options'?: string;
  facets?: string;
  'no-url-sync'?: boolean | '';
  'ontrove-results'?: (event: TroveResultsEvent) => void;
}

export interface TroveRelatedPostsAttributes extends TroveSharedAttributes {
  'doc-id': string | number;
  'doc-title'?: string;
  'doc-url'?: string;
  limit?: number | string;
  filter?: string;
  sort?: string;
  heading?: string;
  layout?: 'list' | 'grid';
  eager?: boolean | '';
  'ontrove-select'?: (event: TroveSelectEvent) => void;
}
