let locks = 0;
let sheet: CSSStyleSheet | undefined;
const CLASS = 'trove-scroll-locked';

/**
 * Stop the page behind a full-screen panel from scrolling; returns the unlock function (locks
 * nest). Works under a strict CSP, with no `style` attribute: a class on `<html>` and one
 * constructable stylesheet adopted into the document (`overflow: hidden` on html and body).
 */
export function lockPageScroll(): () => void {
  const doc = globalThis.document;
  if (!doc) return () => {};
  if (!sheet && typeof CSSStyleSheet === 'function' && 'adoptedStyleSheets' in doc) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(`html.${CLASS},html.${CLASS} body{overflow:hidden!important;overscroll-behavior:none}`);
    doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet];
  }
  if (locks++ === 0) doc.documentElement.classList.add(CLASS);
  let locked = true;
  return () => {
    if (!locked) return;
    locked = false;
    if (--locks === 0) doc.documentElement.classList.remove(CLASS);
  };
}
