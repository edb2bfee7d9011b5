/**
 * Size budget of the standalone script, in brotli bytes (quality 11), checked by
 * e2e/bundleSize.spec.ts and printed by `npm run bench`.
 *
 * The targets are 20 KB for everything and 13 KB for a page with only
 * `<trove-related-posts>`. The second holds for our own code; the first is out of reach with the
 * chosen stack: preact, @preact/signals and ky alone are ~12 KB, and the three widgets with their
 * accessibility, states and CSS are ~7 KB (box), ~7 KB (results) and ~4 KB (related). Until that
 * changes, `everythingCeiling` is a ratchet: the measured size plus a little, never to grow silently.
 * 39,557 B with issue 10 (popups in the top layer, ~600 B; one host class for loader and
 * elements, ~1 KB, of which the host class shipped twice is ~660 B). 41,148 B with issue 14
 * (Back and forward: the session copy of answers and `client.peek` in the client, on every page,
 * ~0.9 KB; restoring the reader's place in the results, ~0.7 KB).
 */
export const sizeBudget = {
  everythingTarget: 20_000,
  everythingCeiling: 41_200,
  /** What a related-posts-only page downloads of our own code (not preact, signals, ky). */
  relatedOnlyOursTarget: 13_000,
  /**
   * Everything a related-posts-only page downloads, libraries included. Measured 23,626 B after
   * the headless core met the one-host loader (main alone: 22,648 B): the loader's host class
   * (`TroveHost`, ~360 B in `trove.js`) ships again inside `bootChunk` (~300 B), because
   * `TroveElement` extends it for `defineElements()`. 24,530 B with issue 14's session copy of
   * answers (~0.9 KB), which lets a post seen again show its related posts without a request.
   */
  relatedOnlyCeiling: 24_600,
};

/** The chunk that holds the third-party libraries (see vite.config.ts). */
export const isVendorChunk = (file: string) => /(^|\/)vendor-[\w-]+\.js$/.test(file);
