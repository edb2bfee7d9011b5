/** A piece of text, marked when it matches one of the query's terms. */
export interface HighlightSegment {
  text: string;
  match: boolean;
}

/**
 * Lower-case and strip diacritics of one character, so `É` matches `e`. ASCII has no diacritics:
 * only its case changes (the common path, without `normalize` and a Unicode regex per character).
 */
function fold(char: string): string {
  return char < '\x80' ? char.toLowerCase() : char.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * Split `text` into segments, marking every occurrence of any whitespace-separated term of
 * `query` (case- and diacritic-insensitive; longest term first where they overlap). Plain
 * strings only: the caller renders them as text nodes, never as HTML.
 */
export function highlight(text: string, query: string): HighlightSegment[] {
  const terms = [...new Set(query.split(/\s+/).map((term) => [...term].map(fold).join('')))]
    .filter(Boolean)
    .sort((a, b) => b.length - a.length);
  if (!text || terms.length === 0) return text ? [{ text, match: false }] : [];

  // Folded text plus, for each folded position, the index of the original character.
  const chars = [...text];
  let folded = '';
  const origin: number[] = [];
  const starts: number[] = [];
  let offset = 0;
  for (const char of chars) {
    starts.push(offset);
    offset += char.length;
    const f = fold(char) || char;
    for (let i = 0; i < f.length; i++) origin.push(starts.length - 1);
    folded += f;
  }
  starts.push(offset);

  const marked = new Array<boolean>(chars.length).fill(false);
  for (const term of terms) {
    for (let at = folded.indexOf(term); at !== -1; at = folded.indexOf(term, at + term.length)) {
      for (let i = origin[at]; i <= origin[at + term.length - 1]; i++) marked[i] = true;
    }
  }

  const segments: HighlightSegment[] = [];
  chars.forEach((char, i) => {
    const last = segments[segments.length - 1];
    if (last && last.match === marked[i]) last.text += char;
    else segments.push({ text: char, match: marked[i] });
  });
  return segments;
}
