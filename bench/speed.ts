/**
 * Trove's search box side by side with `@algolia/autocomplete-js` (its classic theme, the docs'
 * debouncing recipe at 100 ms, one source fetching the same local service's v2 autocomplete
 * endpoint), in one run of Chromium, both pages on the same origin of the bench server (whose
 * API answers wait 50 ms), trials of the two interleaved:
 *  (a) navigation → interactive box (its input in the page), Fast 3G emulated through CDP
 *      (150 ms latency, 1.6 Mbps down, 750 kbps up), cache disabled, a fresh context per trial;
 *  (b) last key → final suggestions painted: the pointer over the box, a click into it, then a
 *      16-character query typed at 40 ms per key; "final"
 *      = the input holds the whole query and every phrase the service answers for it is shown in
 *      an option; "painted" = a frame has passed since (requestAnimationFrame, then a task);
 *  (c) autocomplete requests sent per typed query (the service's request log);
 *  (d) "land and type at once" (issue 22): a cold navigation as in (a), the query typed as in (b)
 *      as soon as an input accepts typing, navigation → its final suggestions painted.
 * Trove is measured on two pages: embedded as the README says (trove-box.html: the fallback form
 * inside the tag, an input from the page's own HTML on, taken over by the loader's early field,
 * then by the box, with what was typed), and without that form (trove-box-early.html: the first
 * input is the loader's early field). (b) and (c) only on the first: the box is the same.
 * Prints nothing itself; bench/run.ts formats the result. No assertions.
 */
import type { Browser, BrowserContext, CDPSession, Page } from '@playwright/test';

export const QUERY = 'raised vegetable'; // 16 characters
export const KEY_DELAY_MS = 40;
export const FAST_3G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1000 * 1000) / 8,
  uploadThroughput: (750 * 1000) / 8,
};

export interface Side {
  name: string;
  /** Path of its page on the bench server. */
  page: string;
  /** Its text input (Playwright selector; pierces shadow roots). */
  input: string;
  /** What the reader points at before clicking into it (Trove's box fetches its code then). */
  field: string;
}

export const SIDES = {
  trove: { name: 'Trove', page: '/bench/trove-box.html', input: 'trove-search-box input[role="combobox"]', field: 'trove-search-box' },
  troveEarly: {
    name: 'Trove, no fallback form',
    page: '/bench/trove-box-early.html',
    input: 'trove-search-box input[role="combobox"]',
    field: 'trove-search-box',
  },
  autocomplete: { name: 'autocomplete-js', page: '/bench/ac-box.html', input: 'input.aa-Input', field: 'input.aa-Input' },
} satisfies Record<string, Side>;

export interface SideResult {
  interactiveMs: number[];
  /** (d) navigation → the final suggestions painted, the query typed as soon as an input accepted typing. */
  landMs: number[];
  /** (d) navigation → the first and the last key of that query. */
  landKeysMs: [first: number, last: number][];
  paintMs: number[];
  requests: number[];
  /** Longest gap between two keys of each typing trial (the machine's jitter; the debounce is 100 ms). */
  maxKeyGapMs: number[];
  /** Bytes the page fetched on Fast 3G by the time its box was interactive (as served, compressed). */
  transferred: number[];
}

/**
 * Runs in every page before its own scripts (a string: tsx's helpers do not exist there): notes
 * each `input` event; each frame, whether a box's input exists yet; and when an answer of the
 * autocomplete endpoint for the query in `__bench.query` has arrived (both boxes use `fetch`).
 */
const INIT = `
  window.__bench = { keys: [], interactive: 0, painted: 0, answered: 0, query: null, onAnswer: null };
  document.addEventListener('input', () => __bench.keys.push(performance.now()), true);
  const boxInput = () =>
    document.querySelector('input.aa-Input') ||
    document.querySelector('trove-search-box')?.shadowRoot?.querySelector('input') ||
    document.querySelector('trove-search-box input');
  (function poll() {
    const input = boxInput();
    if (input) {
      __bench.interactive = performance.now();
      // The land-and-type trial types as soon as an input accepts typing: the reader is already in it.
      if (sessionStorage.getItem('bench:autofocus')) input.focus();
    } else requestAnimationFrame(poll);
  })();
  const fetch0 = window.fetch;
  window.fetch = async function (input, init) {
    const response = await fetch0.call(this, input, init);
    try {
      const url = new URL(input instanceof Request ? input.url : String(input), location.href);
      if (/\\/autocomplete\\/[^/]*$/.test(url.pathname) && url.searchParams.get('q') === __bench.query) {
        __bench.answered = performance.now();
        __bench.onAnswer?.();
      }
    } catch {}
    return response;
  };
`;

/**
 * Starts watching for the final suggestions of `query`: its answer has arrived, the input holds
 * it and every phrase of `phrases` is in an option (checked on each change of the box's DOM, and
 * once when the answer arrives, in case the box already shows the same phrases for a prefix).
 */
function armPaint(query: string, phrases: string[]): string {
  return `(() => {
    const query = ${JSON.stringify(query)};
    const phrases = ${JSON.stringify(phrases)};
    Object.assign(__bench, { keys: [], painted: 0, answered: 0, query });
    const host = document.querySelector('trove-search-box');
    // Trove's shadow root exists once the loader ran (the page's fallback form is there before).
    let root = host ? host.shadowRoot : document.body;
    const input = () => root.querySelector('input.aa-Input') || root.querySelector('input');
    const ready = () => {
      if (!__bench.answered || input()?.value !== query) return false;
      const options = [...root.querySelectorAll('[role="option"]')].map((o) => o.textContent || '');
      return phrases.every((p) => options.some((t) => t.includes(p)));
    };
    const check = () => {
      if (!ready()) return;
      observer.disconnect();
      __bench.onAnswer = null;
      requestAnimationFrame(() => setTimeout(() => { __bench.painted = performance.now(); }));
    };
    const observer = new MutationObserver(check);
    const observe = () => {
      root = host ? host.shadowRoot : document.body;
      if (!root) return requestAnimationFrame(observe);
      observer.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
      __bench.onAnswer = () => queueMicrotask(check);
    };
    observe();
  })()`;
}

async function newPage(browser: Browser): Promise<[BrowserContext, Page]> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(INIT);
  return [context, await context.newPage()];
}

/** A fresh page on Fast 3G with the cache off (a first visit). */
async function coldPage(browser: Browser): Promise<[BrowserContext, Page, CDPSession]> {
  const [context, page] = await newPage(browser);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', FAST_3G);
  return [context, page, cdp];
}

/** (a) One cold navigation on Fast 3G; milliseconds from navigation start to the box's input, and bytes fetched. */
async function interactiveTrial(browser: Browser, origin: string, side: Side): Promise<[number, number]> {
  const [context, page, cdp] = await coldPage(browser);
  try {
    let transferred = 0;
    cdp.on('Network.loadingFinished', (event) => void (transferred += event.encodedDataLength));
    await page.goto(origin + side.page, { waitUntil: 'commit', timeout: 30_000 });
    await page.waitForFunction('__bench.interactive > 0', null, { timeout: 30_000 });
    const ms = (await page.evaluate('__bench.interactive')) as number;
    return [ms, transferred];
  } finally {
    await context.close();
  }
}

/** (d) One cold navigation on Fast 3G, the query typed at once: milliseconds from navigation start to its final suggestions painted. */
async function landTrial(browser: Browser, origin: string, side: Side, phrases: string[]): Promise<[number, [number, number]]> {
  const [context, page] = await coldPage(browser);
  try {
    await context.addInitScript(() => sessionStorage.setItem('bench:autofocus', '1'));
    await page.goto(origin + side.page, { waitUntil: 'commit', timeout: 30_000 });
    await page.waitForFunction('__bench.interactive > 0', null, { timeout: 30_000, polling: 'raf' });
    await page.evaluate(armPaint(QUERY, phrases));
    // Keys go to the focused input (the page focused it when it appeared), with no locator in between.
    await page.keyboard.type(QUERY, { delay: KEY_DELAY_MS });
    await page.waitForFunction('__bench.painted > 0', null, { timeout: 30_000 });
    const { keys, painted } = (await page.evaluate('__bench')) as { keys: number[]; painted: number };
    return [painted, [keys[0]!, keys.at(-1)!]];
  } finally {
    await context.close();
  }
}

/** (b) + (c): loads the page again (fresh page state), types the query; [last key → painted ms, autocomplete requests, longest key gap]. */
async function typingTrial(page: Page, origin: string, side: Side, phrases: string[]): Promise<[number, number, number]> {
  await page.goto(origin + side.page, { timeout: 30_000 });
  await page.waitForFunction('__bench.interactive > 0', null, { timeout: 15_000 });
  // The pointer over the field, then a click into it, as a reader does.
  await page.locator(side.field).hover({ timeout: 15_000 });
  const input = page.locator(side.input);
  await input.click({ timeout: 15_000 });
  await fetch(`${origin}/_trove/requests`, { method: 'DELETE' });
  await page.evaluate(armPaint(QUERY, phrases));
  await input.pressSequentially(QUERY, { delay: KEY_DELAY_MS, timeout: 15_000 });
  await page.waitForFunction('__bench.painted > 0', null, { timeout: 15_000 });
  const { keys, painted } = (await page.evaluate('__bench')) as { keys: number[]; painted: number };
  const log = (await (await fetch(`${origin}/_trove/requests`)).json()) as { method: string; path: string }[];
  const requests = log.filter((r) => /\/autocomplete\/(?:[^/]+)?$/.test(r.path)).length;
  const maxGap = Math.max(0, ...keys.slice(1).map((t, i) => t - keys[i]!));
  return [painted - keys.at(-1)!, requests, maxGap];
}

/** The phrases the service answers for `query` (what both boxes must show when done). */
async function expectedPhrases(origin: string, query: string): Promise<string[]> {
  const url = `${origin}/api/v2/projects/demo/collections/blog/autocomplete/?${new URLSearchParams({ q: query, token: 'dev-token' })}`;
  const body = (await (await fetch(url)).json()) as { response: { results: { phrase: string }[] } };
  const phrases = body.response.results.map((r) => r.phrase);
  if (phrases.length === 0) throw new Error(`the service has no suggestions for "${query}"`);
  return phrases;
}

export async function measureSpeed(browser: Browser, origin: string, trials = 20): Promise<Record<keyof typeof SIDES, SideResult>> {
  if (QUERY.length !== 16) throw new Error('the query must have 16 characters');
  const phrases = await expectedPhrases(origin, QUERY);
  const sides = Object.keys(SIDES) as (keyof typeof SIDES)[];
  const results = Object.fromEntries(
    sides.map((s) => [
      s,
      { interactiveMs: [], landMs: [], landKeysMs: [], paintMs: [], requests: [], maxKeyGapMs: [], transferred: [] } as SideResult,
    ]),
  ) as Record<keyof typeof SIDES, SideResult>;
  // The box after its upgrade is the same on both Trove pages: (b) and (c) on one of them.
  const typed = sides.filter((side) => side !== 'troveEarly');
  for (const side of sides) await interactiveTrial(browser, origin, SIDES[side]); // warm-up, untimed
  for (let trial = 0; trial < trials; trial++) {
    for (const side of trial % 2 ? [...sides].reverse() : sides) {
      const [ms, bytes] = await interactiveTrial(browser, origin, SIDES[side]);
      results[side].interactiveMs.push(ms);
      results[side].transferred.push(bytes);
    }
  }
  for (let trial = 0; trial < trials; trial++) {
    for (const side of trial % 2 ? [...sides].reverse() : sides) {
      const [ms, keys] = await landTrial(browser, origin, SIDES[side], phrases);
      results[side].landMs.push(ms);
      results[side].landKeysMs.push(keys);
    }
  }
  // One page per side, loaded again for each trial; one untimed round first (warm-up).
  const pages = new Map<keyof typeof SIDES, Page>();
  const contexts: BrowserContext[] = [];
  try {
    for (const side of typed) {
      const [context, page] = await newPage(browser);
      contexts.push(context);
      pages.set(side, page);
      await typingTrial(page, origin, SIDES[side], phrases);
    }
    for (let trial = 0; trial < trials; trial++) {
      for (const side of trial % 2 ? [...typed].reverse() : typed) {
        const [ms, requests, maxGap] = await typingTrial(pages.get(side)!, origin, SIDES[side], phrases);
        results[side].paintMs.push(ms);
        results[side].requests.push(requests);
        results[side].maxKeyGapMs.push(maxGap);
      }
    }
  } finally {
    for (const context of contexts) await context.close();
  }
  return results;
}
