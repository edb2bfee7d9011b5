/** Elements that never hold others, and those HTML closes without an end tag: they do not nest. */
const notNesting = new Set(
  'area base br col embed hr img input link meta source track wbr p li dt dd option optgroup tr td th thead tbody tfoot colgroup rb rt rp'.split(
    ' ',
  ),
);

/** Tags in markup, opening or closing (comments, doctypes and processing instructions are not matched). */
const tag = /<(\/?)([a-zA-Z][\w:-]*)[^>]*?(\/?)>/g;

/**
 * Where markup first nests deeper than `maxDepth` elements (its index), or `undefined` when it
 * never does. One pass over the tags, counting opening tags against closing ones (elements that
 * do not nest, see above, are not counted): an over-estimate of the real depth, never an under-
 * estimate for the elements that are counted, and cheap. The DOM library parses deeply nested
 * markup in time that grows with the square of its depth, so a page is cut where this says.
 */
export function nestingCut(html: string, maxDepth: number): number | undefined {
  let depth = 0;
  tag.lastIndex = 0;
  for (let match = tag.exec(html); match !== null; match = tag.exec(html)) {
    const [, closing, name, selfClosing] = match;
    if (notNesting.has(name!.toLowerCase()) || selfClosing) continue;
    if (closing) depth = Math.max(0, depth - 1);
    else if (++depth > maxDepth) return match.index;
  }
  return undefined;
}
