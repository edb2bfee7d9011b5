/**
 * The default of every setting of the elements and their controllers, in one place: the
 * controllers fall back to these, and the element declarations (`ui/*Attributes.ts`) name them,
 * so the manifest and README show the same value.
 */
export const defaults = {
  /** Characters typed before the search box asks for suggestions. */
  minChars: 1,
  /** Milliseconds after the last key before the search box asks. */
  debounceMs: 100,
  /** Results per page. */
  resultsLimit: 10,
  /** Most results per page a `limit` may ask for. */
  resultsMaxLimit: 1000,
  /** Number of related posts. */
  relatedLimit: 4,
  /** Most related posts: a related block is a handful of cards, not a results page. */
  relatedMaxLimit: 24,
  /** How related posts are laid out. */
  relatedLayout: 'list',
} as const;
