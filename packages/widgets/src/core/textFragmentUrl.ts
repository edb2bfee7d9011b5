import { wordSpans } from 'trove-search-client';

/**
 * A text directive (URL Fragment Text Directives, https://wicg.github.io/scroll-to-text-fragment/):
 * the words to find on the destination page, with the text just before and after them so the
 * browser picks the right occurrence.
 */
export interface TextDirective {
  prefix?: string;
  start: string;
  suffix?: string;
}

/** A matched range of a text, in UTF-16 offsets (`to` exclusive). */
export interface TextRange {
  from: number;
  to: number;
}

/** Most words the directive's text spans, from the first matched word. */
const MAX_WORDS = 8;

/** Text that ends a sentence or stands for left-out text: a directive never reaches across it. */
const BREAK = /[.!?…。！？]/;

/**
 * The directive for the passage of `text` (a snippet or a title as shown) that `matches` marks:
 * the whole words from the first matched word to the last matched word of the same sentence
 * (at most eight words), with the neighbouring word of that sentence on each side as context.
 * `undefined` when nothing is matched.
 */
export function textDirective(text: string, matches: readonly TextRange[]): TextDirective | undefined {
  const spans = wordSpans(text);
  /** Where word `i` ends. */
  const endOf = (i: number) => spans[i]!.index + spans[i]!.word.length;
  const hit = (i: number) => matches.some((m) => m.from < endOf(i) && m.to > spans[i]!.index);
  const between = (i: number, j: number) => text.slice(endOf(i), spans[j]!.index);
  const first = spans.findIndex((_, i) => hit(i));
  if (first === -1) return undefined;
  let last = first;
  for (let i = first + 1; i < spans.length && i < first + MAX_WORDS && !BREAK.test(between(i - 1, i)); i++) if (hit(i)) last = i;
  const directive: TextDirective = { start: text.slice(spans[first]!.index, endOf(last)) };
  if (first > 0 && !BREAK.test(between(first - 1, first))) {
    directive.prefix = text.slice(spans[first - 1]!.index, spans[first]!.index).trimEnd();
  }
  if (last + 1 < spans.length && !BREAK.test(between(last, last + 1))) {
    directive.suffix = text.slice(endOf(last), endOf(last + 1)).trimStart();
  }
  return directive;
}

/**
 * A part of a text directive, percent-encoded as the spec asks: everything but letters, digits
 * and the few marks it allows, so `-`, `,` and `&` (its own syntax) never appear bare.
 */
function encodePart(text: string): string {
  return encodeURIComponent(text).replace(/-/g, '%2D');
}

/**
 * `url` with `directive` as a text fragment (`#:~:text=…`, after the URL's own fragment if it has
 * one), so the browser scrolls to the passage and highlights it. `url` unchanged where the
 * browser does not support text fragments (`supported` false), without a directive, and when
 * `url` already has a fragment directive (`:~:`).
 */
export function textFragmentUrl(url: string, directive: TextDirective | undefined, supported: boolean): string {
  if (!supported || !directive?.start || !url || url.includes(':~:')) return url;
  const parts = [
    ...(directive.prefix ? [`${encodePart(directive.prefix)}-`] : []),
    encodePart(directive.start),
    ...(directive.suffix ? [`-${encodePart(directive.suffix)}`] : []),
  ];
  return `${url}${url.includes('#') ? '' : '#'}:~:text=${parts.join(',')}`;
}
