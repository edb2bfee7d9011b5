import { matchShortcut } from '../core/matchShortcut.ts';
import { isTypingTarget } from '../ui/searchBox/isTypingTarget.ts';

/**
 * When the script loader fetches an element's code (src/standalone.ts):
 * - `now`: at once: an element that declares `eager` and has it; a search box whose early
 *   field the reader is already in (focused, or text typed into the page's fallback form before
 *   the loader ran), or on a page with `<trove-search-results>` (a search page: the box shows its
 *   query and the reader came to search);
 * - `near`: when the element comes within about a screen of the viewport, is in it or above it
 *   (`nearMargin`): related posts, the results;
 * - `intent`: the search box, on the reader's first sign of intent (`intentEvents` on the box, or
 *   its `shortcut` caught by the loader: `shortcutField`);
 * - `idle`: the search box with `idle`: when the browser is idle (or on intent, if that comes first).
 */
export type LoadMoment = 'now' | 'near' | 'intent' | 'idle';

/**
 * The `rootMargin` of the loader's observer of `near` elements: a screen below the viewport (as
 * far as related posts wait for before they ask the service), and a thousand screens above it,
 * that is anywhere above. A reader who jumped past the element (a link to a comment, the page
 * opened or restored below it) may scroll back up: its code comes at once, and while the element
 * is above the viewport it grows there, with what is in view kept in place: by the browser's
 * scroll anchoring (Chromium, Firefox), or where the browser has none (Safari) by the element
 * itself (`anchorScroll`, src/ui/anchorScroll.ts: in WebKitGTK the comment the reader jumped to
 * moved by the block's 512 px without it; e2e/browsers/checks.ts). Left at zero height until the
 * reader came back within a screen, it grew in view on a slow connection and pushed the comments
 * down (in Chromium on e2e/pages/post.html: CLS 0.12 before, 0 now, 0.31 now without any
 * anchoring; e2e/lazyLoading.spec.ts). Below the viewport, an element still waits.
 */
export const nearMargin = '99999% 0px 100%';

/** The events on a search box (from its early field or fallback form, composed) that start its code: the pointer over or down, focus, a key. */
export const intentEvents = ['pointerover', 'pointerdown', 'focusin', 'keydown', 'input'] as const;

/** When to fetch the code of `host` (a search box if `box`), as it connects; see `LoadMoment`. */
export function loadMoment(host: Element, box: boolean): LoadMoment {
  if (!box) return host.hasAttribute('eager') ? 'now' : 'near';
  // The early field took the focus and the text of the page's fallback form (renderEarlyField).
  const fallback = host.querySelector('input');
  if (
    host.shadowRoot?.activeElement ||
    (fallback && fallback.value !== fallback.defaultValue) ||
    document.querySelector('trove-search-results')
  )
    return 'now';
  return host.hasAttribute('idle') ? 'idle' : 'intent';
}

/**
 * The early field that a key press focuses (before the box's code has arrived): that of the first
 * of `hosts` whose `shortcut` attribute the key matches, unless the key went to another field.
 */
export function shortcutField(hosts: Iterable<Element>, event: KeyboardEvent): HTMLInputElement | undefined {
  if (event.defaultPrevented) return;
  const typing = isTypingTarget(event);
  for (const host of hosts) {
    const input = host.isConnected && host.shadowRoot?.querySelector('input');
    if (input && matchShortcut(host.getAttribute('shortcut'), event, typing)) return input;
  }
}
