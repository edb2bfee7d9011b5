import { NO_SPACE_SCRIPT, wordSpans, words } from 'trove-search-client';

/** A piece of text, marked when it matches one of the query's terms. */
export interface HighlightSegment {
  text: string;
  match: boolean;
}

/**
 * Lower-case and strip diacritics of one character, so `É` matches `e`. ASCII has no diacritics:
 * only its case changes (the common path, without `normalize` and a Unicode regex per character).
 * A character that is nothing but marks (a lone combining accent) stays as it is.
 */
function fold(char: string): string {
  return char < '\x80' ? char.toLowerCase() : char.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase() || char;
}

/** Text of ASCII characters only. */
const ASCII = /^[\x00-\x7f]*$/;

function foldAll(text: string): string {
  return ASCII.test(text) ? text.toLowerCase() : [...text].map(fold).join('');
}

/**
 * Split `text` into segments, marking the query's words (`wordSpans`, the rule the service
 * indexes with) where a word of `text` starts with them: `rain` marks "[Rain]y" but not
 * "t-rain-s". A term in a script written without spaces (Chinese, Japanese, Thai…) is marked
 * wherever it occurs, since a segmenter's word boundaries there are a guess. Case- and
 * diacritic-insensitive; the longest term first where they overlap. Plain strings only: the
 * caller renders them as text nodes, never as HTML.
 */
export function highlight(text: string, query: string): HighlightSegment[] {
  const terms = [...new Set(words(query).map(foldAll))].filter(Boolean).sort((a, b) => b.length - a.length);
  if (!text || terms.length === 0) return text ? [{ text, match: false }] : [];

  // Where words start, in UTF-16 offsets of `text`.
  const wordStart = new Uint8Array(text.length + 1);
  for (const span of wordSpans(text)) wordStart[span.index] = 1;

  // The folded text and, for each of its positions, the offset in `text` of the character it
  // comes from (ASCII text folds to itself, position for position: no map needed).
  let folded: string;
  let origin: number[] | undefined;
  if (ASCII.test(text)) folded = text.toLowerCase();
  else {
    folded = '';
    origin = [];
    let offset = 0;
    for (const char of text) {
      const f = fold(char);
      for (let i = 0; i < f.length; i++) origin.push(offset);
      folded += f;
      offset += char.length;
    }
    origin.push(offset);
  }
  const at = (i: number) => (origin ? origin[i]! : i);

  // Marked UTF-16 offsets of `text`.
  const marked = new Uint8Array(text.length);
  for (const term of terms) {
    const anywhere = NO_SPACE_SCRIPT.test(term);
    for (let i = folded.indexOf(term); i !== -1; i = folded.indexOf(term, i + 1)) {
      const from = at(i);
      // The match starts where a character starts, and (outside scripts without spaces) a word.
      if ((i > 0 && at(i - 1) === from) || (!anywhere && !wordStart[from])) continue;
      // Up to the end of the character its last folded position comes from.
      let to = i + term.length;
      while (to < folded.length && at(to) === at(to - 1)) to++;
      marked.fill(1, from, to < folded.length ? at(to) : text.length);
    }
  }

  const segments: HighlightSegment[] = [];
  for (let from = 0; from < text.length; ) {
    let to = from + 1;
    while (to < text.length && marked[to] === marked[from]) to++;
    segments.push({ text: text.slice(from, to), match: marked[from] === 1 });
    from = to;
  }
  return segments;
}
