import { searchInputOf } from './searchInputOf.ts';

/**
 * Ghost's search buttons (Casper and every theme that uses Ghost's own search), and the links to
 * its `#/search` address (a "Search" item of Ghost's navigation).
 */
const BUTTONS = '[data-ghost-search], a[href="#/search"], a[href="#/search/"]';

/**
 * Take over the page's search (the loader's `takeOverSearch` setting): each search form of the
 * theme (`searchInputOf`) becomes a `<trove-search-box>` that holds that very form as its
 * fallback and sends where it did (`results-url` its action, `query-param` its field's name); a
 * search button (`[data-ghost-search]`) opens one box as a panel over the page (the box's
 * `panel`) and has the focus back when it closes, and so does a link to Ghost's `#/search`
 * address. Ghost's own search does not open: the clicks and its ⌘K / Ctrl K are caught first
 * (capture phase on the window; an address typed with `#/search` still opens Ghost's). Forms and
 * buttons added later are taken over too. Nothing else of the page changes. Returns a function
 * that stops watching (the forms taken over stay boxes).
 */
export function takeOverSearch(doc: Document = document): () => void {
  const win = doc.defaultView!;
  const watching = new AbortController();
  const options = { capture: true, signal: watching.signal };
  let panel: HTMLElement | undefined;
  let opener: HTMLElement | undefined;

  const panelBox = (): HTMLElement => {
    if (panel) return panel;
    const box = doc.createElement('trove-search-box');
    box.setAttribute('panel', '');
    // Shown only while it is open (an inline style: a `:host` rule in its shadow root would win over `hidden`).
    box.style.display = 'none';
    box.addEventListener('focusout', (event) => {
      const next = event.relatedTarget as Node | null;
      if (next && box.contains(next)) return;
      box.style.display = 'none';
      // Left with nowhere to go (Escape, the close button): back to the button that opened it.
      if (!next) opener?.focus();
    });
    doc.body.append(box);
    return (panel = box);
  };

  const open = (button?: HTMLElement) => {
    const box = panelBox();
    opener = button;
    box.style.display = '';
    box.shadowRoot?.querySelector('input')?.focus();
  };

  const takeOver = (form: HTMLFormElement) => {
    const input = searchInputOf(form);
    if (!input) return;
    const focused = doc.activeElement === input;
    const box = doc.createElement('trove-search-box');
    box.setAttribute('results-url', form.action);
    box.setAttribute('query-param', input.name);
    if (input.placeholder) box.setAttribute('placeholder', input.placeholder);
    if (input.value) box.setAttribute('value', input.value);
    // The form goes into the box before the box into the page: the box's early field finds it there.
    const place = doc.createComment('');
    form.replaceWith(place);
    box.append(form);
    place.replaceWith(box);
    if (focused) box.shadowRoot?.querySelector('input')?.focus();
  };

  const scan = (root: ParentNode) => {
    for (const form of root.querySelectorAll('form')) takeOver(form);
    if (root.querySelector(BUTTONS)) panelBox();
  };

  // Capture phase on the window: before Ghost's listeners on the buttons and the document.
  const button = (event: Event) => (event.target instanceof Element ? event.target.closest<HTMLElement>(BUTTONS) : null);
  const stop = (event: Event) => {
    event.preventDefault();
    event.stopImmediatePropagation();
  };
  win.addEventListener(
    'click',
    (event) => {
      const target = button(event);
      if (!target) return;
      stop(event);
      open(target);
    },
    options,
  );
  win.addEventListener(
    'keydown',
    (event) => {
      if (!(event.metaKey || event.ctrlKey) || !/^k$/i.test(event.key) || !doc.querySelector(BUTTONS)) return;
      stop(event);
      open(doc.activeElement instanceof HTMLElement ? doc.activeElement : undefined);
    },
    options,
  );
  const observer = new MutationObserver((records) => {
    for (const record of records)
      for (const node of record.addedNodes)
        if (node instanceof Element) {
          if (node instanceof HTMLFormElement) takeOver(node);
          scan(node);
        }
  });
  observer.observe(doc.documentElement, { childList: true, subtree: true });
  scan(doc);
  return () => {
    watching.abort();
    observer.disconnect();
    panel?.remove();
  };
}
