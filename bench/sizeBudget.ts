/**
 * Size budget of the standalone script, in brotli bytes (quality 11), checked by
 * e2e/bundleSize.spec.ts and printed by `npm run bench`.
 *
 * The targets are 20 KB for everything and 13 KB for a page with only
 * `<trove-related-posts>`. The second holds for our own code; the first is out of reach with the
 * chosen stack. `everythingCeiling` is a ratchet: the measured size plus a little, never to grow
 * silently. Measured 39,775 B in 6 files, which is: `bootChunk` 18.6 KB, what every element
 * needs: preact, @preact/signals and ky (11,963 B on their own: ky ~4.7 KB, preact ~3.6 KB,
 * signals ~2.6 KB, hooks ~0.9 KB) and our shared code (the API client with its caches and checks
 * ~3.8 KB, the element base, settings, texts, base.css); the box 7.7 KB, the results 7.6 KB,
 * related posts 3.8 KB (CSS a fifth to a third of each); what the box and the results share
 * (filters, highlighting) 1.1 KB; the loader 1.0 KB.
 * Issue 21 added 996 B (40,771 B): highlighting at word starts shares the service's rule for
 * what a word is (`wordSpans`, ~0.3 KB), links to the passage that matched (text fragments:
 * the passage and its encoding, the setting in both elements, ~0.6 KB), and the Filters panel
 * opens again on Back (0.1 KB).
 */
export const sizeBudget = {
  everythingTarget: 20_000,
  everythingCeiling: 40_815,
  /** What a related-posts-only page downloads of our code: all of it less the libraries on their own (`librariesSize`). */
  relatedOnlyOursTarget: 13_000,
  /**
   * Everything a related-posts-only page downloads, libraries included: measured 23,329 B
   * (`trove.js`, `bootChunk`, the element's chunk; 11,366 B of it beyond the libraries' own size).
   */
  relatedOnlyCeiling: 23_370,
};
