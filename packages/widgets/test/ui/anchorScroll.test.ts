import { afterEach, describe, expect, it, vi } from 'vitest';
import { anchorScroll } from '../../src/ui/anchorScroll.ts';
import { placeScroll } from '../../src/ui/placeScroll.ts';

/**
 * A page: an element in a container (at `container` px down the page), followed by a script (no
 * box) and the paragraph the reader reads, `offset` px below the container's top; the window
 * scrolled by `scrollY`. `change` redraws the element (`offset` moves by `by`) as a render does:
 * a mutation of its shadow root, or its `hidden` attribute.
 */
function page({ container = 1000, offset = 0, scrollY = 3000, anchored = false } = {}) {
  const state = { container, offset, scrollY };
  vi.stubGlobal('CSS', { supports: (property: string) => (property === 'overflow-anchor' ? anchored : true) });
  vi.stubGlobal('scrollY', scrollY);
  const scrollBy = vi.fn((options: ScrollToOptions) => {
    state.scrollY += options.top ?? 0;
    vi.stubGlobal('scrollY', state.scrollY);
  });
  vi.stubGlobal('scrollBy', scrollBy);
  document.body.innerHTML = '<div id="container"><div id="slot"><trove-x></trove-x></div><script></script><p id="reading"></p></div>';
  const element = document.querySelector('trove-x')!;
  const root = element.attachShadow({ mode: 'open' });
  const box = (el: Element, top: () => number) => {
    el.getClientRects = () => [{}] as unknown as DOMRectList;
    el.getBoundingClientRect = () => ({ top: top() }) as DOMRect;
  };
  document.querySelector('script')!.getClientRects = () => [] as unknown as DOMRectList;
  box(document.getElementById('container')!, () => state.container - state.scrollY);
  box(document.getElementById('reading')!, () => state.container + state.offset - state.scrollY);
  /** The element draws something else, which moves what follows it by `by` px; resolves once it has been told. */
  const change = async (by: number, how: 'render' | 'hidden' = 'render') => {
    state.offset += by;
    if (how === 'hidden') element.toggleAttribute('hidden');
    else root.append(document.createElement('p'));
    await new Promise((resolve) => setTimeout(resolve));
  };
  const reading = () => document.getElementById('reading')!.getBoundingClientRect().top;
  return { element, root, change, reading, scrollBy, state };
}

afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('anchorScroll, where the browser does not anchor scrolling', () => {
  it('scrolls the window by as much as the element moves what follows it, while that starts above the viewport: what the reader reads stays put', async () => {
    // The reader 2,000 px past the element's container: the element grows from nothing to its skeleton, then to its posts.
    const { element, root, change, reading, scrollBy } = page();
    anchorScroll(element, root);
    const before = reading();
    await change(512);
    expect(scrollBy).toHaveBeenCalledWith({ top: 512, behavior: 'instant' });
    await change(28);
    expect(scrollBy).toHaveBeenLastCalledWith({ top: 28, behavior: 'instant' });
    expect(reading()).toBe(before);
  });

  it('scrolls back when the element hides itself (its `hidden` attribute)', async () => {
    const { element, root, change, reading, scrollBy } = page({ offset: 512 });
    anchorScroll(element, root);
    const before = reading();
    await change(-512, 'hidden');
    expect(scrollBy).toHaveBeenCalledWith({ top: -512, behavior: 'instant' });
    expect(reading()).toBe(before);
  });

  it('counts what follows as above the viewport when it started at the viewport’s top', async () => {
    const { element, root, change, scrollBy } = page({ offset: 200, scrollY: 1200 });
    anchorScroll(element, root);
    await change(100);
    expect(scrollBy).toHaveBeenCalledWith({ top: 100, behavior: 'instant' });
  });

  it('leaves the window where it is when what follows the element started in the viewport or below it', async () => {
    for (const scrollY of [1100, 0]) {
      const { element, root, change, scrollBy } = page({ offset: 200, scrollY });
      anchorScroll(element, root);
      await change(300);
      expect(scrollBy, `the window scrolled by ${scrollY} px`).not.toHaveBeenCalled();
      vi.unstubAllGlobals();
    }
  });

  it('leaves the moves of the container itself (content above it, a sticky header) to the browser', async () => {
    const { element, root, change, state, scrollBy } = page();
    anchorScroll(element, root);
    state.container += 300;
    await change(0);
    expect(scrollBy).not.toHaveBeenCalled();
  });

  it('leaves the window where placeScroll put it (the return to a result), for a change made before in the same task; anchors what changes after', async () => {
    // The results render 1,000 px above where the reader left (the page at the top, what follows them in view), and the return places the page at 2,500 px.
    const { element, root, change, reading, scrollBy, state } = page({ offset: 200, scrollY: 0 });
    const stop = anchorScroll(element, root);
    state.offset += 1000;
    root.append(document.createElement('p'));
    placeScroll(() => {
      state.scrollY = 2500;
      vi.stubGlobal('scrollY', 2500);
    });
    await new Promise((resolve) => setTimeout(resolve));
    expect(scrollBy).not.toHaveBeenCalled();
    const placed = reading();
    await change(28);
    expect(scrollBy).toHaveBeenCalledWith({ top: 28, behavior: 'instant' });
    expect(reading()).toBe(placed);
    stop?.();
  });

  it('stops when told to', async () => {
    const { element, root, change, scrollBy } = page();
    anchorScroll(element, root)?.();
    await change(512);
    expect(scrollBy).not.toHaveBeenCalled();
  });

  it('does nothing when nothing is drawn after the element', () => {
    const { element, root } = page();
    for (const after of document.querySelectorAll('#reading')) after.remove();
    expect(anchorScroll(element, root)).toBeUndefined();
  });
});

describe('anchorScroll, where the browser anchors scrolling (Chromium, Firefox)', () => {
  it('does nothing, not even observe the element: the browser keeps what is in view in place, and a second scroll would double it', async () => {
    const { element, root, change, scrollBy } = page({ anchored: true });
    expect(anchorScroll(element, root)).toBeUndefined();
    await change(512);
    expect(scrollBy).not.toHaveBeenCalled();
  });
});
