/**
 * Size budget of the standalone script, in brotli bytes (quality 11), checked by
 * e2e/bundleSize.spec.ts and printed by `npm run bench`.
 *
 * The targets are 20 KB for everything and 13 KB for a page with only
 * `<trove-related-posts>`. The second holds for our own code; the first is out of reach with the
 * chosen stack: preact, @preact/signals and ky alone are ~12 KB, and the three widgets with their
 * accessibility, states and CSS are ~7 KB (box), ~7 KB (results) and ~4 KB (related). Until that
 * changes, `everythingCeiling` is a ratchet: the measured size plus a little, never to grow silently.
 *
 * Raised for Back and forward (issue 14) by what it measurably costs: the session copy of answers
 * and `client.peek` in the client (+0.8 KB, on every page, so also on a related-only page) and
 * restoring the reader's place in the results (+0.7 KB): 37 944 → 39 524 for everything.
 */
export const sizeBudget = {
  everythingTarget: 20_000,
  everythingCeiling: 40_500,
  /** What a related-posts-only page downloads of our own code (not preact, signals, ky). */
  relatedOnlyOursTarget: 13_000,
  /** Everything a related-posts-only page downloads, libraries included. */
  relatedOnlyCeiling: 24_000,
};

/** The chunk that holds the third-party libraries (see vite.config.ts). */
export const isVendorChunk = (file: string) => /(^|\/)vendor-[\w-]+\.js$/.test(file);
