/**
 * Size budget of the standalone script, in brotli bytes (quality 11), checked by
 * e2e/bundleSize.spec.ts and printed by `npm run bench`.
 *
 * The targets are 20 KB for everything and 13 KB for a page with only
 * `<trove-related-posts>`. The second holds for our own code; the first is out of reach with the
 * chosen stack. `everythingCeiling` is a ratchet: the measured size plus a little, never to grow
 * silently. Measured 40,266 B, which is: preact, @preact/signals and ky 11,963 B (ky ~4.7 KB,
 * preact ~3.6 KB, signals ~2.6 KB, hooks ~0.9 KB); what every element needs (`bootChunk`: the
 * API client with its caches and checks ~3.8 KB, the element base, settings, texts, base.css)
 * 7.1 KB; the box 7.8 KB, the results 7.6 KB, related posts 3.8 KB (CSS a fifth to a third of
 * each); what the box and the results share (filters, highlighting) 1.1 KB; the loader 1.0 KB.
 */
export const sizeBudget = {
  everythingTarget: 20_000,
  everythingCeiling: 40_300,
  /** What a related-posts-only page downloads of our own code (not preact, signals, ky). */
  relatedOnlyOursTarget: 13_000,
  /**
   * Everything a related-posts-only page downloads, libraries included: measured 23,841 B
   * (`trove.js`, `bootChunk`, the element's chunk, then the libraries: 11,878 B of our code).
   */
  relatedOnlyCeiling: 23_880,
};

/** The chunk that holds the third-party libraries (see vite.config.ts). */
export const isVendorChunk = (file: string) => /(^|\/)vendor-[\w-]+\.js$/.test(file);
