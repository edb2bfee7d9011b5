/**
 * Size budget of the standalone script, in brotli bytes (quality 11, each file on its own,
 * summed), checked by e2e/bundleSize.spec.ts and e2e/loader.spec.ts and printed by `npm run bench`.
 *
 * Targets are issue 22's (a page with a search box ≤ 24,000 B, with only related posts
 * ≤ 19,000 B, all three elements ≤ 33,000 B; our own code on a related-posts-only page ≤ 13,000 B).
 * They are not reached. The ceilings are ratchets at the measured figures plus a little, never to
 * grow silently. What costs what: `npm run bench` (per file and per source module, and
 * bench/themeCost.ts for the stylesheets). Of every page, the libraries are 10,784 B
 * (`librariesSize`: preact ~3.6 KB, ky ~4.2 KB, @preact/signals-core ~1.6 KB, preact/hooks
 * ~0.9 KB), in `bootChunk` with our code that every element needs (~7.7 KB, all of it used by
 * all three elements: the client with its caches, checks and errors ~3.4 KB, `TroveElement` and
 * the settings ~1.4 KB, the page's colours ~0.8 KB, base.css ~0.8 KB). A related-posts-only page
 * is that, the loader (1.7 KB, the box's early field ~610 B of it) and its own chunk (4.2 KB,
 * its stylesheet 1.5 KB of it): at 19,000 B our code would have to be under 8.2 KB in all.
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
 * - after issues 21–26, what the chunks import of the libraries: signals from
 *   `@preact/signals-core`, the views subscribed through `useSignalValue` instead of the Preact
 *   integration of `@preact/signals`: −1,033 B on every page; JSX compiled to preact's `h()`
 *   instead of `preact/jsx-runtime`: −160 B (related posts), −154 B (search box), −259 B in all.
 *   From 43,324 / 31,448 / 25,431 B (13,468 B ours) to 42,051 / 30,284 / 24,238 B (13,454 B
 *   ours: the libraries shrank more than our code, which gained the hook).
 * - then the early field drawn as the box draws its field (the page's colours instead of the
 *   system's, a focus ring, 16px text on a phone, the box's padding: no shift at the upgrade on a
 *   phone): +58 B on every page (in `trove.js`), to 42,109 / 30,342 / 24,296 B (13,512 B ours).
 * - issue 32, the box's list and panel on the page's own background where the colour behind the
 *   box does not carry its text (a Ghost accent header): +88 B in `bootChunk` (deciding it, reading
 *   the body's colours, base.css derived again on `.float`), +22 B in the box's chunk (measured
 *   with the chunk names' hashes made equal), to 42,227 / 30,440 / 24,403 B (13,619 B ours: some
 *   20 B of it the chunk names' hashes). In the box's chunk alone, with a hook in `bootChunk`, it
 *   would cost related-posts-only pages an estimated 40 B instead of 88 (not measured): not done,
 *   to keep the choice of the surface in one place. Brotli swings by ±50 B with small rewrites
 *   of this code (the same change written three ways: 18,537, 18,590, 18,619 B for `bootChunk`).
 * - issue 33, the route table and the layout: the table itself −14 B in `bootChunk` (the client
 *   writes the rows' patterns, the rows stay out of the browser); the search box's keyboard model
 *   and the arrangement of its list as pure functions (core/autocomplete/) +51 B in the box's
 *   chunk and −19 B in `bootChunk` with the chunk names' hashes made equal (the read-only client's
 *   empty `delete` slot among it), to 42,328 / 30,551 / 24,416 B (13,632 B ours; the rest the
 *   chunk names' hashes, ±30 B from one build to the next). Tried and not kept: the keyboard model
 *   calling the controller's methods instead of returning `[used, method, argument]` (+23 B), an
 *   if-chain instead of its switch (+64 B), the write methods spread in only outside the read-only
 *   build (+12 B in `bootChunk`); the import order alone moves the box's page by ±40 B.
 *   The ceilings were then held by writing the box's code where it repeated itself (averages over
 *   24 draws of the chunk names' hashes): −105 B in the box's chunk (the notice showing the text
 *   the status region announces, an option's `part` among its shared attributes, the early field
 *   and the handler passed as they are, the controller closing and forgetting through its own
 *   helpers, two classes and an input rule that nothing used), −20 B in `filterMessages`
 *   (`textDirective`'s word ends, one fold rule in `highlight`), −27 B in the related posts' chunk
 *   (the handler passed as it is), `bootChunk` and the loader unchanged: to 42,183 / 30,439 /
 *   24,401 B measured (13,617 B ours; 42,169 / 30,418 / 24,398 B on average over the hashes).
 *   Brotli moves each such rewrite by ±25 B on its own; tried and not kept: one `Icon` component
 *   for the box's seven icons (+26 B), a private method finding the early field (+26 B), the
 *   facet names from `filterFields` in `validateSearchResponse` and `getClient` keyed on the
 *   config less its analytics and handler (+27 and +20 B in `bootChunk`).
 *   With the client's write methods and feedback parameters rewritten beside it (neutral in
 *   `bootChunk`; the endpoint rows kept out of it, see the architecture test) and the active
 *   option's icon rule fixed (+3 B): 42,211 / 30,450 / 24,427 B (13,643 B ours). Then the box's
 *   three option icons drawn by one `optionIcon` (the duplication `duplicates` found after the
 *   rewrites above): +17 B in the box's chunk, to 42,228 / 30,467 / 24,427 B (13,643 B ours).
 * - issues 38 and 39, the theme's own search page (`query-param`: the box sends its text, and the
 *   results read and write it, as `s` on WordPress): the attribute declared on both elements, the
 *   parameter passed from the box to the results address and from the results to the URL adapter,
 *   and the early field's input named by it: +7 B in `trove.js`, +51 B on the box's page, +62 B in
 *   all, to 42,290 / 30,518 / 24,434 B (13,650 B ours). Tried: the declarations without their
 *   default (−20 B, but the default `q` then lives outside `core/defaults.ts` and out of the
 *   manifest and README), the parameter as `null`-tolerant (`param || 'q'` in one place instead of
 *   `?? undefined` at each caller: ±15 B, brotli noise).
 * - issue 39, placing the elements without a template edit (`data-take-over-search`,
 *   `data-related-after`): what places them is `chunks/trove-place.js` (1,394 B), fetched only
 *   when a setting is there and counted on its own (`placeCeiling`, not in `everything`); what
 *   the loader needs to see the settings (their two names, the import of that file, `configure()`
 *   looking at each call) +84 B in `trove.js`, on every page; the box's `panel` attribute (a search
 *   button opens the box as the phone's panel) and the early field found whatever its
 *   `query-param` +25 B in the box's chunk: to 42,399 / 30,627 / 24,518 B (13,734 B ours), each
 *   ceiling ratcheted by the amount its page grew (+105 / +105 / +87 B, measured before the
 *   loader's last +4 B, a `configure()` call with nothing not taken for a placing one). The loader's placing code
 *   has no error handler of its own (−17 B): a failed fetch is the browser's unhandled rejection,
 *   in the console.
 * - issue 41, a post page pays only for what its reader uses: the loader fetches the box's code on
 *   the reader's first sign of intent (or at idle with `idle`) and related posts' and the results'
 *   when they come within about a screen of the viewport, so a reader who neither touches the box
 *   nor scrolls to the block downloads the loader alone (`untouchedPageTarget`, e2e/lazyLoading).
 *   What it costs, in `trove.js` on every page: +525 B, 1,696 → 2,221 B (catching the box's
 *   `shortcut` before its code, with `matchShortcut`, `parseShortcut` and `isTypingTarget` as the
 *   box has them, ~250 B; the moments, `loadMoment`, and the intent listeners ~270 B); the `idle`
 *   attribute's declaration, 0 B measured in the box's chunk. So every page with an element grows
 *   by those 525 B once its element has loaded: 42,814 / 31,042 / 24,952 B (14,168 B ours).
 *   Each element's first load (the loader and what it fetches for that element at its moment,
 *   `firstLoadSizes`, printed by `npm run bench`): the box 31,042 B (target 24,000: 7.0 KB over),
 *   related posts 24,952 B (target 19,000: 6.0 KB over), the results 30,423 B. Splitting
 *   `bootChunk` further where the elements' needs differ has nothing left to take from the related
 *   block: `sharedWithRelated` (vite.config.ts) already puts in it only the modules that related
 *   posts import and another element imports too (the box's and the results' own shared modules
 *   are in `filterMessages`, which the related block never fetches), and every library in it
 *   (preact, its hooks, signals-core, ky) is one the related view uses. What is left shared is
 *   at the level of functions inside modules (the client's search and autocomplete methods and
 *   their response checks, which the related block carries unused: the split by endpoint group
 *   was measured above, −80 B on the related page and +397 B in all). The targets stay missed by
 *   what the floor below says; what issue 41 changes is when those bytes come, not how many.
 * - issues 39 and 41 together (the placing settings and the moments in one loader): the loader 2,288 B (+67 B over issue 41's
 *   alone: the placing settings' names and the import of their file), 42,901 / 31,129 / 25,019 B
 *   (14,235 B ours); the placing code 1,394 B on its own, only with a setting.
 * - issue 41, land and type: the loader upgrades an element whose code arrives while the reader is
 *   typing in the next pause in typing (60 ms without a key), so that no key waits for the box's
 *   first render, and the box asks at once for what was typed before it (no debounce after a
 *   pause): +74 B in `trove.js` (when the page's fields were last typed into, and the wait), +4 B
 *   in the box's chunk; each chunk starts with V8's compile hint (`//# allFunctionsCalledOnLoad`:
 *   Chromium compiles its functions as it streams in, off the main thread, ~15 ms less in the
 *   upgrade's task on the bench's machine) at ~+10 B per file: to 43,019 / 31,204 / 25,060 B
 *   (14,285 B ours), the loader 2,362 B.
 * - a reader who jumped past related posts (a link to a comment, the page opened below the block)
 *   and scrolled back up saw the block grow in view and push the comments down: `near` elements
 *   now load at once when they are anywhere above the viewport (`nearMargin`, the observer's
 *   `rootMargin` '100% 0px' → '99999% 0px 100%'), +7 B in `trove.js`, on every page: 2,299 →
 *   2,306 B measured on one build (the chunk names' hashes unchanged), the loader's ceiling raised
 *   by those 7 B; the pages with an element grow by as much, to 42,919 / 31,147 / 25,037 B
 *   (14,253 B ours) measured, under their ceilings. The margin written into `standalone.ts`
 *   instead of exported from `loadMoment.ts` would be +3 B: kept beside the other moments, with
 *   its unit test, for 4 B.
 * - both together (the pause in typing and the elements above the viewport): the loader 2,373 B,
 *   43,030 / 31,215 / 25,071 B (14,296 B ours).
 * - then only where the browser anchors scrolling (`CSS.supports('overflow-anchor', 'auto')`:
 *   Chromium, Firefox): in WebKit, which does not, a block loaded above the viewport grew under
 *   the reader and moved the comment they had jumped to by its height (512 px on
 *   e2e/pages/post.html, e2e/browsers/checks.ts): +27 B in `trove.js`, to a loader of 2,400 B and
 *   43,057 / 31,242 / 25,098 B (14,323 B ours).
 * - issue 41, land and type: the box taking over the early field in a pause in typing sends its
 *   request within that task (no timer), and creates the locale's `Intl` formats (the focus's
 *   warm-up, ~25 ms for `Intl.NumberFormat` on a fresh page) in a task of its own, after it: the
 *   upgrade's task from ~114 to ~47 ms in a trace on the bench's machine. −7 B in the box's chunk,
 *   to 43,050 / 31,235 / 25,098 B.
 * - where the browser does not anchor scrolling (Safari), the elements do it themselves
 *   (src/ui/anchorScroll.ts, started by `TroveElement`): a MutationObserver on the element's
 *   shadow root and attributes scrolls the window by as much as what follows the element moved,
 *   when that starts above the viewport: +237 B in `bootChunk` (18,549 → 18,786 B), on every page
 *   with an element, nothing in `trove.js`; to 43,314 / 31,484 / 25,352 B (14,577 B ours; +27 B
 *   of it the chunk names' hashes, +18 B of those in related posts' chunk). In related posts'
 *   chunk alone it would be ~+250 B there and +63 B in `bootChunk` (the hook that calls it): more
 *   on a related-posts page, and the results would go without. The element's height from a
 *   ResizeObserver (~80 B less) was not kept: it misses the margins (16 px on
 *   e2e/pages/post.html, where the block's neighbours' margins stop collapsing through it) and
 *   a hidden element, and its scroll came a frame late in Chromium (a layout shift).
 * - then the loader's margin is the same in every browser again ('99999% 0px 100%', no
 *   `CSS.supports('overflow-anchor', 'auto')`): Safari loads a block above the viewport at once
 *   too, which now grows there without moving what the reader reads: −27 B in `trove.js` (2,399
 *   → 2,372 B, the chunk names' hashes unchanged), the ceilings ratcheted down by as much; to
 *   43,287 / 31,457 / 25,325 B (14,550 B ours).
 * - then only the elements that change size in the page's flow anchor (`TroveElement.grows`; the
 *   search box's field keeps its size and its list is in the top layer, so in Safari it no longer
 *   reads the page's layout after each render, on every key): −11 B in `bootChunk`, +30 B in the
 *   box's chunk (its `grows = false`), to 43,283 / 31,475 / 25,294 B measured on one build (the
 *   related posts' chunk −20 B of it the chunk names' hashes), under the ceilings.
 * - issue 48, the return to a result owns the scroll position (`placeScroll`: every element's own
 *   anchoring takes the page as placed as its baseline) and Firefox's click from Enter counts as
 *   a keyboard visit: +43 B in `bootChunk`, +16 B in the results' chunk, the box's −54 B and
 *   related posts' +21 B the chunk names' hashes and export letters, to 43,304 / 31,459 / 25,356 B
 *   (14,581 B ours) on one build (the anchor as a Set of callbacks; a flag reset in a microtask
 *   instead: 43,339 / 31,507 / 25,377 B). The related-posts ceilings ratcheted up by 31 B.
 * - issue 46, the texts in the page's language (41 catalogues, `chunks/i18n/<name>.js`, each
 *   fetched with the code of an element in that language, never on an English page): the loader
 *   +728 B, to 3,100 B (the early field's placeholder in each language 423 B, choosing a host's
 *   language and starting its texts with its code 305 B), over the 3 KB by 100 B; in
 *   `bootChunk` ~+360 B (the nearest `lang` across shadow roots, the catalogues loaded once,
 *   waiting for them before the first render, right to left in ar/he/fa); the date orders' names
 *   (`sortNewest`, `sortOldest`) in the results' chunk. To 44,458 / 32,567 / 26,442 B (15,667 B
 *   ours). A language costs its catalogue on top: 941–1,299 B (`catalogueSizes`; French 1,139 B).
 * Tried and not kept: minifier settings (terser with 3 passes, looser tree-shaking, `esnext`, no
 * spaces in the inlined CSS: < 30 B each), tighter rewrites of the colour and early-field code
 * (< 15 B each); the client split by element (an endpoint group per element, added to the shared
 * client by the element's chunk): −80 B on the related page, −11 B on the box page, +397 B in
 * all (small files compress worse, and most of the client is the reading and caching that every
 * element shares); signals-core's modern build (`signals-core.mjs`) instead of its `browser`
 * one: +44 B; ky 1.7.5 instead of 1.14.3 (without the retry, hook and progress code that the
 * widgets never call): −1,239 B on every page, not taken because it gives up a year of ky's fixes;
 * a related-posts path without `preact/hooks` (the element root and the view as classes): at
 * most −865 B on a related-posts-only page (measured with the hooks stubbed out; the classes
 * would take some of it back), the other pages unchanged, not taken for one view unlike the
 * others. With both, the pages would be about 40.9 / 29.1 / 22.2–22.4 KB: every target still missed
 * by 3.2 to 7.9 KB. The floor within the stack: on a related-posts-only page the libraries, the
 * loader and the two stylesheets are ~14.8 KB before any logic, which leaves ~4.2 KB of the
 * 19,000 for the client, the element base, the page's colours, the view and its controller
 * (~9.5 KB now). Every module of `bootChunk` is used by all three elements (no element downloads
 * another's code), and the modules that only the box and the results share are in a file of their
 * own (`filterMessages`).
 */
export const sizeBudget = {
  everythingTarget: 33_000,
  /** Measured 44,458 B (issue 41: +525 B in the loader, then +111 B for land and type and +7 B for jumps past related posts; issue 39: +67 B; scroll anchoring without the browser's: +264 B; issue 46's languages: +1,171 B). The catalogues (`chunks/i18n/`) are counted per language (`catalogueSizes`). */
  everythingCeiling: 44_490,
  /** The first load of the box (issue 41; issue 22's page with a search box). */
  searchBoxTarget: 24_000,
  /** Everything a page with one search box downloads once suggestions show (the box's first load): measured 32,567 B (31,457 before issue 46). */
  searchBoxCeiling: 32_595,
  /** What a page in another language downloads over the English one: its catalogue (issue 46: at most 1.5 KB). */
  languageOverEnglishTarget: 1_500,
  /** The first load of the related block (issue 41; issue 22's related-posts-only page). */
  relatedOnlyTarget: 19_000,
  /** What a related-posts-only page downloads of our code (all of it less `librariesSize`). */
  relatedOnlyOursTarget: 13_000,
  /** Measured 15,667 B (14,581 before issue 46's languages): over its target by the loader's early field (~610 B), its moments (~540 B), the languages (~1,090 B), scroll anchoring without the browser's (~250 B), the placing settings' names (~67 B) and the pause in typing (~74 B). */
  relatedOnlyOursCeiling: 15_695,
  /** Everything a related-posts-only page downloads, libraries included: measured 26,442 B (25,356 before issue 46). */
  relatedOnlyCeiling: 26_470,
  /** The loader alone (a page until an element's moment has come): measured 2,945 B (2,372 before issue 46's placeholders and languages; 3,100 before `emit` and the `translations` property moved to the elements' code, +27 B in `bootChunk`). */
  loaderCeiling: 2_975,
  /** A post page whose reader neither touches the box nor scrolls to the block (issue 41): the loader alone. */
  untouchedPageTarget: 3_000,
  /** The placing code (`chunks/trove-place.js`), only on pages with a placing setting: measured 1,394 B. */
  placeCeiling: 1_420,
};
