import { LIMITS } from '../limits.ts';
import { normalizeTerm } from './normalizeTerm.ts';
import { STOP_WORDS } from './stopWords.ts';
import { tokenize } from './TextIndex.ts';

/** A word in more than this share of the documents says nothing about a post's topic. */
export const MAX_DOCUMENT_SHARE = 0.5;

/**
 * What a post is about, as "more like this" queries read it: the words of its title and the
 * start of its content (LIMITS.relatedTextChars), weighed tf·idf against the collection, the
 * LIMITS.relatedTerms heaviest (heaviest first, ties by the word). Left out: common words
 * (stopWords.ts), one-letter words, numbers, words no other document has (they relate to
 * nothing) and words in more than half the documents (they relate to everything, and cost the
 * most). A title word counts `titleWeight` times, as title matches weigh in search.
 *
 * `documentFrequency(term)`: how many documents have the (normalised) term; `documents`: how
 * many there are. Reads only the post itself and the term dictionary: no index is changed.
 */
export function distinctiveTerms(
  post: { title: string; content: string },
  documentFrequency: (term: string) => number,
  documents: number,
  titleWeight = 2,
): string[] {
  const counts = new Map<string, number>();
  const count = (text: string, weight: number) => {
    for (const token of tokenize(text)) {
      const term = normalizeTerm(token);
      if (term.length < 2 || /^\p{N}+$/u.test(term) || STOP_WORDS.has(term)) continue;
      counts.set(term, (counts.get(term) ?? 0) + weight);
    }
  };
  count(post.title, titleWeight);
  let content = post.content;
  if (content.length > LIMITS.relatedTextChars) {
    // Cut at a space where there is one, so the last word read is whole.
    content = content.slice(0, LIMITS.relatedTextChars);
    const space = Math.max(content.lastIndexOf(' '), content.lastIndexOf('\n'));
    if (space > 0) content = content.slice(0, space);
  }
  count(content, 1);
  const weighed: [term: string, weight: number][] = [];
  for (const [term, tf] of counts) {
    const df = documentFrequency(term);
    if (df < 2 || df > documents * MAX_DOCUMENT_SHARE) continue;
    weighed.push([term, tf * Math.log(1 + (documents - df + 0.5) / (df + 0.5))]);
  }
  weighed.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  return weighed.slice(0, LIMITS.relatedTerms).map(([term]) => term);
}
