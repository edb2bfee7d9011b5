import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { documentId } from 'trove-search-client';
import { configured, scriptConfig } from '../../src/elements/configure.ts';
import { defineElement } from '../../src/elements/defineElement.ts';
import { TroveRelatedPosts } from '../../src/elements/TroveRelatedPosts.ts';
import { envelope, fakeNetwork, post, type Seen } from '../core/relatedFakeNetwork.ts';

defineElement('trove-related-posts', TroveRelatedPosts);

let collection = 0;
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

/**
 * Mounts the element on a page whose network is faked at `fetch` (reads) and
 * `navigator.sendBeacon` (feedback). Each mount uses its own collection, so the shared
 * per-config client's cache never answers for another test.
 */
function mount(attrs: string, answer: (seen: Seen) => Response | Promise<Response> = () => envelope([post(11), post(12), post(13)])) {
  const net = fakeNetwork(answer);
  vi.stubGlobal('fetch', net.fetch);
  vi.spyOn(navigator, 'sendBeacon').mockImplementation(net.sendBeacon);
  document.body.innerHTML = `<main><p>Article</p><trove-related-posts base-url="https://search.example.com" project="demo" collection="c${++collection}" token="t" ${attrs}></trove-related-posts></main>`;
  const el = document.querySelector('trove-related-posts')!;
  const root = el.shadowRoot!;
  const cards = () => [...root.querySelectorAll('[part~="card"]:not([part~="placeholder"])')];
  return { el, root, net, cards };
}

describe('<trove-related-posts>', () => {
  beforeEach(() => {
    configured.value = {};
    scriptConfig.value = {};
    vi.stubGlobal('IntersectionObserver', undefined); // no observer → loads at once (lazy loading is covered in the view and e2e tests)
  });
  afterEach(() => {
    document.body.innerHTML = '';
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("without doc-id, asks for the id trove index gives the page's canonical address, and sends that address", async () => {
    document.head.innerHTML = '<link rel="canonical" href="https://blog.example/2024/03/tides/">';
    try {
      const { net } = mount('');
      await vi.waitFor(() => expect(net.recommends()).toHaveLength(1));
      const { params } = net.recommends()[0]!;
      expect(params.get('id')).toBe(String(documentId('https://blog.example/2024/03/tides/')));
      expect(params.get('url')).toBe('https://blog.example/2024/03/tides/');
    } finally {
      document.head.innerHTML = '';
    }
  });

  it('without a canonical link, identifies the page by its og:url, else by its address without fragment or tracking parameters', async () => {
    document.head.innerHTML = '<meta property="og:url" content="https://blog.example/p/og">';
    try {
      const first = mount('');
      await vi.waitFor(() => expect(first.net.recommends()).toHaveLength(1));
      expect(first.net.recommends()[0]!.params.get('id')).toBe(String(documentId('https://blog.example/p/og')));
    } finally {
      document.head.innerHTML = '';
    }
    const here = location.href.split('#')[0]!;
    history.replaceState(null, '', `${location.pathname}?utm_source=newsletter#comments`);
    try {
      const second = mount('');
      await vi.waitFor(() => expect(second.net.recommends()).toHaveLength(1));
      expect(second.net.recommends()[0]!.params.get('id')).toBe(String(documentId(here)));
    } finally {
      history.replaceState(null, '', here);
    }
  });

  it('hashes a doc-id that is not a whole number as trove index hashes string ids, and keeps a whole number', async () => {
    const slug = mount('doc-id="harbour-wall-repairs"');
    await vi.waitFor(() => expect(slug.net.recommends()).toHaveLength(1));
    expect(slug.net.recommends()[0]!.params.get('id')).toBe(String(documentId('harbour-wall-repairs')));
    const link = mount('doc-id="https://blog.example/?p=123&utm_medium=rss"');
    await vi.waitFor(() => expect(link.net.recommends()).toHaveLength(1));
    expect(link.net.recommends()[0]!.params.get('id')).toBe(String(documentId('https://blog.example/?p=123')));
    const number = mount('doc-id="0123"');
    await vi.waitFor(() => expect(number.net.recommends()).toHaveLength(1));
    expect(number.net.recommends()[0]!.params.get('id')).toBe('123');
  });

  it('requests recommend with the attributes: id, title, url, limit, each filter, sort and handler', async () => {
    const { net } = mount(
      'doc-id="42" doc-title="Hello &lt;b&gt;" doc-url="https://blog.example/p/42" limit="6" handler="similar" sort="date desc" filter=\'category:"Web dev"  tags:"css"\'',
    );
    await vi.waitFor(() => expect(net.recommends()).toHaveLength(1));
    const { path, params } = net.recommends()[0]!;
    expect(path).toMatch(/^\/api\/v2\/projects\/demo\/collections\/c\d+\/recommend\/similar$/);
    expect(params.get('id')).toBe('42');
    expect(params.get('title')).toBe('Hello <b>');
    expect(params.get('url')).toBe('https://blog.example/p/42');
    expect(params.get('limit')).toBe('6');
    expect(params.getAll('filter')).toEqual(['category:"Web dev"', 'tags:"css"']);
    expect(params.get('sort')).toBe('date desc');
  });

  it('asks for 4 posts by default, titled by the document, and sends no filter or sort in v1', async () => {
    document.title = 'The post I am reading';
    const { net } = mount('doc-id="42" api-version="v1" filter=\'category:"News"\' sort="date desc"');
    await vi.waitFor(() => expect(net.recommends()).toHaveLength(1));
    const { path, params } = net.recommends()[0]!;
    expect(path).toMatch(/^\/api\/v1\/demo\/collections\/c\d+\/recommend\/?$/);
    expect(params.get('limit')).toBe('4');
    expect(params.get('title')).toBe('The post I am reading');
    expect(params.get('url')).toBe(location.href);
    expect(params.has('filter')).toBe(false);
    expect(params.has('sort')).toBe(false);
  });

  it('renders cards under the heading attribute, in the grid layout', async () => {
    const { root, cards } = mount('doc-id="42" heading="More to read" layout="grid"');
    await vi.waitFor(() => expect(cards()).toHaveLength(3));
    expect(root.querySelector('h2')!.textContent).toBe('More to read');
    expect(root.querySelector('section')!.classList.contains('layout-grid')).toBe(true);
    expect(root.querySelector('style')).toBeNull();
    expect(root.querySelector('[style]')).toBeNull();
  });

  it('hides itself with the hidden attribute when the service returns no documents', async () => {
    const { el } = mount('doc-id="42"', () => envelope([]));
    await vi.waitFor(() => expect(el.hasAttribute('hidden')).toBe(true));
  });

  it('hides itself and emits trove-error when the request fails', async () => {
    const errors: Error[] = [];
    document.addEventListener('trove-error', (e) => errors.push(e.detail.error), { once: true });
    const { el } = mount('doc-id="42"', () => new Response('down', { status: 503 }));
    await vi.waitFor(() => expect(errors).toHaveLength(1));
    expect(errors[0]).toBeInstanceOf(Error);
    expect(el.hasAttribute('hidden')).toBe(true);
  });

  it('shows again and reloads when doc-id changes after hiding', async () => {
    const { el, net, cards } = mount('doc-id="1"', ({ params }) => envelope(params.get('id') === '1' ? [] : [post(5)]));
    await vi.waitFor(() => expect(el.hasAttribute('hidden')).toBe(true));
    el.setAttribute('doc-id', '2');
    await vi.waitFor(() => expect(cards()).toHaveLength(1));
    expect(el.hasAttribute('hidden')).toBe(false);
    expect(net.recommends().map((r) => r.params.get('id'))).toEqual(['1', '2']);
  });

  it('never removes a hidden attribute the page set itself', async () => {
    const { el, cards } = mount('doc-id="42" hidden');
    await vi.waitFor(() => expect(cards()).toHaveLength(3));
    expect(el.hasAttribute('hidden')).toBe(true);
  });

  it('emits a cancelable trove-select and sends feedback through sendBeacon with the position', async () => {
    const { el, root, net, cards } = mount('doc-id="42" doc-title="Source" doc-url="https://blog.example/p/42" user-id="u-1"');
    await vi.waitFor(() => expect(cards()).toHaveLength(3));
    const seen: CustomEvent[] = [];
    el.addEventListener('trove-select', (e) => {
      seen.push(e);
      e.preventDefault(); // an SPA router takes over
    });
    const link = root.querySelectorAll('h3 a')[1]!;
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, composed: true, button: 0 });
    link.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.bubbles && seen[0]!.composed && seen[0]!.cancelable).toBe(true);
    expect(seen[0]!.detail).toEqual({ recommendation: expect.objectContaining({ id: '12' }), position: 2, sourceId: '42' });
    const [hit] = net.feedback();
    expect(hit!.path).toMatch(/^\/api\/v2\/projects\/demo\/collections\/c\d+\/recommend\/feedback\/hits$/);
    expect(hit!.params.get('source_id')).toBe('42');
    expect(hit!.params.get('source_title')).toBe('Source');
    expect(hit!.params.get('source_url')).toBe('https://blog.example/p/42');
    expect(hit!.params.get('target_id')).toBe('12');
    expect(hit!.params.get('item_order')).toBe('2');
    expect(hit!.params.get('user_id')).toBe('u-1');
    expect(hit!.params.get('session_id')).toBeTruthy();
  });

  it('sends no feedback with no-analytics', async () => {
    const { root, net, cards } = mount('doc-id="42" no-analytics');
    await vi.waitFor(() => expect(cards()).toHaveLength(3));
    const link = root.querySelector('h3 a')!;
    link.addEventListener('click', (e) => e.preventDefault());
    link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
    await settle();
    expect(net.feedback()).toHaveLength(0);
  });

  it('takes translations for its texts', async () => {
    const { el, root } = mount('doc-id="42"', () => new Promise(() => {}));
    (el as TroveRelatedPosts).translations = { relatedHeading: 'Articles similaires' };
    await vi.waitFor(() => expect(root.querySelector('h2')!.textContent).toBe('Articles similaires'));
  });
});
