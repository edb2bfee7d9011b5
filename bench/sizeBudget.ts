/**
 * Size budget of the standalone script, in brotli bytes (quality 11), checked by
 * e2e/bundleSize.spec.ts and printed by `npm run bench`.
 *
 * The targets are 20 KB for everything and 13 KB for a page with only
 * `<trove-related-posts>`. The second holds for our own code; the first is out of reach with the
 * chosen stack. `everythingCeiling` is a ratchet: the measured size plus a little, never to grow
 * silently. Measured 40,730 B in 6 files (issue 21 added 955 B: the code that reads and follows the
page's colours, `decideColors`, `readPageColors` and `followPageColors`, about 0.9 KB, while the
four stylesheets without their dark palette weigh what they did, 4,884 B against 4,882 B; see
bench/themeCost.ts). Before it, 39,775 B: `bootChunk` 18.6 KB, what every element
 * needs: preact, @preact/signals and ky (11,963 B on their own: ky ~4.7 KB, preact ~3.6 KB,
 * signals ~2.6 KB, hooks ~0.9 KB) and our shared code (the API client with its caches and checks
 * ~3.8 KB, the element base, settings, texts, base.css); the box 7.7 KB, the results 7.6 KB,
 * related posts 3.8 KB (CSS a fifth to a third of each); what the box and the results share
 * (filters, highlighting) 1.1 KB; the loader 1.0 KB.
 */
export const sizeBudget = {
  everythingTarget: 20_000,
  everythingCeiling: 40_770,
  /** What a related-posts-only page downloads of our code: all of it less the libraries on their own (`librariesSize`). */
  relatedOnlyOursTarget: 13_000,
  /**
   * Everything a related-posts-only page downloads, libraries included: measured 24,212 B
   * (`trove.js`, `bootChunk`, the element's chunk; 12,249 B of it beyond the libraries' own size;
   * 23,329 B before issue 21's page colours).
   */
  relatedOnlyCeiling: 24_250,
};
