/**
 * Keep placing `element` (it needs an id) with the CSS declarations `place()` computes from live
 * geometry: at once, then on every scroll (of any scroller) and on resizes of the window, of the
 * visual viewport (the on-screen keyboard) and of the `watched` elements (browsers send these
 * events at most once a frame). The declarations go into a rule for `#id` in a constructable
 * stylesheet adopted into the element's root (shadow root or document): a strict `style-src` CSP
 * allows that, where it blocks `style` attributes; the id selector outweighs the component
 * stylesheet's classes. Returns the function that stops it and takes the rule away.
 */
export function keepPlaced(element: HTMLElement, place: () => string, watched: Element[] = []): () => void {
  const root = element.getRootNode() as Document | ShadowRoot;
  const sheet = new CSSStyleSheet();
  const update = () => sheet.replaceSync(`#${element.id}{${place()}}`);
  const observer = new ResizeObserver(update);
  for (const target of watched) observer.observe(target);
  const listen = (method: 'addEventListener' | 'removeEventListener') => {
    for (const target of [globalThis, globalThis.visualViewport])
      for (const type of ['scroll', 'resize']) target?.[method](type, update, true);
  };
  listen('addEventListener');
  root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  update();
  return () => {
    observer.disconnect();
    listen('removeEventListener');
    root.adoptedStyleSheets = root.adoptedStyleSheets.filter((s) => s !== sheet);
  };
}
