import { eld } from 'eld/small';
import { findLanguage, LANGUAGES } from './languages.ts';

/** What the detector reads of a document: its title and this much of its content in three places (it costs its length). */
const WINDOW_CHARS = 100;
/** Fewer letters than this say too little to tell a language (a title alone, a caption). */
const MIN_LETTERS = 40;

/**
 * The language a document is written in, as an index in LANGUAGES, from its own text (eld's
 * n-grams); -1 when the text is too short, the detector unsure, or the language one the engine
 * does not know.
 */
export function detectLanguage(title: string, content: string): number {
  // The start, a third and two thirds in: a post that opens with code or a list is still read by its prose.
  const third = Math.floor(content.length / 3);
  const windows = [0, third, 2 * third].map((at) => content.slice(at, at + WINDOW_CHARS));
  const sample = `${title}\n${content.length <= 3 * WINDOW_CHARS ? content : windows.join('\n')}`;
  let letters = 0;
  for (const match of sample.matchAll(/\p{L}+/gu)) {
    letters += match[0].length;
    if (letters >= MIN_LETTERS) break;
  }
  if (letters < MIN_LETTERS) return -1;
  const result = eld.detect(sample);
  if (!result.language || !result.isReliable()) return -1;
  const language = findLanguage(result.language);
  return language ? LANGUAGES.indexOf(language) : -1;
}
