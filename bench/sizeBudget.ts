/**
 * Size budget of the standalone script, in brotli bytes (quality 11, each file on its own,
 * summed), checked by e2e/bundleSize.spec.ts and e2e/loader.spec.ts and printed by `npm run bench`.
 *
 * Targets are issue 22's (a page with a search box ≤ 24,000 B, with only related posts
 * ≤ 19,000 B, all three elements ≤ 33,000 B; our own code on a related-posts-only page ≤ 13,000 B).
 * They are not reached. The ceilings are ratchets at the measured figures plus a little, never to
 * grow silently. What costs what: `npm run bench` (per file and per source module, and
 * bench/themeCost.ts for the stylesheets). Of every page, preact, @preact/signals and ky are
 * ~12.0 KB (`librariesSize`), in `bootChunk` with our code that every element needs.
 *
 * Before issues 21–26: 39,775 B in all, 28,430 B for a search-box page, 23,329 B (11,366 B ours)
 * for a related-posts-only page, under 1,000 B for the loader. What each issue added, measured by
 * removing the piece from the build (marginal brotli bytes):
 * - issue 21, the theme's colours: the code that reads and follows the page's colours
 *   (`decideColors`, `readPageColors`, `followPageColors`) 955 B in `bootChunk`, on every page; the
 *   four stylesheets without their dark palette weigh what they did (`color-mix()` is longer);
 *   highlighting at word starts with the service's word rule (`wordSpans`) ~0.3 KB, links to the
 *   matched passage (text fragments) ~0.6 KB, the Filters panel reopened on Back ~0.1 KB, in the
 *   box's and the results' chunks;
 * - issue 22, the first visit: the loader's early search field 555 B in `trove.js` (its CSS
 *   ~250 B, its code ~300 B), on every page; the box taking it over and its key rhythm ~0.35 KB;
 * - issue 26, related posts without `doc-id`: the document-id rule (`src/api/documentId.ts`,
 *   ~310 B) and reading the canonical link, `og:url` and the address (~100 B);
 * - issue 25, one declaration per setting: −23 B in all.
 * Tried and not kept: minifier settings (terser with 3 passes, looser tree-shaking, `esnext`, no
 * spaces in the inlined CSS: < 30 B each), tighter rewrites of the colour and early-field code
 * (< 15 B each). Splitting the shared client by element would save 225 B on the related page.
 */
export const sizeBudget = {
  everythingTarget: 33_000,
  /** Measured 43,324 B. */
  everythingCeiling: 43_360,
  searchBoxTarget: 24_000,
  /** Everything a page with one search box downloads once suggestions show: measured 31,448 B. */
  searchBoxCeiling: 31_490,
  relatedOnlyTarget: 19_000,
  /** What a related-posts-only page downloads of our code (all of it less `librariesSize`). */
  relatedOnlyOursTarget: 13_000,
  /** Measured 13,468 B: over its target by the early field (555 B) that `trove.js` carries for the box. */
  relatedOnlyOursCeiling: 13_510,
  /** Everything a related-posts-only page downloads, libraries included: measured 25,431 B. */
  relatedOnlyCeiling: 25_470,
  /** The loader alone (a page until a lazy element nears the viewport): measured 1,639 B. */
  loaderCeiling: 1_680,
};
