/*
 * The default of every setting of the elements and their controllers, in one place: the
 * controllers fall back to these, and the element declarations
 * (`ui/<element>/<element>Attributes.ts`) name them, so the manifest and README show the same
 * value. Import the namespace as `defaults`
 * (`import * as defaults`): each is a constant the bundler writes in where it is used.
 */

/** Characters typed before the search box asks for suggestions. */
export const minChars = 1;
/** Milliseconds after the last key before the search box asks. */
export const debounceMs = 100;
/** The address parameter that holds the search text (`s` on WordPress). */
export const queryParam = 'q';
/** Results per page. */
export const resultsLimit = 10;
/** Most results per page a `limit` may ask for. */
export const resultsMaxLimit = 1000;
/** Number of related posts. */
export const relatedLimit = 4;
/** Most related posts: a related block is a handful of cards, not a results page. */
export const relatedMaxLimit = 24;
/** How related posts are laid out. */
export const relatedLayout = 'list';
