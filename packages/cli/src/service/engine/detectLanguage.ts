import { eld } from 'eld/extrasmall';
import { findLanguage, LANGUAGES } from './languages.ts';

/** What the detector reads of a document: its title and this much of its content in two places (it costs its length). */
const WINDOW_CHARS = 100;
/** Fewer letters than this say too little to tell a language (a title alone, a caption). */
const MIN_LETTERS = 40;

/** The language of a text as an index in LANGUAGES (eld's n-grams); -1 when too short, unsure or unknown to the engine. */
function detectText(text: string): number {
  let letters = 0;
  for (const match of text.matchAll(/\p{L}+/gu)) {
    letters += match[0].length;
    if (letters >= MIN_LETTERS) break;
  }
  if (letters < MIN_LETTERS) return -1;
  const result = eld.detect(text);
  if (!result.language || !result.isReliable()) return -1;
  const language = findLanguage(result.language);
  return language ? LANGUAGES.indexOf(language) : -1;
}

/**
 * The language a document is written in, as an index in LANGUAGES, from its own text; -1 when
 * the text is too short, the detector unsure, the language one the engine does not know, or the
 * text mixed: its start and its middle are read apart, and those it can tell do not agree (a page
 * that opens with code, or quotes a paragraph in another language, is read in the collection's
 * main language).
 */
export function detectLanguage(title: string, content: string): number {
  if (content.length <= 2 * WINDOW_CHARS) return detectText(`${title}\n${content}`);
  const found = new Set<number>();
  for (const at of [0, Math.floor(content.length / 2)]) {
    const language = detectText(`${at === 0 ? `${title}\n` : ''}${content.slice(at, at + WINDOW_CHARS)}`);
    if (language >= 0) found.add(language);
  }
  return found.size === 1 ? [...found][0]! : -1;
}
