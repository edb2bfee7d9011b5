import { afterEach, describe, expect, it, vi } from 'vitest';
import { takeOverSearch } from '../../src/elements/takeOverSearch.ts';

let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  stop = undefined;
  document.body.innerHTML = '';
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('takeOverSearch', () => {
  it('turns a WordPress search form into a box that holds the form and sends to its action as s', () => {
    document.body.innerHTML =
      '<header><p>Before</p><form role="search" method="get" class="search-form" action="https://blog.example/">' +
      '<label>Search for: <input type="search" name="s" placeholder="Search …" value="tea"></label><button>Search</button></form><p>After</p></header>';
    const form = document.querySelector('form')!;
    stop = takeOverSearch();
    const box = document.querySelector('trove-search-box')!;
    expect(box).not.toBeNull();
    expect(box.getAttribute('results-url')).toBe('https://blog.example/');
    expect(box.getAttribute('query-param')).toBe('s');
    expect(box.getAttribute('placeholder')).toBe('Search …');
    expect(box.getAttribute('value')).toBe('tea');
    // The very form, kept inside the box (its no-JavaScript fallback), at the form's place.
    expect(box.firstElementChild).toBe(form);
    expect([...document.querySelector('header')!.children].map((el) => el.localName)).toEqual(['p', 'trove-search-box', 'p']);
  });

  it('takes over a form added later, and only once', async () => {
    stop = takeOverSearch();
    const later = document.createElement('div');
    later.innerHTML = '<form action="/find"><input type="search" name="query"></form>';
    document.body.append(later);
    await settle();
    const boxes = document.querySelectorAll('trove-search-box');
    expect(boxes).toHaveLength(1);
    expect(boxes[0].getAttribute('query-param')).toBe('query');
    expect(boxes[0].getAttribute('results-url')).toMatch(/\/find$/);
  });

  it('leaves every other form and the rest of the page as they were', () => {
    const page =
      '<form method="post" action="/comment"><input name="author"><textarea name="text"></textarea></form>' +
      '<form action="/subscribe"><input type="email" name="email"></form><nav><a href="/">Home</a></nav>';
    document.body.innerHTML = page;
    stop = takeOverSearch();
    expect(document.body.innerHTML).toBe(page);
  });

  it('opens a box as a panel from a Ghost search button, before Ghost’s own search sees the click', () => {
    document.body.innerHTML = '<button class="gh-search" data-ghost-search aria-label="Search this site"><svg></svg></button>';
    const button = document.querySelector('button')!;
    const ghost = vi.fn();
    button.addEventListener('click', ghost);
    document.addEventListener('click', ghost);
    stop = takeOverSearch();
    const box = document.querySelector<HTMLElement>('trove-search-box')!;
    expect(box.hasAttribute('panel')).toBe(true);
    expect(box.style.display).toBe('none');
    button.querySelector('svg')!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    expect(ghost).not.toHaveBeenCalled();
    expect(box.style.display).toBe('');
  });

  it('opens the panel from a link to Ghost’s #/search address, and the address stays as it was', () => {
    document.body.innerHTML = '<nav><a href="/">Home</a><a href="#/search">Search</a></nav>';
    stop = takeOverSearch();
    const link = document.querySelector<HTMLAnchorElement>('a[href="#/search"]')!;
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    link.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    expect(document.querySelector<HTMLElement>('trove-search-box[panel]')!.style.display).toBe('');
  });

  it('gives the focus back to the button when the panel closes', () => {
    document.body.innerHTML = '<button data-ghost-search>Search</button>';
    const button = document.querySelector('button')!;
    stop = takeOverSearch();
    button.click();
    const box = document.querySelector<HTMLElement>('trove-search-box')!;
    box.dispatchEvent(new FocusEvent('focusout', { bubbles: true, relatedTarget: null }));
    expect(box.style.display).toBe('none');
    expect(document.activeElement).toBe(button);
  });

  it('catches Ghost’s ⌘K and Ctrl K while the page has a Ghost search button, and no other key', () => {
    document.body.innerHTML = '<button data-ghost-search>Search</button>';
    const ghost = vi.fn();
    document.addEventListener('keydown', ghost);
    stop = takeOverSearch();
    const box = document.querySelector<HTMLElement>('trove-search-box')!;
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'k', ctrlKey: true, bubbles: true, cancelable: true }));
    expect(ghost).not.toHaveBeenCalled();
    expect(box.style.display).toBe('');
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'j', ctrlKey: true, bubbles: true }));
    expect(ghost).toHaveBeenCalledTimes(1);
  });

  it('lets ⌘K through on a page without a Ghost search button', () => {
    const other = vi.fn();
    document.addEventListener('keydown', other);
    stop = takeOverSearch();
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'k', metaKey: true, bubbles: true }));
    expect(other).toHaveBeenCalledTimes(1);
    expect(document.querySelector('trove-search-box')).toBeNull();
    document.removeEventListener('keydown', other);
  });
});
