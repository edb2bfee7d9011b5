const sheets = new Map<string, CSSStyleSheet>();

/**
 * Adopt CSS texts into a shadow root as constructable stylesheets (no `<style>` element, so a
 * strict `style-src` Content-Security-Policy is satisfied). One sheet per distinct text per page.
 */
export function adoptStyles(root: ShadowRoot, cssTexts: string[]): void {
  root.adoptedStyleSheets = cssTexts.filter(Boolean).map((css) => {
    let sheet = sheets.get(css);
    if (!sheet) {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(css);
      sheets.set(css, sheet);
    }
    return sheet;
  });
}
