/**
 * The loader's behaviours (src/standalone.ts, src/elements/loadMoment.ts), as e2e/lazyLoading.spec.ts
 * and e2e/embedding.spec.ts check them in Chromium, for any `Driver`: what an untouched post page
 * fetches, the box's code on focus, click and shortcut with the text typed before it arrives,
 * related posts near the viewport and a reader jumping past them and back (in WebKit, which does
 * not anchor scrolling, the element's own anchoring: src/ui/anchorScroll.ts), Back to a results
 * page loaded again (e2e/backForwardFlow.ts; on a Fast 3G connection too), the strict-CSP page,
 * and the box's suggestions in a light and a dark theme (pictures of them in `TROVE_SHOTS_DIR`
 * when set).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Driver } from './drivers.ts';
import type { Site } from './startSite.ts';

export interface Check {
  name: string;
  run(driver: Driver, site: Site): Promise<void>;
}

// Page expressions (strings: evaluated in the page as they are).
const BOX = `document.querySelector('trove-search-box')`;
const EARLY = `${BOX}?.shadowRoot?.querySelector('input[type=search]')`;
const COMBOBOX = `${BOX}?.shadowRoot?.querySelector('[role=combobox]')`;
const RELATED = `document.querySelector('trove-related-posts')`;
/** Is the element of `expression` focused (inside the box's shadow root, the page's focus on the box)? */
const focused = (expression: string) =>
  `!!${expression} && document.activeElement === ${BOX} && ${BOX}.shadowRoot.activeElement === ${expression}`;
/** The number of elements of `selector` in `host`'s shadow root that are drawn (a box of their own). */
const shown = (host: string, selector: string) =>
  `[...(${host}?.shadowRoot?.querySelectorAll('${selector}') ?? [])].filter((el) => el.getBoundingClientRect().height > 0).length`;
const OPTIONS = shown(BOX, '[role=option]');
const RESULTS = `document.querySelector('trove-search-results')`;
const RESULTS_LOADED = `!!${RESULTS}?.shadowRoot?.querySelector('[part~="base"][aria-busy="false"] [part~="result-link"]')`;
const SEVENTH = `${RESULTS}.shadowRoot.querySelectorAll('[part~="result-link"]')[6]`;
/** The box's width and height. */
const SIZE = `(() => { const r = ${BOX}.getBoundingClientRect(); return [r.width, r.height]; })()`;

class CheckFailed extends Error {}

function expect(condition: boolean, message: string): void {
  if (!condition) throw new CheckFailed(message);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `expression` until it is truthy; fails with `what` and its last value after `timeout` ms. */
async function waitFor<T>(driver: Driver, expression: string, what: string, timeout = 10_000): Promise<T> {
  const end = Date.now() + timeout;
  let last: T | undefined;
  for (;;) {
    last = await driver.eval<T>(expression);
    if (last) return last;
    if (Date.now() > end) throw new CheckFailed(`${what}: not within ${timeout / 1000} s (last: ${JSON.stringify(last)})`);
    await sleep(100);
  }
}

/** Waits until the site's log has a `/dist/` path that ends with `suffix`. */
async function waitForRequest(site: Site, suffix: string, timeout = 10_000): Promise<void> {
  const end = Date.now() + timeout;
  while (!site.dist.some((path) => path.endsWith(suffix))) {
    if (Date.now() > end) throw new CheckFailed(`${suffix} was not fetched within ${timeout / 1000} s (fetched: ${site.dist.join(', ')})`);
    await sleep(50);
  }
}

const chunks = (site: Site) => site.dist.filter((path) => path.startsWith('/dist/chunks/'));
const fetched = (site: Site, file: string) => chunks(site).some((path) => path.endsWith(`/${file}`));

/** The centre of the element of `expression`, in the viewport. */
async function centre(driver: Driver, expression: string): Promise<[number, number]> {
  return driver.eval(`(() => { const r = ${expression}.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()`);
}

/** Opens a page of the site with the pointer out of the way (over nothing of Trove's) and the log emptied. */
async function open(driver: Driver, site: Site, path: string): Promise<void> {
  await driver.move(5, driver.viewport.height - 5);
  site.reset();
  await driver.goto(site.origin + path);
}

/** The post page with its early field drawn. */
async function openPost(driver: Driver, site: Site): Promise<void> {
  await open(driver, site, '/pages/post.html');
  // (Or the box itself, should its code have come at once: the check then says what was fetched.)
  await waitFor(driver, `(${EARLY} ?? ${COMBOBOX})?.getBoundingClientRect().height > 0`, 'the early field');
}

/**
 * The flow of e2e/backForwardFlow.ts, by keyboard, on the demo blog's results page (with its
 * footer after the results), which the proxy sends with `no-store`: a search, page 2, the 7th
 * result scrolled to the middle, opened with Enter, Back (on a Fast 3G connection when `slow`).
 * The page is loaded again, its results come from the session copy; the scroll is back within
 * 40 px, the 7th result in view and its link focused.
 */
async function backToResult(driver: Driver, site: Site, slow: boolean): Promise<void> {
  await open(driver, site, '/search?q=recipe');
  await waitFor(driver, RESULTS_LOADED, 'the results');
  const next = `${RESULTS}.shadowRoot.querySelector('[part~="page-next"]')`;
  await driver.eval(`${next}.scrollIntoView({ block: 'center', behavior: 'instant' }) ?? 1`);
  await driver.click(...(await centre(driver, next)));
  await waitFor(driver, `location.search === '?q=recipe&page=2' && ${RESULTS_LOADED}`, 'page 2 of the results');
  const [title, href, left] = await driver.eval<[string, string, number]>(
    `(() => { const link = ${SEVENTH}; scrollTo(0, scrollY + link.getBoundingClientRect().top - innerHeight / 2); window.troveKept = 1; return [link.textContent, link.getAttribute('href'), scrollY]; })()`,
  );
  expect(left > 300, `the 7th result is at ${left} px, too near the top to check the return`);
  await driver.eval(`${SEVENTH}.focus() ?? 1`);
  await driver.press('Enter');
  await waitFor(driver, `location.pathname === ${JSON.stringify(href.split(/[?#]/)[0])}`, 'the post');
  const stop = slow ? site.throttle() : () => {};
  try {
    await driver.back();
    await waitFor(driver, `location.search === '?q=recipe&page=2' && ${RESULTS_LOADED}`, 'the results again', 30_000);
    // Whatever would still move the page (late code, late styles, anchoring) has had its time.
    await sleep(slow ? 3000 : 1000);
  } finally {
    stop();
  }
  const back = await driver.eval<{ kept: boolean; y: number; title: string; top: number; bottom: number; focused: boolean }>(
    `(() => { const link = ${SEVENTH}; const box = link.getBoundingClientRect(); return { kept: !!window.troveKept, y: scrollY, title: link.textContent, top: box.top, bottom: box.bottom, focused: document.activeElement === ${RESULTS} && ${RESULTS}.shadowRoot.activeElement === link }; })()`,
  );
  const where = `left at ${left} px, back at ${back.y} px, the 7th result's link ${Math.round(back.top)}–${Math.round(back.bottom)} px in a ${driver.viewport.height} px viewport`;
  expect(!back.kept, 'the page came back whole from the back/forward cache, not loaded again');
  expect(back.title === title, `the 7th result is “${back.title}”, not “${title}”`);
  expect(Math.abs(back.y - left) <= 40, `the scroll is off by ${back.y - left} px: ${where}`);
  expect(back.top >= 0 && back.bottom <= driver.viewport.height, `the result is out of view: ${where}`);
  expect(back.focused, `its link is not focused: ${where}`);
}

export const checks: Check[] = [
  {
    name: 'an untouched post page fetches only trove.js (4 s)',
    async run(driver, site) {
      await openPost(driver, site);
      await sleep(4000);
      expect(site.dist.join() === '/dist/trove.js', `fetched ${site.dist.join(', ')}`);
    },
  },
  {
    name: 'focus by Tab starts the box’s code; what is typed before it arrives carries over, nothing moves, then suggestions',
    async run(driver, site) {
      await openPost(driver, site);
      const release = site.holdChunks();
      let early: number[] = [];
      try {
        await driver.press('Tab');
        await waitFor(driver, focused(EARLY), 'the early field focused by Tab');
        await waitForRequest(site, '/trove-search-box.js');
        await driver.type('raised bed');
        await driver.press('ArrowLeft', 'Shift');
        expect(!(await driver.eval(`!!${COMBOBOX}`)), 'the box took over while its code was held back');
        expect((await driver.eval(`${EARLY}.value`)) === 'raised bed', 'the early field did not get the typed text');
        early = await driver.eval<number[]>(SIZE);
      } finally {
        release();
      }
      await waitFor(driver, `${COMBOBOX}?.value === 'raised bed'`, 'the box with the typed text');
      // Nothing moves when the box takes the early field over (renderEarlyField.ts draws it at the box's size).
      const box = await driver.eval<number[]>(SIZE);
      expect(
        box.every((value, i) => Math.abs(value - (early[i] ?? Number.NaN)) < 1),
        `the box is ${box.join('×')} px, the early field was ${early.join('×')}`,
      );
      expect(await driver.eval(focused(COMBOBOX)), 'the box’s field is not focused after the takeover');
      const selection = await driver.eval<number[]>(`[${COMBOBOX}.selectionStart, ${COMBOBOX}.selectionEnd]`);
      expect(selection.join() === '9,10', `the selection is ${selection}, not 9,10 (Shift+ArrowLeft before the takeover)`);
      await waitFor(driver, OPTIONS, 'suggestions');
      expect(!fetched(site, 'trove-related-posts.js'), 'related posts’ code came with the box’s');
    },
  },
  {
    name: 'a click on the early field starts the code; the box takes over, focused',
    async run(driver, site) {
      await openPost(driver, site);
      await sleep(300);
      expect(chunks(site).length === 0, `chunks before any gesture: ${chunks(site).join(', ')}`);
      const [x, y] = await centre(driver, EARLY);
      await driver.click(x, y);
      await waitFor(driver, focused(COMBOBOX), 'the box’s field, focused');
      expect(fetched(site, 'trove-search-box.js'), 'the box’s chunk was not fetched');
      await driver.type('garden');
      await waitFor(driver, OPTIONS, 'suggestions');
      expect(!fetched(site, 'trove-related-posts.js'), 'related posts’ code came with the box’s');
    },
  },
  ...(['/', 'Control+k'] as const).map(
    (shortcut): Check => ({
      name: `the shortcut ${shortcut} before the code: focuses the early field, is not typed, starts the code; then the box’s own`,
      async run(driver, site) {
        const press = () => (shortcut === '/' ? driver.type('/') : driver.press('k', 'Control'));
        await openPost(driver, site);
        const release = site.holdChunks();
        try {
          await press();
          await waitFor(driver, focused(EARLY), `the early field focused by ${shortcut}`);
          expect((await driver.eval(`${EARLY}.value`)) === '', `${shortcut} was typed into the field`);
          await waitForRequest(site, '/trove-search-box.js');
          await driver.type('garden');
        } finally {
          release();
        }
        await waitFor(driver, `${COMBOBOX}?.value === 'garden'`, 'the box with the typed text');
        expect(await driver.eval(focused(COMBOBOX)), 'the box’s field is not focused after the takeover');
        await waitFor(driver, OPTIONS, 'suggestions');
        // Once the code is there the box's own shortcut handles the key (the text selected, not typed).
        // A click on the page's text, far from the box and its list.
        await driver.click(driver.viewport.width - 40, driver.viewport.height - 40);
        await waitFor(driver, `document.activeElement !== ${BOX}`, 'the focus out of the box');
        await press();
        await waitFor(driver, focused(COMBOBOX), `the box’s field focused by ${shortcut} again`);
        expect((await driver.eval(`${COMBOBOX}.value`)) === 'garden', `${shortcut} changed the text`);
      },
    }),
  ),
  {
    name: 'related posts’ code is fetched within about a screen of the viewport, and the block shows posts',
    async run(driver, site) {
      await openPost(driver, site);
      // 1.5 screens below the bottom edge: not yet.
      await driver.eval(`scrollBy(0, ${RELATED}.getBoundingClientRect().top - innerHeight * 2.5)`);
      await sleep(700);
      expect(chunks(site).length === 0, `fetched 1.5 screens away: ${chunks(site).join(', ')}`);
      // 0.8 screens below the bottom edge: within a screen, still out of sight.
      await driver.eval(`scrollBy(0, ${RELATED}.getBoundingClientRect().top - innerHeight * 1.8)`);
      await waitForRequest(site, '/trove-related-posts.js');
      expect(await driver.eval(`${RELATED}.getBoundingClientRect().top > innerHeight`), 'the block was already in view');
      expect(!fetched(site, 'trove-search-box.js'), 'the box’s code came with related posts’');
      await driver.eval(`${RELATED}.scrollIntoView()`);
      await waitFor(driver, shown(RELATED, 'a[href]'), 'the related posts’ links');
    },
  },
  {
    name: 'a reader who follows a link to a comment past related posts: what they read does not move as the block arrives above them, nor when they scroll back up to it',
    async run(driver, site) {
      const COMMENT = `document.getElementById('comment-4').getBoundingClientRect().top`;
      const COMMENTS = `document.getElementById('comments').getBoundingClientRect().top`;
      await openPost(driver, site);
      const release = site.holdChunks();
      let before: number;
      try {
        await driver.click(...(await centre(driver, `document.querySelector('a[href="#comment-4"]')`)));
        await waitFor(driver, `Math.abs(${COMMENT}) < 2`, 'the comment at the top of the viewport');
        // The block anywhere above the viewport: its code is asked for at once (src/elements/loadMoment.ts, nearMargin).
        await waitForRequest(site, '/trove-related-posts.js');
        await sleep(500);
        before = await driver.eval<number>(COMMENT);
      } finally {
        release();
      }
      // Its code arrives: the block grows to its skeleton (or to its posts, kept from an earlier check
      // of this session) above the reader, who reads on undisturbed, by the browser's scroll
      // anchoring or, without it (WebKit), the element's (src/ui/anchorScroll.ts).
      await waitFor(driver, shown(RELATED, '[part~="card"]'), 'the block’s cards, above the viewport');
      await sleep(500);
      const after = await driver.eval<number>(COMMENT);
      const block = await driver.eval<number>(`${RELATED}.getBoundingClientRect().height`);
      expect(
        Math.abs(after - before) <= 1,
        `the comment moved from ${before} to ${after} px as the block arrived (the block ${block} px high; fetched ${chunks(site).join(', ')})`,
      );
      expect(await driver.eval(`${RELATED}.getBoundingClientRect().bottom < 0`), 'the block came into view');
      // Back up until the block's end is in view, the comments' heading below it: the block is
      // within a screen now and shows its posts in the place its skeleton held.
      const back = await driver.eval<number>(
        `(() => { scrollBy(0, ${RELATED}.getBoundingClientRect().bottom - innerHeight * 0.3); return ${COMMENTS}; })()`,
      );
      await waitFor(driver, shown(RELATED, 'a[href]'), 'the related posts’ links');
      await sleep(500);
      const read = await driver.eval<number>(COMMENTS);
      expect(Math.abs(read - back) <= 1, `the comments moved from ${back} to ${read} px as the block’s posts showed`);
    },
  },
  {
    name: 'Back to the results loaded again (no-store): the scroll within 40 px, the result left in view and focused',
    run: (driver, site) => backToResult(driver, site, false),
  },
  {
    name: 'Back to the results loaded again on a Fast 3G connection (the page and the elements’ code arrive late): the same',
    run: (driver, site) => backToResult(driver, site, true),
  },
  {
    name: 'the strict-CSP page: every widget works, with no violation and no inline style',
    async run(driver, site) {
      await open(driver, site, '/pages/embed.html');
      await waitFor(driver, shown(RELATED, 'a[href]'), 'the eager related posts’ links');
      // A page with results: the box's code comes at once.
      await waitFor(driver, `!!${COMBOBOX}`, 'the box');
      const [x, y] = await centre(driver, COMBOBOX);
      await driver.click(x, y);
      await driver.type('garden');
      await waitFor(driver, OPTIONS, 'suggestions');
      await driver.press('Enter');
      await waitFor(driver, shown(`document.querySelector('trove-search-results')`, 'a[href]'), 'the results’ links');
      const inline = await driver.eval<string[]>(
        `[...document.querySelectorAll('trove-search-box, trove-search-results, trove-related-posts')].flatMap((host) => [...(host.shadowRoot?.querySelectorAll('[style], style') ?? [])].map((el) => host.localName + ' ' + el.outerHTML.slice(0, 80)))`,
      );
      expect(inline.length === 0, `inline styles: ${inline.join('; ')}`);
      await sleep(500);
      expect(site.cspReports.length === 0, `CSP violations: ${site.cspReports.join('\n')}`);
      // The control: this browser does report a violation of the header's policy (an inline script).
      await driver.eval(
        `!!document.head.appendChild(Object.assign(document.createElement('script'), { textContent: 'window.inlineRan = 1' }))`,
      );
      const end = Date.now() + 5000;
      while (site.cspReports.length === 0 && Date.now() < end) await sleep(50);
      expect(site.cspReports.length > 0, 'the control’s inline script was not reported: the check could not see a violation');
      expect(!(await driver.eval('!!window.inlineRan')), 'the policy did not block the control’s inline script');
    },
  },
  {
    name: 'a French page: the early field, the box and related posts in French, their texts fetched with their code; an Arabic one right to left',
    async run(driver, site) {
      const french = JSON.parse(readFileSync(new URL('../../packages/widgets/src/ui/catalogues/fr.json', import.meta.url), 'utf8'));
      await open(driver, site, '/pages/languages.html?lang=fr');
      await waitFor(driver, `${EARLY}?.placeholder === ${JSON.stringify(french.placeholder)}`, 'the early field in French');
      const heading = `${RELATED}?.shadowRoot?.querySelector('[part~="heading"]')?.textContent`;
      await waitFor(driver, `${heading} === ${JSON.stringify(french.relatedHeading)}`, 'related posts in French');
      expect(fetched(site, 'fr.js'), `chunks/i18n/fr.js was not fetched (fetched: ${chunks(site).join(', ')})`);
      const [x, y] = await centre(driver, EARLY);
      await driver.click(x, y);
      await waitFor(driver, `${COMBOBOX}?.placeholder === ${JSON.stringify(french.placeholder)}`, 'the box in French');
      await driver.type('garden');
      await waitFor(driver, OPTIONS, 'suggestions');
      await open(driver, site, '/pages/languages.html?lang=ar');
      await waitFor(driver, `${heading}`, 'related posts in Arabic');
      const direction = await driver.eval<string>(`getComputedStyle(${RELATED}.shadowRoot.querySelector('[part~="heading"]')).direction`);
      expect(direction === 'rtl', `related posts in Arabic are ${direction}`);
    },
  },
  {
    name: 'suggestions in a light and a dark theme (color-scheme of the box and its list)',
    async run(driver, site) {
      for (const [palette, scheme] of [
        ['light-only', 'light'],
        ['dark-only', 'dark'],
      ] as const) {
        await open(driver, site, `/pages/theme.html?palette=${palette}`);
        // The theme page's box has `idle`: its code comes with no gesture.
        await waitFor(driver, `!!${COMBOBOX}`, `the box (${palette})`);
        const [x, y] = await centre(driver, COMBOBOX);
        await driver.click(x, y);
        await driver.type('pho');
        await waitFor(driver, OPTIONS, `suggestions (${palette})`);
        await driver.press('ArrowDown');
        await driver.press('ArrowDown');
        await waitFor(driver, `${COMBOBOX}.getAttribute('aria-activedescendant')`, `an active option (${palette})`);
        const schemes = await driver.eval<string[]>(
          `[getComputedStyle(${BOX}).colorScheme, getComputedStyle(${BOX}.shadowRoot.querySelector('[part~=popup]') ?? ${BOX}).colorScheme]`,
        );
        expect(
          schemes.every((value) => value === scheme),
          `color-scheme ${schemes.join(', ')} on the ${palette} page, not ${scheme}`,
        );
        if (process.env.TROVE_SHOTS_DIR) {
          mkdirSync(process.env.TROVE_SHOTS_DIR, { recursive: true });
          writeFileSync(join(process.env.TROVE_SHOTS_DIR, `${driver.name}-${scheme}.png`), await driver.screenshot());
        }
      }
    },
  },
];

/** A failure of the page's behaviour (not of the harness): its message is enough. */
export const isCheckFailure = (error: unknown) => error instanceof CheckFailed;
