import { type TextRange, textDirective, textFragmentUrl } from '../core/textFragmentUrl.ts';
import { highlight } from './highlight.ts';

/** The browser scrolls to and highlights text fragments (`#:~:text=`). Asked at call time, never at import. */
function supportsTextFragments(): boolean {
  return typeof document !== 'undefined' && 'fragmentDirective' in document;
}

/**
 * The link to open for a result or suggestion at `url`: with a text fragment of the passage
 * that matched `query`, from the first of `texts` (the snippet shown, then the title) with a
 * highlighted word, so the destination page opens at that passage. `url` itself when `enabled`
 * is false (the `no-text-fragment` setting), the browser has no text fragments, nothing
 * matched, or the URL already has a fragment directive.
 */
export function passageLink(url: string, query: string, texts: readonly string[], enabled = true): string {
  if (!enabled || !url || !query.trim() || !supportsTextFragments()) return url;
  for (const text of texts) {
    const ranges: TextRange[] = [];
    let at = 0;
    for (const segment of highlight(text, query)) {
      if (segment.match) ranges.push({ from: at, to: at + segment.text.length });
      at += segment.text.length;
    }
    const directive = textDirective(text, ranges);
    if (directive) return textFragmentUrl(url, directive, true);
  }
  return url;
}
