import { cleanup, fireEvent, render, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClient } from 'trove-search-client';
import { createPageSearch } from '../../src/core/createPageSearch.ts';
import { SearchBox, type SearchBoxProps } from '../../src/ui/searchBox/SearchBox.tsx';
import { chip, fakeFetch, nav } from '../core/autocompleteFakeFetch.ts';
import { memoryStorage } from '../../../../test/memoryStorage.ts';

const hostile = '<img src=x onerror=alert(1)>';
const defaultAnswer = () => [
  nav('1', 'Rust ownership'),
  nav('2', hostile),
  { ...nav('3', 'Evil'), url: 'javascript:alert(1)' },
  chip('category', 'Rust'),
];

function setup(props: Partial<SearchBoxProps> = {}, answer: (url: URL) => unknown[] | undefined = defaultAnswer) {
  const net = fakeFetch({ autoRespond: answer });
  const client = createClient({
    baseUrl: 'https://search.test',
    project: 'demo',
    collection: 'blog',
    token: 'tok',
    sessionId: 's1',
    fetch: net.fetch,
    cache: false,
  });
  const link = createPageSearch();
  const navigate = vi.fn();
  const storage = memoryStorage();
  const view = render(
    <SearchBox client={client} debounceMs={0} search={link} navigate={navigate} storage={() => storage} locale="en-US" {...props} />,
  );
  const input = view.container.querySelector('input')!;
  const listbox = () => view.container.querySelector('[role="listbox"]') as HTMLElement;
  const options = () => [...view.container.querySelectorAll<HTMLElement>('[role="option"]')];
  async function type(text: string) {
    input.focus();
    fireEvent.input(input, { target: { value: text } });
    await waitFor(() => expect(input.getAttribute('aria-expanded')).toBe('true'));
  }
  const key = (k: string, init: KeyboardEventInit = {}) => fireEvent.keyDown(input, { key: k, ...init });
  return { net, client, link, navigate, storage, view, input, listbox, options, type, key };
}

afterEach(() => {
  cleanup();
  document.documentElement.className = '';
});

/** A screen narrower than 640 px as `matchMedia` tells it (restore the returned spy). */
function mockNarrowScreen() {
  return vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: query.includes('max-width: 639'),
        media: query,
        addEventListener() {},
        removeEventListener() {},
      }) as unknown as MediaQueryList,
  );
}
describe('SearchBox: combobox semantics', () => {
  it('is a labelled combobox input that controls the listbox and says when it is expanded', async () => {
    const { input, listbox, type } = setup();
    expect(input.getAttribute('role')).toBe('combobox');
    expect(input.getAttribute('aria-label')).toBe('Search');
    expect(input.getAttribute('aria-autocomplete')).toBe('list');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.hasAttribute('aria-activedescendant')).toBe(false);
    expect(input.getAttribute('aria-controls')).toBe(listbox().id);
    expect(listbox().getAttribute('aria-label')).toBe('Suggestions');
    await type('ru');
    expect(listbox().hidden).toBe(false);
  });

  it('groups suggestions in named groups: links first, then filter chips', async () => {
    const { type, view } = setup();
    await type('ru');
    const groups = [...view.container.querySelectorAll('[role="group"]')];
    expect(groups.map((g) => g.getAttribute('aria-label'))).toEqual(['Posts', 'Filters']);
    expect(groups[0].querySelectorAll('[role="option"]')).toHaveLength(2);
    expect(groups[1].textContent).toContain('Category: Rust');
  });

  it('renders navigational suggestions as links with the typed text highlighted, and hostile data as text', async () => {
    const { type, options } = setup();
    await type('rust');
    const [first, second] = options();
    expect(first.tagName).toBe('A');
    expect(first.getAttribute('href')).toBe('/posts/1/post-1');
    expect(first.querySelector('mark')?.textContent).toBe('Rust');
    expect(first.textContent).toContain('Mar 1, 2024');
    expect(first.textContent).toContain('News');
    // Markup in a phrase stays text, and a javascript: URL never becomes an href.
    expect(second.textContent).toContain(hostile);
    expect(second.querySelector('img')).toBeNull();
    expect(options().some((o) => /javascript/i.test(o.getAttribute('href') ?? '') || o.textContent?.includes('Evil'))).toBe(false);
  });

  it("sets a suggested post's title in its own direction (an English title on an Arabic page), not the page's", async () => {
    const { type, options } = setup();
    await type('rust');
    expect(options()[0]!.querySelector('[part~="option-title"]')!.getAttribute('dir')).toBe('auto');
  });

  it('moves the active option with the arrows: aria-activedescendant and aria-selected on it alone, focus stays in the input', async () => {
    const { type, key, input, options } = setup();
    await type('ru');
    key('ArrowDown');
    expect(input.getAttribute('aria-activedescendant')).toBe(options()[0].id);
    key('ArrowDown');
    expect(input.getAttribute('aria-activedescendant')).toBe(options()[1].id);
    expect(options().map((o) => o.getAttribute('aria-selected'))).toEqual([null, 'true', null]);
    expect(document.activeElement).toBe(input);
    key('ArrowUp');
    key('ArrowUp');
    expect(input.hasAttribute('aria-activedescendant')).toBe(false);
    expect(options().every((o) => !o.hasAttribute('aria-selected'))).toBe(true);
  });

  it('closes with Escape, then clears the text with a second Escape', async () => {
    const { type, key, input } = setup();
    await type('ru');
    key('Escape');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.value).toBe('ru');
    key('Escape');
    expect(input.value).toBe('');
  });

  it('does not select while an IME composition is going on', async () => {
    const { type, key, navigate, input } = setup();
    await type('ru');
    key('ArrowDown');
    key('Enter', { isComposing: true });
    key('Enter', { keyCode: 229 });
    expect(navigate).not.toHaveBeenCalled();
    expect(input.getAttribute('aria-expanded')).toBe('true');
  });

  it('closes on a click outside (seen through composedPath) but not on one inside', async () => {
    const { type, input, view } = setup();
    await type('ru');
    fireEvent.pointerDown(view.container.querySelector('[part~="popup"]')!);
    expect(input.getAttribute('aria-expanded')).toBe('true');
    fireEvent.pointerDown(document.body);
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('announces the number of suggestions in one polite, atomic status region', async () => {
    const { type, view } = setup();
    const status = view.container.querySelectorAll('[role="status"]');
    expect(status).toHaveLength(1);
    expect(status[0].getAttribute('aria-live')).toBe('polite');
    expect(status[0].getAttribute('aria-atomic')).toBe('true');
    await type('ru');
    expect(status[0].textContent).toBe('');
    await waitFor(() => expect(status[0].textContent).toBe('3 suggestions available.'));
  });
});

describe('SearchBox: choosing', () => {
  it('goes to a link chosen with Enter and sends feedback with its position', async () => {
    const { type, key, navigate, net } = setup();
    await type('ru');
    key('ArrowDown');
    key('Enter');
    expect(navigate).toHaveBeenCalledWith('/posts/1/post-1');
    await waitFor(() => expect(net.feedback()).toHaveLength(1));
    expect(net.feedback()[0].params.get('item_order')).toBe('1');
    expect(net.feedback()[0].params.get('item_id')).toBe('1');
  });

  it('lets the browser follow a clicked link, and a Ctrl-click or middle-click opens a new tab with feedback', async () => {
    const onSelect = vi.fn(() => true);
    const { type, options, net, navigate } = setup({ onSelect });
    await type('ru');
    const link = options()[0];
    expect(fireEvent.click(link, { ctrlKey: true })).toBe(true); // default not prevented: the browser opens a tab
    expect(fireEvent(link, new MouseEvent('auxclick', { button: 1, bubbles: true, cancelable: true }))).toBe(true);
    expect(onSelect).not.toHaveBeenCalled();
    expect(fireEvent.click(link)).toBe(true);
    expect(onSelect).toHaveBeenCalledTimes(1);
    expect(navigate).not.toHaveBeenCalled();
    await waitFor(() => expect(net.feedback()).toHaveLength(3));
  });

  it('prevents the link when trove-select is cancelled', async () => {
    const { type, options } = setup({ onSelect: () => false });
    await type('ru');
    expect(fireEvent.click(options()[0])).toBe(false);
  });

  it('turns a chosen filter suggestion into a removable chip and searches on the results page', async () => {
    const { type, options, navigate, view, net } = setup({ resultsUrl: '/find' });
    await type('ru');
    fireEvent.click(options()[2]);
    const url = new URL(navigate.mock.calls[0][0]);
    expect(url.pathname).toBe('/find');
    expect(url.searchParams.getAll('filter')).toEqual(['category:"Rust"']);
    const chips = view.container.querySelectorAll('[part~="chip"]');
    expect(chips).toHaveLength(1);
    expect(chips[0].textContent).toContain('Category: Rust');
    expect(chips[0].querySelector('button')?.getAttribute('aria-label')).toBe('Remove filter Category: Rust');
    await waitFor(() => expect(net.feedback()[0]?.params.get('item_order')).toBe('3'));
  });

  it('updates the results on the same page in place instead of navigating', async () => {
    const { type, key, link, navigate } = setup();
    link.connectResults();
    await type('rust');
    key('Enter');
    expect(link.state.value).toMatchObject({ q: 'rust', filters: [] });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('does not route a search whose trove-search was cancelled', async () => {
    const onSearch = vi.fn(() => false);
    const { type, key, navigate } = setup({ onSearch });
    await type('rust');
    key('Enter');
    expect(onSearch).toHaveBeenCalledWith({ q: 'rust', filters: [] });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('shows the search state of the page (facets chosen in the results) as text and chips', async () => {
    const { link, input, view } = setup();
    link.set({ page: 1, sort: '', ...{ q: 'web', filters: ['tags:"css"'] } });
    await waitFor(() => expect(input.value).toBe('web'));
    expect(view.container.querySelector('[part~="chip"]')?.textContent).toContain('Tag: css');
  });

  it('removes a chip with its button and the last one with Backspace in an empty input', async () => {
    const { link, view, key } = setup();
    link.connectResults();
    link.set({ page: 1, sort: '', ...{ q: '', filters: ['tags:"a"', 'tags:"b"', 'tags:"c"'] } });
    await waitFor(() => expect(view.container.querySelectorAll('[part~="chip"]')).toHaveLength(3));
    fireEvent.click(view.container.querySelector('[part~="chip-remove"]')!);
    expect(link.state.value.filters).toEqual(['tags:"b"', 'tags:"c"']);
    key('Backspace');
    expect(link.state.value.filters).toEqual(['tags:"b"']);
  });
});

describe('SearchBox: states', () => {
  it('shows a quiet message and reports the error when suggestions fail', async () => {
    const onError = vi.fn();
    const net = fakeFetch();
    const client = createClient({
      baseUrl: 'https://search.test',
      project: 'demo',
      collection: 'blog',
      token: 'tok',
      fetch: net.fetch,
      cache: false,
    });
    const view = render(<SearchBox client={client} debounceMs={0} onError={onError} search={createPageSearch()} />);
    const input = view.container.querySelector('input')!;
    input.focus();
    fireEvent.input(input, { target: { value: 'ru' } });
    await waitFor(() => expect(net.reads()).toHaveLength(1));
    net.reads()[0].respond({ status: 500 });
    await waitFor(() =>
      expect(view.container.querySelector('[part~="notice"]')?.textContent).toBe(
        'Suggestions are unavailable right now. Press Enter to search.',
      ),
    );
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ name: 'ApiError' }));
  });

  it('says so when there is no suggestion', async () => {
    const { view } = setup({}, () => []);
    const input = view.container.querySelector('input')!;
    input.focus();
    fireEvent.input(input, { target: { value: 'zzz' } });
    await waitFor(() =>
      expect(view.container.querySelector('[part~="notice"]')?.textContent).toBe('No suggestions for “zzz”. Press Enter to search.'),
    );
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('marks the loading state on the spinner', async () => {
    const net = fakeFetch();
    const client = createClient({
      baseUrl: 'https://search.test',
      project: 'demo',
      collection: 'blog',
      token: 'tok',
      fetch: net.fetch,
      cache: false,
    });
    const view = render(<SearchBox client={client} debounceMs={0} search={createPageSearch()} />);
    const input = view.container.querySelector('input')!;
    fireEvent.input(input, { target: { value: 'ru' } });
    expect(view.container.querySelector('[part~="spinner"]')?.classList.contains('is-loading')).toBe(true);
    await waitFor(() => expect(net.reads()).toHaveLength(1));
    net.reads()[0].respond([]);
    await waitFor(() => expect(view.container.querySelector('[part~="spinner"]')?.classList.contains('is-loading')).toBe(false));
  });

  it('shows recent searches on focus with an empty input, each removable, with a clear option', async () => {
    const { input, key, options, view, storage } = setup();
    storage.setItem('trove:recent:demo/blog', JSON.stringify(['css grid', 'rust']));
    input.focus();
    await waitFor(() => expect(input.getAttribute('aria-expanded')).toBe('true'));
    expect(view.container.querySelector('[role="group"]')?.getAttribute('aria-label')).toBe('Recent searches');
    expect(options().map((o) => o.textContent)).toEqual(['css grid', 'rust', 'Clear recent searches']);
    fireEvent.click(options()[0].querySelector('[part~="recent-remove"]')!);
    expect(options().map((o) => o.textContent)).toEqual(['rust', 'Clear recent searches']);
    key('ArrowDown');
    key('ArrowDown');
    key('Enter');
    expect(storage.getItem('trove:recent:demo/blog')).toBeNull();
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('shows no recent searches when storage throws', async () => {
    const { input, view } = setup({
      storage: () => {
        throw new Error('SecurityError');
      },
    });
    input.focus();
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.input(input, { target: { value: 'x' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.input(input, { target: { value: '' } });
    expect(view.container.querySelector('[role="group"]')).toBeNull();
  });

  it('focuses on the shortcut keys, but not while someone types in another field', () => {
    const { input } = setup({ shortcut: '/ mod+k' });
    const other = document.createElement('textarea');
    document.body.append(other);
    other.focus();
    fireEvent.keyDown(other, { key: '/' });
    expect(document.activeElement).toBe(other);
    fireEvent.keyDown(other, { key: 'k', ctrlKey: true });
    expect(document.activeElement).toBe(other);
    other.blur();
    fireEvent.keyDown(document.body, { key: '/' });
    expect(document.activeElement).toBe(input);
    input.blur();
    fireEvent.keyDown(document.body, { key: 'k', metaKey: true });
    expect(document.activeElement).toBe(input);
    other.remove();
  });

  it('becomes a full-screen panel with a close button below 640 px and locks the page scroll', async () => {
    const matchMedia = mockNarrowScreen();
    const { input, view } = setup();
    input.focus();
    const root = view.container.querySelector('[part~="root"]')!;
    await waitFor(() => expect(root.classList.contains('is-panel')).toBe(true));
    expect(document.documentElement.classList.contains('trove-scroll-locked')).toBe(true);
    fireEvent.click(view.container.querySelector('[part~="close-button"]')!);
    await waitFor(() => expect(root.classList.contains('is-panel')).toBe(false));
    expect(document.documentElement.classList.contains('trove-scroll-locked')).toBe(false);
    matchMedia.mockRestore();
  });
});

describe('SearchBox: top layer and phones', () => {
  it('makes the list a manual popover on wide screens', async () => {
    const { view, type } = setup();
    const root = view.container.querySelector('[part~="root"]')!;
    const popup = view.container.querySelector('[part~="popup"]')!;
    expect(popup.getAttribute('popover')).toBe('manual');
    await type('ru');
    expect(popup.getAttribute('popover')).toBe('manual');
    expect(root.hasAttribute('popover')).toBe(false);
  });

  it('makes the whole box a manual popover as the narrow-screen panel, with the list inside it', async () => {
    const matchMedia = mockNarrowScreen();
    const { view, type } = setup();
    const root = view.container.querySelector('[part~="root"]')!;
    expect(root.hasAttribute('popover')).toBe(false);
    await type('ru');
    await waitFor(() => expect(root.getAttribute('popover')).toBe('manual'));
    expect(view.container.querySelector('[part~="popup"]')!.hasAttribute('popover')).toBe(false);
    matchMedia.mockRestore();
  });

  it('keeps autocorrection and password managers away from the input, whose Enter key says Search', () => {
    const { input } = setup();
    expect(input.getAttribute('enterkeyhint')).toBe('search');
    expect(input.getAttribute('autocapitalize')).toBe('off');
    expect(input.getAttribute('autocorrect')).toBe('off');
    expect(input.getAttribute('autocomplete')).toBe('off');
    for (const name of ['data-1p-ignore', 'data-bwignore']) expect(input.hasAttribute(name)).toBe(true);
    expect(input.getAttribute('data-lpignore')).toBe('true');
    expect(input.getAttribute('data-form-type')).toBe('other');
  });
});

describe('SearchBox: taking over an early field', () => {
  it('takes its text, caret, selection and focus, asks for suggestions for that text at once, and removes it', async () => {
    const form = document.createElement('form');
    const early = form.appendChild(document.createElement('input'));
    document.body.append(form);
    early.value = 'rust own';
    early.focus();
    early.setSelectionRange(2, 4, 'backward');
    const { input, net, options } = setup({ takeOver: { input: early, focused: true }, value: 'ignored', debounceMs: 100 });
    expect(input.value).toBe('rust own');
    expect(document.activeElement).toBe(input);
    expect([input.selectionStart, input.selectionEnd, input.selectionDirection]).toEqual([2, 4, 'backward']);
    expect(form.isConnected).toBe(false);
    // At once, not after the debounce: the script loader upgrades the box in a pause in typing.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(net.reads()).toHaveLength(1);
    await waitFor(() => expect(options().length).toBeGreaterThan(0));
    expect(net.reads().map((r) => r.url.searchParams.get('q'))).toEqual(['rust own']);
    // The `value` setting does not overwrite what the reader typed.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(input.value).toBe('rust own');
  });

  it('sends the request for the text typed there in the task that takes it over, before any timer or other work', async () => {
    const early = document.body.appendChild(document.createElement('input'));
    early.value = 'rust own';
    early.focus();
    // Queued before the box takes the field over: a request left behind a timer would come after it.
    const sentBeforeTimer = new Promise<number>((resolve) => setTimeout(() => resolve(net.reads().length)));
    const { net } = setup({ takeOver: { input: early, focused: true }, debounceMs: 100 });
    expect(await sentBeforeTimer).toBe(1);
    expect(net.reads().map((r) => r.url.searchParams.get('q'))).toEqual(['rust own']);
  });

  it("creates the locale's number format for the first answer after that request has left, not before it", async () => {
    const created: string[] = [];
    let requests = () => 0;
    const { NumberFormat } = Intl;
    // A locale no other test uses: its format is not cached yet.
    Intl.NumberFormat = class extends NumberFormat {
      constructor(...args: ConstructorParameters<typeof NumberFormat>) {
        created.push(`${args[0]} after ${requests()} request(s)`);
        super(...args);
      }
    } as typeof NumberFormat;
    try {
      const early = document.body.appendChild(document.createElement('input'));
      early.value = 'rust';
      early.focus();
      const { net } = setup({ takeOver: { input: early, focused: true }, locale: 'de-CH' });
      requests = () => net.reads().length;
      await waitFor(() => expect(created).toEqual(['de-CH after 1 request(s)']));
    } finally {
      Intl.NumberFormat = NumberFormat;
    }
  });

  it("takes the page's initial text of an unfocused, untouched field without asking for suggestions", async () => {
    // As the loader writes it: the `value` attribute of the element, set as the field's value.
    const early = document.body.appendChild(document.createElement('input'));
    early.value = 'rust';
    const { input, net, options } = setup({ takeOver: { input: early, focused: false }, value: 'rust' });
    expect(input.value).toBe('rust');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(net.reads()).toEqual([]);
    expect(options()).toEqual([]);
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('leaves the focus where it is when the early field did not have it', () => {
    const early = document.body.appendChild(document.createElement('input'));
    const { input } = setup({ takeOver: { input: early, focused: false } });
    expect(document.activeElement).not.toBe(input);
    expect(early.isConnected).toBe(false);
  });
});
