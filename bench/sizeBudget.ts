/**
 * Size budget of the standalone script, in brotli bytes (quality 11, each file on its own,
 * summed), checked by e2e/bundleSize.spec.ts and e2e/loader.spec.ts and printed by `npm run bench`.
 *
 * Targets are issue 22's (each a ceiling to reach: a page with a search box ≤ 24,000 B, with
 * only related posts ≤ 19,000 B, all three elements ≤ 33,000 B); the ceilings are ratchets at the
 * measured figures plus a little, never to grow silently. What costs what: `npm run bench` (per
 * file and per source module). Of every page, preact, @preact/signals and ky are ~12.0 KB
 * (`librariesSize`), in `bootChunk` with our code that every element needs. Issue 21 added
 * ~955 B: the code that reads and follows the page's colours (`decideColors`, `readPageColors`,
 * `followPageColors`, ~0.9 KB), while the four stylesheets without their dark palette weigh what
 * they did (bench/themeCost.ts).
 *
 * After issues 21, 22 and 26 were merged together, measured by removing each piece from the build
 * (marginal brotli bytes, not the per-module estimate): the colour code 955 B in `bootChunk`, the
 * loader's early field 555 B in `trove.js` (its CSS ~250 B, its code ~300 B); the document-id rule
 * is ~310 B of the related chunk (per-module estimate). What the related page pays for the box and
 * the results inside the shared client (`validateSearchResponse`'s suggestions, `autocomplete`,
 * `search`, their feedback and facet filters) is 225 B. Minifier settings (terser with 3 passes,
 * looser tree-shaking, target `esnext`, no spaces in the inlined CSS) change less than 30 B.
 */
export const sizeBudget = {
  everythingTarget: 33_000,
  /**
   * Measured 39,775 B before issue 22, 40,676 B after it: the loader's early field (+0.7 KB) and
   * the box's taking it over and its key rhythm (+0.35 KB), less 0.14 KB of the element base;
   * +508 B for issue 26 (see relatedOnlyCeiling). The three merged: 42,226 B; 42,183 B with the
   * shorter document-id rule (-30 B) and early field (-14 B).
   */
  everythingCeiling: 42_220,
  searchBoxTarget: 24_000,
  /**
   * Everything a page with one search box downloads once suggestions show (the loader, the box's
   * chunk, `bootChunk`, the chunk the box shares with the results): measured 28,430 B before issue 22,
   * 29,327 B after it (the early field in the loader, the box's taking it over); 30,366 B with
   * issue 21's colour code merged, 30,353 B with the shorter early field.
   */
  searchBoxCeiling: 30_390,
  relatedOnlyTarget: 19_000,
  /**
   * What a related-posts-only page downloads of our code: all of it less the libraries on their own
   * (`librariesSize`). Measured 13,382 B with issues 21, 22 and 26 merged, 13,339 B now: over this
   * target while `trove.js` carries the box's early field (555 B); splitting the shared client by
   * element (225 B) would not be enough on its own.
   */
  relatedOnlyOursTarget: 13_000,
  /**
   * Everything a related-posts-only page downloads, libraries included: measured 23,329 B before
   * issue 22, 23,873 B after it (`trove.js` with the box's early field, `bootChunk`, the element's chunk).
   * Issue 26 added 508 B: the document-id rule the element shares with `trove index`
   * (`src/api/documentId.ts`: the 52-bit hash ~150 B, the canonical-URL normalisation with its
   * tracking parameters ~260 B) and reading `og:url` and the address (~100 B). The three merged:
   * 25,345 B; 25,302 B with tracking parameters matched by pattern and the shorter early field.
   */
  relatedOnlyCeiling: 25_340,
  /**
   * The loader alone (what a page downloads until a lazy element nears the viewport): was under
   * 1,000 B; the early search field it shows at once (src/elements/renderEarlyField.ts, with its
   * CSS), the preconnect hint and the adoption of early hosts (issues 22 and 25) bring it to the
   * measured figure, 1,650 B; 1,638 B with the early field's attributes set in one go.
   */
  loaderCeiling: 1_680,
};
