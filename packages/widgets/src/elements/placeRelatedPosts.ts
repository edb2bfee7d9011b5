import { isArticlePage } from './isArticlePage.ts';

/**
 * Place a `<trove-related-posts>` after the first element that `selector` matches (the loader's
 * `relatedAfter` setting), with `attributes` as its attributes, on a page that declares itself an
 * article (`isArticlePage`); on other pages, on a page that has one already, or when nothing
 * matches, nothing. A selector or an attribute name that is not valid is reported and skipped.
 * Returns the element placed.
 */
export function placeRelatedPosts(
  selector: string,
  attributes: Record<string, string> = {},
  doc: Document = document,
): HTMLElement | undefined {
  if (!isArticlePage(doc) || doc.querySelector('trove-related-posts')) return undefined;
  let anchor: Element | null;
  try {
    anchor = doc.querySelector(selector);
  } catch {
    console.warn(`Trove: related-after is not a valid selector: ${selector}`);
    return undefined;
  }
  if (!anchor) return undefined;
  const related = doc.createElement('trove-related-posts');
  for (const [name, value] of Object.entries(attributes))
    try {
      related.setAttribute(name, value);
    } catch {
      console.warn(`Trove: not an attribute name for <trove-related-posts>: ${name}`);
    }
  anchor.after(related);
  return related;
}
