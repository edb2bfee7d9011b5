import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pageSearch as searchLink } from '../../src/core/pageSearch.ts';
import { configured, scriptConfig } from '../../src/elements/configure.ts';
import { defineElement } from '../../src/elements/defineElement.ts';
import { renderEarlyField } from '../../src/elements/renderEarlyField.ts';
import { TroveSearchBox } from '../../src/elements/TroveSearchBox.ts';
import { chip, fakeFetch, nav, type FakeFetch } from '../core/autocompleteFakeFetch.ts';

defineElement('trove-search-box', TroveSearchBox);

let collection = 0;

/**
 * Mounts the element on a page whose network is faked at `fetch` (reads) and
 * `navigator.sendBeacon` (feedback). Each mount uses its own collection, so the shared
 * per-config client's cache never answers for another test.
 */
function mount(attrs = '', answer: (url: URL) => unknown[] | undefined = () => [nav('1', 'Rust ownership'), chip('category', 'Rust')]) {
  const net: FakeFetch = fakeFetch({ autoRespond: answer });
  vi.stubGlobal('fetch', net.fetch);
  const beacons: { url: URL; body: URLSearchParams }[] = [];
  vi.spyOn(navigator, 'sendBeacon').mockImplementation((url, body) => {
    beacons.push({ url: new URL(String(url)), body: new URLSearchParams(body as URLSearchParams) });
    return true;
  });
  const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
  document.body.innerHTML = `<trove-search-box base-url="https://search.test" project="demo" collection="c${++collection}" token="tok" ${attrs}></trove-search-box>`;
  const el = document.querySelector('trove-search-box')!;
  const root = el.shadowRoot!;
  const input = () => root.querySelector('input')!;
  const options = () => [...root.querySelectorAll<HTMLElement>('[role="option"]')];
  const events: CustomEvent[] = [];
  for (const type of ['trove-select', 'trove-search', 'trove-error']) document.addEventListener(type, (e) => events.push(e as CustomEvent));
  async function type(text: string) {
    input().focus();
    input().value = text;
    input().dispatchEvent(new InputEvent('input', { bubbles: true }));
  }
  const key = (k: string, init: KeyboardEventInit = {}) =>
    input().dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true, ...init }));
  return { el, root, net, beacons, assign, input, options, events, type, key };
}

describe('<trove-search-box>', () => {
  beforeEach(() => {
    configured.value = {};
    scriptConfig.value = {};
    searchLink.set({ page: 1, sort: '', ...{ q: '', filters: [] } });
  });
  afterEach(() => {
    document.body.innerHTML = '';
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('reads no layout of the page after its renders where the browser does not anchor scrolling: it never moves what follows it', async () => {
    vi.stubGlobal('CSS', { supports: (property: string) => property !== 'overflow-anchor' });
    const { el, type, options } = mount();
    // A paragraph after the box, there when it connects (again).
    const paragraph = document.body.appendChild(document.createElement('p'));
    paragraph.getClientRects = () => [{}] as unknown as DOMRectList;
    const read = vi.spyOn(paragraph, 'getBoundingClientRect');
    paragraph.before(el);
    await type('rust');
    await vi.waitFor(() => expect(options().length).toBeGreaterThan(0));
    expect(read).not.toHaveBeenCalled();
  });

  it('renders the combobox in an open shadow root, styled by adopted stylesheets only', async () => {
    const { root, input } = mount('placeholder="Find a post"');
    await vi.waitFor(() => expect(input()).toBeTruthy());
    expect(input().getAttribute('role')).toBe('combobox');
    expect(input().placeholder).toBe('Find a post');
    expect(root.adoptedStyleSheets.length).toBeGreaterThanOrEqual(2);
    expect(root.querySelector('style')).toBeNull();
    expect(root.querySelector('[style]')).toBeNull();
    // aria-controls names an element of the same shadow root.
    expect(root.getElementById(input().getAttribute('aria-controls')!)?.getAttribute('role')).toBe('listbox');
  });

  it('asks with the attributes: handler path, limit, each static filter and sort', async () => {
    const { net, type } = mount('handler="titles" limit="5" sort="date desc" filter=\'category:"Web dev" tags:"css"\'');
    await type('ru');
    await vi.waitFor(() => expect(net.reads()).toHaveLength(1));
    const url = net.reads()[0].url;
    expect(url.pathname).toMatch(/^\/api\/v2\/projects\/demo\/collections\/c\d+\/autocomplete\/titles$/);
    expect(url.searchParams.get('limit')).toBe('5');
    expect(url.searchParams.get('sort')).toBe('date desc');
    expect(url.searchParams.getAll('filter')).toEqual(['category:"Web dev"', 'tags:"css"']);
    expect(url.searchParams.get('token')).toBe('tok');
    expect(url.searchParams.get('session_id')).toBeTruthy();
  });

  it('waits for min-chars and starts with the value attribute', async () => {
    const { net, type, input } = mount('min-chars="3" value="hello"');
    await vi.waitFor(() => expect(input().value).toBe('hello'));
    await type('ru');
    await new Promise((r) => setTimeout(r, 150));
    expect(net.reads()).toHaveLength(0);
    await type('rus');
    await vi.waitFor(() => expect(net.reads()).toHaveLength(1));
  });

  it('sends only q in v1 and trims the list to limit', async () => {
    const { net, type, options } = mount('api-version="v1" limit="1" sort="date desc"', () => [nav('1'), nav('2'), nav('3')]);
    await type('po');
    await vi.waitFor(() => expect(options()).toHaveLength(1));
    expect([...net.reads()[0].url.searchParams.keys()].sort()).toEqual(['q', 'session_id', 'token']);
  });

  it('emits a cancelable trove-select, sends feedback by beacon and goes to the link', async () => {
    const { type, key, events, beacons, assign, options } = mount();
    await type('ru');
    await vi.waitFor(() => expect(options()).toHaveLength(2));
    key('ArrowDown');
    key('Enter');
    const select = events.find((e) => e.type === 'trove-select')!;
    expect(select.cancelable).toBe(true);
    expect(select.bubbles && select.composed).toBe(true);
    expect(select.detail).toEqual({ suggestion: expect.objectContaining({ id: '1' }), position: 1, query: 'ru' });
    expect(assign).toHaveBeenCalledWith('/posts/1/post-1');
    expect(beacons[0].url.pathname).toMatch(/\/autocomplete\/feedback\/hits$/);
    expect(beacons[0].body.get('item_order')).toBe('1');
  });

  it('stays on the page when trove-select is cancelled', async () => {
    const { type, key, assign, options } = mount();
    document.addEventListener('trove-select', (e) => e.preventDefault(), { once: true });
    await type('ru');
    await vi.waitFor(() => expect(options()).toHaveLength(2));
    key('ArrowDown');
    key('Enter');
    expect(assign).not.toHaveBeenCalled();
  });

  it('sends no feedback with no-analytics', async () => {
    const { type, key, beacons, assign, options } = mount('no-analytics');
    await type('ru');
    await vi.waitFor(() => expect(options()).toHaveLength(2));
    key('ArrowDown');
    key('Enter');
    expect(assign).toHaveBeenCalled();
    expect(beacons).toHaveLength(0);
  });

  it('emits a cancelable trove-search and goes to results-url with q and each filter', async () => {
    const { type, key, events, assign, options } = mount('results-url="/find"');
    await type('ru');
    await vi.waitFor(() => expect(options()).toHaveLength(2));
    key('ArrowDown');
    key('ArrowDown');
    key('Enter');
    const search = events.find((e) => e.type === 'trove-search')!;
    expect(search.cancelable).toBe(true);
    expect(search.detail).toEqual({ q: '', filters: ['category:"Rust"'] });
    const url = new URL(assign.mock.calls[0][0] as string);
    expect(url.pathname).toBe('/find');
    expect(url.searchParams.getAll('filter')).toEqual(['category:"Rust"']);
  });

  it("takes over the loader's early field named by query-param (WordPress's s), its text kept and the field gone", async () => {
    // The loader drew the early field before the box's class arrived (a tag not defined yet, as on a first visit).
    document.body.innerHTML =
      '<trove-early-box base-url="https://search.test" project="demo" collection="early" token="tok" query-param="s"></trove-early-box>';
    const host = document.querySelector('trove-early-box') as HTMLElement;
    renderEarlyField(host);
    const early = host.shadowRoot!.querySelector('input')!;
    expect(early.name).toBe('s');
    early.value = 'sourdough';
    vi.stubGlobal('fetch', fakeFetch({ autoRespond: () => [] }).fetch);
    defineElement('trove-early-box', class extends TroveSearchBox {});
    await vi.waitFor(() => expect(host.shadowRoot!.querySelector('[role="combobox"]')).toBeTruthy());
    expect(host.shadowRoot!.querySelector('form > input')).toBeNull();
    expect(host.shadowRoot!.querySelector<HTMLInputElement>('[role="combobox"]')!.value).toBe('sourdough');
  });

  it('goes to the theme\'s own search page with its parameter: results-url="/" query-param="s" (WordPress)', async () => {
    const { type, key, assign } = mount('results-url="/" query-param="s"');
    await type('sourdough starter');
    key('Enter');
    const url = new URL(assign.mock.calls[0][0] as string);
    expect(url.pathname).toBe('/');
    expect([...url.searchParams]).toEqual([['s', 'sourdough starter']]);
  });

  it('does not navigate when trove-search is cancelled (an SPA routes it)', async () => {
    const { type, key, assign } = mount();
    document.addEventListener('trove-search', (e) => e.preventDefault(), { once: true });
    await type('rust');
    key('Enter');
    expect(assign).not.toHaveBeenCalled();
  });

  it('updates a results view on the same page instead of navigating', async () => {
    const disconnect = searchLink.connectResults();
    const { type, key, assign } = mount();
    await type('rust');
    key('Enter');
    expect(searchLink.state.value).toMatchObject({ q: 'rust', filters: [] });
    expect(assign).not.toHaveBeenCalled();
    disconnect();
  });

  it('emits trove-error when suggestions fail and stays usable', async () => {
    const { type, net, events, root } = mount('', () => undefined);
    await type('ru');
    await vi.waitFor(() => expect(net.reads()).toHaveLength(1));
    net.reads()[0].respond({ status: 503 });
    await vi.waitFor(() => expect(events.some((e) => e.type === 'trove-error')).toBe(true));
    expect(events.find((e) => e.type === 'trove-error')!.detail.error.name).toBe('ApiError');
    await vi.waitFor(() => expect(root.querySelector('[part~="notice"]')).toBeTruthy());
  });

  it('takes its texts from translations', async () => {
    const { el, input } = mount();
    (el as TroveSearchBox).translations = { placeholder: 'Rechercher…', label: 'Recherche' };
    await vi.waitFor(() => expect(input().placeholder).toBe('Rechercher…'));
    expect(input().getAttribute('aria-label')).toBe('Recherche');
  });
});
