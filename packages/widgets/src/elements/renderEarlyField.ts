/**
 * The field the script loader shows in a `<trove-search-box>` at once, before the element's code
 * has arrived: a labelled search field (role `searchbox`) in a form that goes to the results page
 * as an ordinary GET (`?q=…`, or the box's `query-param`) on Enter. Its outer size is the search box's own (searchBox.css:
 * `.field` at least 2.75em high, in `em` of the text around it like the box since issue 21, its
 * text after the search icon, at least 16px on a phone), so nothing moves when the box takes it
 * over (`TroveSearchBox`, with the text, the caret, the selection and the focus).
 * Text typed into the page's own fallback field (`<trove-search-box><form><input name="q">…`,
 * what works with no JavaScript at all) before the loader ran carries over too.
 */
// Drawn as the box draws its field (base.css, searchBox.css): the page's text colour and
// background (an unset `--trove-*` property leaves them to the page), the placeholder and the
// focus ring in that text colour; so in any theme, light or dark, it looks as the box will.
const css =
  ':host{display:block;min-inline-size:12em;color:var(--trove-color-text);font:var(--trove-font-size,1em)/1.5 var(--trove-font,inherit)}' +
  'form{display:flex;align-items:center;box-sizing:border-box;min-block-size:2.75em;margin:0;padding-block:.25em;padding-inline:calc(var(--trove-space,.5em)*2.25 + 1.125em) calc(var(--trove-space,.5em)*.5);border:1px solid var(--trove-color-border,#8889);border-radius:var(--trove-radius,.5em);background:var(--trove-color-bg)}' +
  'form:focus-within{outline:2px solid}' +
  'input{flex:1;min-width:0;block-size:2.125em;margin:0;padding:0;border:0;background:none;color:inherit;font:inherit;outline:0}' +
  'input::placeholder{color:inherit;opacity:.7}' +
  // On a phone the text is at least 16px, as in the box (iOS zooms into a smaller field).
  '@media(max-width:639.98px){input{font-size:max(1em,16px)}}';

let sheet: CSSStyleSheet | undefined;

/** The early field's input: `composing` while an IME composition is in progress in it. */
export type EarlyInput = HTMLInputElement & { composing?: boolean };

/** Show the early field in `host`'s shadow root (once; a host that has one is left alone), `placeholder` in the box's language. */
export function renderEarlyField(host: HTMLElement, placeholder = 'Search…'): void {
  if (host.shadowRoot) return;
  const root = host.attachShadow({ mode: 'open' });
  if (!sheet) (sheet = new CSSStyleSheet()).replaceSync(css);
  root.adoptedStyleSheets = [sheet];
  // Elements, not markup: a page that enforces Trusted Types allows no `innerHTML`.
  const form = root.appendChild(document.createElement('form'));
  const fallback = host.querySelector('input');
  const attr = (name: string) => host.getAttribute(name);
  form.action = attr('results-url') || (document.querySelector('trove-search-results') ? '' : '/search');
  // Properties that reflect their attributes (`part` forwards to its token list's value).
  const input: EarlyInput = Object.assign(form.appendChild(document.createElement('input')), {
    type: 'search',
    name: attr('query-param') || 'q',
    autocomplete: 'off',
    enterKeyHint: 'search',
    // The box's label is its placeholder without the ellipsis (`Search…` → `Search`).
    ariaLabel: placeholder.replace(/\s*…$/, ''),
    part: 'input',
    placeholder: attr('placeholder') ?? placeholder,
    value: fallback?.value || attr('value') || '',
    // What the page gave it (a theme's search page prints the query into its form) is its
    // default: the box opens nothing for it, only for text typed before the loader ran.
    defaultValue: fallback?.defaultValue || attr('value') || '',
  });
  // An IME composition in progress is not cut short: the box takes the field over after it (`TroveSearchBox`).
  for (const type of ['compositionstart', 'compositionend'])
    input.addEventListener(type, () => void (input.composing = type === 'compositionstart'));
  if (fallback && fallback === document.activeElement) {
    input.focus();
    input.setSelectionRange(fallback.selectionStart, fallback.selectionEnd, fallback.selectionDirection ?? undefined);
  }
}
