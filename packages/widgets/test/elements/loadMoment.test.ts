import { afterEach, describe, expect, it } from 'vitest';
import { loadMoment, nearMargin, shortcutField } from '../../src/elements/loadMoment.ts';
import { renderEarlyField } from '../../src/elements/renderEarlyField.ts';

/** A connected element from `html`; a search box shows its early field, as the loader does. */
function host(html: string): HTMLElement {
  document.body.insertAdjacentHTML('beforeend', html);
  const el = document.body.lastElementChild as HTMLElement;
  if (el.localName === 'trove-search-box') renderEarlyField(el);
  return el;
}

const key = (init: KeyboardEventInit, target: EventTarget = document.body) => {
  const event = new KeyboardEvent('keydown', { bubbles: true, cancelable: true, composed: true, ...init });
  target.dispatchEvent(event);
  return event;
};

/**
 * Whether an element spanning `top`..`bottom` (viewport coordinates) intersects a viewport of
 * `height` grown by the IntersectionObserver `rootMargin` `margin` (1 to 4 lengths, px or %).
 */
function within(margin: string, height: number, top: number, bottom: number): boolean {
  const lengths = margin.split(' ').map((length) => (length.endsWith('%') ? (parseFloat(length) / 100) * height : parseFloat(length)));
  const [above, , below = above] = lengths;
  return bottom >= -above! && top <= height + below!;
}

describe('nearMargin', () => {
  const height = 720;

  it('counts an element anywhere above the viewport as near, in every browser: a reader who jumped past it may scroll back up, and it grows there unseen', () => {
    expect(within(nearMargin, height, -0.8 * height, -0.2 * height)).toBe(true);
    expect(within(nearMargin, height, -1.5 * height, -1.5 * height)).toBe(true);
    expect(within(nearMargin, height, -50 * height, -49 * height)).toBe(true);
  });

  it('counts an element in the viewport or within a screen below it as near, and not one further down', () => {
    expect(within(nearMargin, height, 0.5 * height, 1.2 * height)).toBe(true);
    expect(within(nearMargin, height, 1.8 * height, 2.5 * height)).toBe(true);
    expect(within(nearMargin, height, 2.5 * height, 3.2 * height)).toBe(false);
  });
});

describe('loadMoment', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('waits for related posts and the results to come near the viewport', () => {
    expect(loadMoment(host('<trove-related-posts></trove-related-posts>'), false)).toBe('near');
    expect(loadMoment(host('<trove-search-results></trove-search-results>'), false)).toBe('near');
  });

  it('loads related posts with eager at once', () => {
    expect(loadMoment(host('<trove-related-posts eager></trove-related-posts>'), false)).toBe('now');
  });

  it('waits for the reader’s intent on a search box, or for idle with idle', () => {
    expect(loadMoment(host('<trove-search-box></trove-search-box>'), true)).toBe('intent');
    expect(loadMoment(host('<trove-search-box idle></trove-search-box>'), true)).toBe('idle');
  });

  it('loads a search box at once when the reader typed into its fallback form before the loader ran', () => {
    const box = document.createElement('trove-search-box');
    box.innerHTML = '<form action="/search"><input name="q"></form>';
    document.body.append(box);
    box.querySelector('input')!.value = 'night';
    renderEarlyField(box);
    expect(loadMoment(box, true)).toBe('now');
  });

  it('does not count a fallback field’s own initial value as typing', () => {
    expect(loadMoment(host('<trove-search-box><form><input name="q" value="night"></form></trove-search-box>'), true)).toBe('intent');
    expect(loadMoment(host('<trove-search-box value="night"></trove-search-box>'), true)).toBe('intent');
  });

  it('loads a search box at once on a search page (one with the results)', () => {
    host('<trove-search-results></trove-search-results>');
    expect(loadMoment(host('<trove-search-box></trove-search-box>'), true)).toBe('now');
  });

  it('loads a search box at once when its early field has the focus (the fallback field had it)', () => {
    const box = host('<trove-search-box idle></trove-search-box>');
    box.shadowRoot!.querySelector('input')!.focus();
    expect(loadMoment(box, true)).toBe('now');
  });
});

describe('shortcutField', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('finds the early field of the first box whose shortcut the key matches', () => {
    const plain = host('<trove-search-box></trove-search-box>');
    const slash = host('<trove-search-box shortcut="/"></trove-search-box>');
    const both = host('<trove-search-box shortcut="mod+k /"></trove-search-box>');
    expect(shortcutField([plain, slash, both], key({ key: '/' }))).toBe(slash.shadowRoot!.querySelector('input'));
    expect(shortcutField([plain, slash, both], key({ key: 'k', ctrlKey: true }))).toBe(both.shadowRoot!.querySelector('input'));
    expect(shortcutField([plain, slash, both], key({ key: 'k' }))).toBeUndefined();
  });

  it('leaves a key typed into another field, a key already handled and a box no longer in the page', () => {
    const box = host('<trove-search-box shortcut="/"></trove-search-box>');
    const field = host('<textarea></textarea>');
    expect(shortcutField([box], key({ key: '/' }, field))).toBeUndefined();
    const handled = new KeyboardEvent('keydown', { key: '/', cancelable: true });
    handled.preventDefault();
    expect(shortcutField([box], handled)).toBeUndefined();
    box.remove();
    expect(shortcutField([box], key({ key: '/' }))).toBeUndefined();
  });
});
