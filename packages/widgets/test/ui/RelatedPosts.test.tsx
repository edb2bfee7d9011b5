import { cleanup, fireEvent, render } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createClient } from 'trove-search-client';
import type { ApiVersion } from 'trove-search-client';
import { formatDate } from '../../src/ui/formatDate.ts';
import { RelatedPosts, type RelatedPostsProps } from '../../src/ui/relatedPosts/RelatedPosts.tsx';
import { envelope, fakeNetwork, post, type Seen } from '../core/relatedFakeNetwork.ts';

/** The browser's IntersectionObserver, replaced so a test decides when the block is "near". */
class FakeIntersectionObserver {
  static all: FakeIntersectionObserver[] = [];
  targets: Element[] = [];
  disconnected = false;
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit = {},
  ) {
    FakeIntersectionObserver.all.push(this);
  }
  observe(target: Element) {
    this.targets.push(target);
  }
  unobserve() {}
  disconnect() {
    this.disconnected = true;
  }
  takeRecords() {
    return [];
  }
  /** Report that the block came within (or left) the observed area. */
  report(isIntersecting: boolean) {
    const entries = this.targets.map((target) => ({ isIntersecting, target }) as unknown as IntersectionObserverEntry);
    this.callback(entries, this as unknown as IntersectionObserver);
  }
  static live() {
    return FakeIntersectionObserver.all.filter((o) => !o.disconnected);
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

function setup(
  props: Partial<RelatedPostsProps> = {},
  answer: (seen: Seen) => Response | Promise<Response> = () => envelope([post(11), post(12), post(13)]),
  apiVersion: ApiVersion = 'v2',
) {
  const net = fakeNetwork(answer);
  const client = createClient({
    baseUrl: 'https://search.example.com',
    project: 'demo',
    collection: 'blog',
    token: 't',
    apiVersion,
    fetch: net.fetch,
    cache: false,
  });
  const all: RelatedPostsProps = {
    client,
    docId: '7',
    docTitle: 'Current post',
    docUrl: 'https://blog.example/posts/7',
    locale: 'en-US',
    ...props,
  };
  const view = render(<RelatedPosts {...all} />);
  const rerender = (next: Partial<RelatedPostsProps>) => view.rerender(<RelatedPosts {...all} {...next} />);
  return { net, client, view, rerender, container: view.container };
}

const cards = (root: ParentNode) => [...root.querySelectorAll('[part~="card"]:not([part~="placeholder"])')];
const placeholders = (root: ParentNode) => [...root.querySelectorAll('[part~="placeholder"]')];

describe('RelatedPosts', () => {
  beforeEach(() => {
    FakeIntersectionObserver.all = [];
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows `limit` placeholder cards under a real heading before loading, and requests nothing yet', async () => {
    const { net, container } = setup({ limit: 5 });
    await settle();
    const section = container.querySelector('section')!;
    const heading = section.querySelector('h2')!;
    expect(heading.textContent).toBe('Related posts');
    expect(section.getAttribute('aria-labelledby')).toBe(heading.id);
    expect(section.getAttribute('aria-busy')).toBe('true');
    expect(placeholders(container)).toHaveLength(5);
    expect(placeholders(container).every((p) => p.getAttribute('aria-hidden') === 'true')).toBe(true);
    expect(net.recommends()).toHaveLength(0);
  });

  it('watches the block with a margin of about one screen and loads once it is near', async () => {
    const { net, container } = setup();
    await settle();
    const [observer] = FakeIntersectionObserver.live();
    expect(observer!.options.rootMargin).toBe('100% 0px');
    expect(observer!.targets[0]).toBe(container.querySelector('section'));
    observer!.report(false);
    await settle();
    expect(net.recommends()).toHaveLength(0);
    observer!.report(true);
    await vi.waitFor(() => expect(cards(container)).toHaveLength(3));
    observer!.report(false);
    observer!.report(true);
    await settle();
    expect(net.recommends()).toHaveLength(1);
    expect(container.querySelector('section')!.hasAttribute('aria-busy')).toBe(false);
  });

  it('loads at once with `eager`, without watching the viewport', async () => {
    const { net, container } = setup({ eager: true });
    await vi.waitFor(() => expect(cards(container)).toHaveLength(3));
    expect(net.recommends()).toHaveLength(1);
    expect(FakeIntersectionObserver.live()).toHaveLength(0);
  });

  it('loads at once where there is no IntersectionObserver', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const { net, container } = setup();
    await vi.waitFor(() => expect(cards(container)).toHaveLength(3));
    expect(net.recommends()).toHaveLength(1);
  });

  it('renders each card: lazy image, title link, date in the page locale, tags', async () => {
    const { container } = setup({ eager: true }, () =>
      envelope([post(11, { image: '/img/11.svg', tags: ['css', 'layout'], date: '2023-11-02T00:00:00.000+0000' })]),
    );
    await vi.waitFor(() => expect(cards(container)).toHaveLength(1));
    const card = cards(container)[0]!;
    const img = card.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/img/11.svg');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('alt')).toBe('');
    const link = card.querySelector('h3 a')!;
    expect(link.getAttribute('href')).toBe('/posts/11/post-11');
    expect(link.textContent).toBe('Post 11');
    const time = card.querySelector('time')!;
    expect(time.getAttribute('datetime')).toBe('2023-11-02');
    expect(time.textContent).toBe(formatDate('2023-11-02T00:00:00.000+0000', 'en-US'));
    expect(time.textContent).toMatch(/Nov 2, 2023/);
    expect([...card.querySelectorAll('[part~="tag"]')].map((t) => t.textContent)).toEqual(['css', 'layout']);
  });

  it("sets a post's title in its own direction (an English title on an Arabic page), not the page's", async () => {
    const { container } = setup({ eager: true }, () => envelope([post(11)]));
    await vi.waitFor(() => expect(cards(container)).toHaveLength(1));
    expect(cards(container)[0]!.querySelector('[part~="title"]')!.getAttribute('dir')).toBe('auto');
  });

  it('gives placeholder and final cards the same boxes, so loading shifts nothing', async () => {
    const { container } = setup({ eager: true, limit: 3 });
    // Every sized box (image box, title, date and tag rows) exists in both, in the same order.
    const shape = (card: Element) => [...card.querySelectorAll('.media, .body, .title, .date, .tags')].map((e) => e.classList[0]);
    const before = placeholders(container).map(shape);
    expect(before).toHaveLength(3);
    await vi.waitFor(() => expect(cards(container)).toHaveLength(3));
    expect(before[0]).toEqual(['media', 'body', 'title', 'date', 'tags']);
    expect(cards(container).map(shape)).toEqual(before);
  });

  it('shows a neutral placeholder when the image is missing or broken', async () => {
    const { container } = setup({ eager: true }, () => envelope([post(1, { image: '/img/broken.png' }), post(2)]));
    await vi.waitFor(() => expect(cards(container)).toHaveLength(2));
    const [first, second] = cards(container);
    expect(second!.querySelector('img')).toBeNull();
    expect(second!.querySelector('[part~="media"]')!.classList.contains('is-empty')).toBe(true);
    fireEvent.error(first!.querySelector('img')!);
    await vi.waitFor(() => expect(first!.querySelector('img')).toBeNull());
    expect(first!.querySelector('[part~="media"]')!.classList.contains('is-empty')).toBe(true);
  });

  it('renders hostile titles as text and gives `javascript:` URLs no link', async () => {
    const evil = '<img src=x onerror="window.__pwned=1">';
    const { container } = setup({ eager: true }, () =>
      envelope([post(1, { title: evil, url: 'javascript:alert(1)', image: 'javascript:alert(2)' }), post(2, { title: '  ' })]),
    );
    await vi.waitFor(() => expect(cards(container)).toHaveLength(2));
    const [first, second] = cards(container);
    expect(first!.querySelector('h3')!.textContent).toBe(evil);
    expect(first!.querySelectorAll('img')).toHaveLength(0);
    expect(first!.querySelector('a')).toBeNull();
    expect(container.innerHTML).not.toContain('javascript:');
    expect(second!.querySelector('h3')!.textContent).toBe('Untitled post');
  });

  it('sends feedback with the 1-based position for a click, a Ctrl/Cmd-click and a middle-click', async () => {
    const { net, container } = setup({ eager: true });
    await vi.waitFor(() => expect(cards(container)).toHaveLength(3));
    const links = container.querySelectorAll('h3 a');
    links[1]!.addEventListener('click', (e) => e.preventDefault()); // keep the test page where it is
    fireEvent.click(links[1]!, { button: 0 });
    fireEvent.click(links[1]!, { button: 0, ctrlKey: true });
    fireEvent.click(links[1]!, { button: 0, metaKey: true });
    fireEvent(links[2]!, new MouseEvent('auxclick', { bubbles: true, cancelable: true, button: 1 }));
    fireEvent(links[2]!, new MouseEvent('auxclick', { bubbles: true, cancelable: true, button: 2 })); // context menu: not an open
    await vi.waitFor(() => expect(net.feedback()).toHaveLength(4));
    await settle();
    expect(net.feedback()).toHaveLength(4);
    expect(net.feedback().map((f) => f.params.get('item_order'))).toEqual(['2', '2', '2', '3']);
    const p = net.feedback()[0]!.params;
    expect(Object.fromEntries([...p].filter(([k]) => k !== 'session_id'))).toEqual({
      source_id: '7',
      source_title: 'Current post',
      source_url: 'https://blog.example/posts/7',
      target_id: '12',
      target_title: 'Post 12',
      target_url: '/posts/12/post-12',
      item_order: '2',
      token: 't',
    });
  });

  it('asks onSelect for a plain click and stops the navigation when it returns false', async () => {
    const onSelect = vi.fn(() => false);
    const { net, container } = setup({ eager: true, onSelect });
    await vi.waitFor(() => expect(cards(container)).toHaveLength(3));
    const link = container.querySelectorAll('h3 a')[2]!;
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    link.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    expect(onSelect).toHaveBeenCalledWith({ recommendation: expect.objectContaining({ id: '13' }), position: 3, sourceId: '7' });
    await vi.waitFor(() => expect(net.feedback()).toHaveLength(1));
  });

  it('lets the navigation happen when onSelect does not cancel, and leaves new-tab clicks alone', async () => {
    const onSelect = vi.fn(() => true);
    const { container } = setup({ eager: true, onSelect });
    await vi.waitFor(() => expect(cards(container)).toHaveLength(3));
    const link = container.querySelector('h3 a')!;
    const plain = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    link.dispatchEvent(plain);
    expect(plain.defaultPrevented).toBe(false);
    onSelect.mockReturnValue(false);
    const newTab = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ctrlKey: true });
    link.addEventListener('click', (e) => e.preventDefault(), { once: true });
    link.dispatchEvent(newTab);
    expect(onSelect).toHaveBeenCalledTimes(1);
  });

  it('sends no feedback with analytics off or in v1', async () => {
    for (const [props, version] of [
      [{ analytics: false }, 'v2'],
      [{}, 'v1'],
    ] as const) {
      const { net, container } = setup({ eager: true, ...props }, undefined, version);
      await vi.waitFor(() => expect(cards(container)).toHaveLength(3));
      const link = container.querySelector('h3 a')!;
      link.addEventListener('click', (e) => e.preventDefault());
      fireEvent.click(link);
      await settle();
      expect(net.feedback()).toHaveLength(0);
      cleanup();
    }
  });

  it('hides entirely, heading included, when there are no related posts', async () => {
    const onHiddenChange = vi.fn();
    const { container } = setup({ eager: true, onHiddenChange }, () => envelope([]));
    await vi.waitFor(() => expect(onHiddenChange).toHaveBeenLastCalledWith(true));
    const section = container.querySelector('section')!;
    expect(section.hidden).toBe(true);
    expect(section.querySelector('h2')).toBeNull();
    expect(section.children).toHaveLength(0);
  });

  it('hides and reports the error when the request fails', async () => {
    const onError = vi.fn();
    const onHiddenChange = vi.fn();
    const { container } = setup({ eager: true, onError, onHiddenChange }, () => new Response('{"code":500}', { status: 500 }));
    await vi.waitFor(() => expect(onError).toHaveBeenCalledTimes(1));
    expect(onError.mock.calls[0]![0]).toBeInstanceOf(Error);
    expect(onHiddenChange).toHaveBeenLastCalledWith(true);
    expect(container.querySelector('section')!.hidden).toBe(true);
  });

  it('reloads when the doc id changes, showing placeholders meanwhile', async () => {
    const { net, container, rerender } = setup({ eager: true }, ({ params }) => envelope([post(Number(params.get('id')) * 10)]));
    await vi.waitFor(() => expect(cards(container)[0]?.textContent).toContain('Post 70'));
    rerender({ eager: true, docId: '8' });
    await vi.waitFor(() => expect(cards(container)[0]?.textContent).toContain('Post 80'));
    expect(net.recommends().map((r) => r.params.get('id'))).toEqual(['7', '8']);
  });

  it('after a doc id change loads at once if the block is in view, else waits until it is', async () => {
    const { net, container, rerender } = setup({}, ({ params }) => envelope([post(Number(params.get('id')))]));
    await settle();
    const [observer] = FakeIntersectionObserver.live();
    observer!.report(true);
    await vi.waitFor(() => expect(cards(container)).toHaveLength(1));
    rerender({ docId: '8' });
    await vi.waitFor(() => expect(net.recommends()).toHaveLength(2));
    observer!.report(false);
    rerender({ docId: '9' });
    await settle();
    expect(net.recommends()).toHaveLength(2);
    observer!.report(true);
    await vi.waitFor(() => expect(net.recommends()).toHaveLength(3));
  });

  it('uses the page title and canonical URL when none are given', async () => {
    document.title = 'A page title';
    const link = document.createElement('link');
    link.rel = 'canonical';
    link.href = 'https://blog.example/canonical/7';
    document.head.append(link);
    try {
      const { net } = setup({ eager: true, docTitle: undefined, docUrl: undefined });
      await vi.waitFor(() => expect(net.recommends()).toHaveLength(1));
      expect(net.recommends()[0]!.params.get('title')).toBe('A page title');
      expect(net.recommends()[0]!.params.get('url')).toBe('https://blog.example/canonical/7');
    } finally {
      link.remove();
    }
  });

  it('falls back to the page address without a canonical link', async () => {
    const { net } = setup({ eager: true, docUrl: undefined });
    await vi.waitFor(() => expect(net.recommends()).toHaveLength(1));
    expect(net.recommends()[0]!.params.get('url')).toBe(location.href);
  });

  it('takes a custom heading, and without one keeps the region named', async () => {
    const { container, rerender } = setup({ heading: 'Keep reading' });
    expect(container.querySelector('h2')!.textContent).toBe('Keep reading');
    rerender({ heading: '' });
    expect(container.querySelector('h2')).toBeNull();
    expect(container.querySelector('section')!.getAttribute('aria-label')).toBe('Related posts');
  });

  it('lays the cards out as a list or a grid', () => {
    const { container, rerender } = setup();
    expect(container.querySelector('section')!.classList.contains('layout-list')).toBe(true);
    rerender({ layout: 'grid' });
    expect(container.querySelector('section')!.classList.contains('layout-grid')).toBe(true);
  });
});
