/**
 * What a word is, for every part of Trove: the service's index and its queries, autocomplete and
 * the widgets' highlighting all split text with this one rule, so a word found is a word marked.
 *
 * Words are `Intl.Segmenter`'s word-like segments (Unicode word boundaries, with dictionaries
 * for scripts written without spaces: Chinese, Japanese, Thai, Lao, Khmer, Burmese). Text with
 * none of those scripts takes a plain pattern instead (the same boundaries for it, several times
 * faster), which keeps indexing large English blogs quick.
 */
export interface WordSpan {
  /** The word as written in the text. */
  word: string;
  /** Its offset in the text, in UTF-16 code units. */
  index: number;
}

/** A character of a script written without spaces between words. */
export const NO_SPACE_SCRIPT =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;

/** Letters, marks and digits, joined by an apostrophe or a period between letters (`don't`, `e.g`). */
const PLAIN_WORD = /[\p{L}\p{M}\p{N}_]+(?:['’.][\p{L}\p{M}\p{N}_]+)*/gu;

let segmenter: Intl.Segmenter | undefined;

/** The words of `text`, in order, with their offsets. */
export function wordSpans(text: string): WordSpan[] {
  const spans: WordSpan[] = [];
  if (!NO_SPACE_SCRIPT.test(text)) {
    for (const match of text.matchAll(PLAIN_WORD)) spans.push({ word: match[0], index: match.index });
    return spans;
  }
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'word' });
  for (const part of segmenter.segment(text)) if (part.isWordLike) spans.push({ word: part.segment, index: part.index });
  return spans;
}

/** The words of `text`, without their offsets. */
export function words(text: string): string[] {
  return wordSpans(text).map((span) => span.word);
}
