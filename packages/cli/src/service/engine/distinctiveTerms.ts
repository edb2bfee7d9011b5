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
  stopWords: ReadonlySet<string> = STOP_WORDS,
): string[] {
  return distinctiveProfile(post, documentFrequency, documents, titleWeight, stopWords).terms;
}

export interface DistinctiveProfile {
  /** distinctiveTerms: the heaviest words other documents have too. */
  terms: string[];
  /**
   * How much of what the post is about other documents share at all: of the weight of its
   * LIMITS.relatedTerms heaviest words, counting the words no other document has (left out of
   * `terms`), the share of the words some other document has. 1 for a post on a common topic; near
   * 0 for one whose heaviest words are its own (nothing else is on its subject).
   */
  coverage: number;
}

/** distinctiveTerms, with the share of the post's weight they carry (`coverage`); `stopWords`: those of the post's language. */
export function distinctiveProfile(
  post: { title: string; content: string },
  documentFrequency: (term: string) => number,
  documents: number,
  titleWeight = 2,
  stopWords: ReadonlySet<string> = STOP_WORDS,
): DistinctiveProfile {
  const counts = new Map<string, number>();
  const count = (text: string, weight: number) => {
    for (const token of tokenize(text)) {
      const term = normalizeTerm(token);
      if (term.length < 2 || /^\p{N}+$/u.test(term) || stopWords.has(term)) continue;
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
  const byWeight = (a: [string, number], b: [string, number]) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1);
  const weighed: [term: string, weight: number][] = [];
  // The words of this post alone (a document frequency of 1: the post itself, or 0 for a text not indexed).
  const own: [term: string, weight: number][] = [];
  for (const [term, tf] of counts) {
    const df = documentFrequency(term);
    if (df > documents * MAX_DOCUMENT_SHARE) continue;
    const weight = tf * Math.log(1 + (documents - Math.max(1, df) + 0.5) / (Math.max(1, df) + 0.5));
    (df < 2 ? own : weighed).push([term, weight]);
  }
  weighed.sort(byWeight);
  const terms = weighed.slice(0, LIMITS.relatedTerms);
  const heaviest = [...terms, ...own].sort(byWeight).slice(0, LIMITS.relatedTerms);
  const total = heaviest.reduce((sum, [, weight]) => sum + weight, 0);
  const ownTerms = new Set(own.map(([term]) => term));
  const shared = heaviest.reduce((sum, [term, weight]) => sum + (ownTerms.has(term) ? 0 : weight), 0);
  return { terms: terms.map(([term]) => term), coverage: total > 0 ? shared / total : 0 };
}
