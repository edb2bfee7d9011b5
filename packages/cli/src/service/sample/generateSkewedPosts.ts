/**
 * A second bench corpus, unlike generatePosts.ts's templated sentences: posts of about 120 words
 * each (titles of 4-9), every word drawn from a vocabulary of `vocabulary` made-up words with a
 * Zipf-like frequency (the word of rank r weighs 1/r), as the words of real prose are. Few words
 * repeat within a post's sentences the way templates make them, every post is long for its
 * collection, and the commonest words are in most posts: what costs an engine most per document
 * and per query. Same `(count, seed)` → the same posts, byte for byte.
 *
 * Shape as generatePosts (v2 schema): numeric ids 1..count, dates over ten years, 2-4 tags out of
 * 200, 1-2 categories out of 12, 1-2 authors out of 40. `commonQueries` gives what readers type:
 * one or two of the commonest words.
 */
import type { Document } from 'trove-search-client';
import { seededRandom } from './seededRandom.ts';

const SYLLABLES = 'ka lo mi ne ru sa ti vo be da fe gi ho ju ke la ma no pe ri so tu va we xi yo za ch sh th'.split(' ');
const START = Date.UTC(2016, 0, 1);
const END = Date.UTC(2026, 0, 1);

export interface SkewedCorpusOptions {
  seed?: number;
  /** Distinct words (default 3,000). */
  vocabulary?: number;
  /** Average words of a post's body (default 120). */
  words?: number;
}

/** `count` made-up words, distinct, 2-4 syllables, the same for a seed. */
function makeWords(count: number, rnd: () => number): string[] {
  const words = new Set<string>();
  while (words.size < count) {
    const n = 2 + Math.floor(rnd() * 3);
    let word = '';
    for (let i = 0; i < n; i++) word += SYLLABLES[Math.floor(rnd() * SYLLABLES.length)];
    words.add(word);
  }
  return [...words];
}

/** `word` with its first letter in capitals. */
const capitalize = (word: string) => word[0]!.toUpperCase() + word.slice(1);

/** A sampler of ranks 0..n-1 with weight 1/(rank+1): a binary search in the cumulative weights. */
function zipf(n: number, rnd: () => number): () => number {
  const cumulative = new Float64Array(n);
  let sum = 0;
  for (let r = 0; r < n; r++) cumulative[r] = sum += 1 / (r + 1);
  return () => {
    const x = rnd() * sum;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cumulative[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

/** The vocabulary of a corpus, commonest first. */
export function skewedVocabulary(options: SkewedCorpusOptions = {}): string[] {
  return makeWords(options.vocabulary ?? 3000, seededRandom(options.seed ?? 1));
}

export function generateSkewedPosts(count: number, options: SkewedCorpusOptions = {}): Document[] {
  const seed = options.seed ?? 1;
  const rnd = seededRandom(seed);
  const vocabulary = makeWords(options.vocabulary ?? 3000, rnd);
  const rank = zipf(vocabulary.length, rnd);
  const word = () => vocabulary[rank()]!;
  const average = options.words ?? 120;
  const tags = makeWords(200, rnd).map(capitalize);
  const categories = makeWords(12, rnd).map(capitalize);
  const authors = Array.from({ length: 40 }, () => {
    const [first, last] = makeWords(2, rnd);
    return `${capitalize(first!)} ${capitalize(last!)}`;
  });
  const some = <T>(list: readonly T[], min: number, max: number): T[] => {
    const chosen = new Set<T>();
    const n = min + Math.floor(rnd() * (max - min + 1));
    while (chosen.size < n) chosen.add(list[Math.floor(rnd() * list.length)]!);
    return [...chosen];
  };
  const posts: Document[] = [];
  for (let id = 1; id <= count; id++) {
    const titleWords = Array.from({ length: 4 + Math.floor(rnd() * 6) }, word);
    const title = capitalize(titleWords.join(' '));
    const length = Math.round(average * (0.75 + rnd() * 0.5));
    // Sentences of 8-20 words, paragraphs of 3-5 sentences.
    let content = '';
    let sentence = 0;
    let left = 8 + Math.floor(rnd() * 13);
    for (let i = 0; i < length; i++) {
      const w = word();
      content += i === 0 || content.endsWith('. ') || content.endsWith('\n\n') ? capitalize(w) : w;
      left--;
      if (left === 0 || i === length - 1) {
        sentence++;
        left = 8 + Math.floor(rnd() * 13);
        content += i === length - 1 ? '.' : sentence % 4 === 0 ? '.\n\n' : '. ';
      } else {
        content += rnd() < 0.08 ? ', ' : ' ';
      }
    }
    const date = new Date(START + Math.floor(rnd() * (END - START)));
    date.setUTCMilliseconds(0);
    posts.push({
      id,
      title,
      content,
      url: `/posts/${id}`,
      tags: some(tags, 2, 4),
      category: some(categories, 1, 2),
      authors: some(authors, 1, 2),
      date: date.toISOString(),
    });
  }
  return posts;
}

/** Queries of one and two of the `top` commonest words of the corpus's vocabulary, as readers type them. */
export function commonQueries(count: number, options: SkewedCorpusOptions & { top?: number } = {}): string[] {
  const vocabulary = skewedVocabulary(options);
  const rnd = seededRandom((options.seed ?? 1) + 7);
  const top = Math.min(options.top ?? 100, vocabulary.length);
  const pick = () => vocabulary[Math.floor(rnd() * top)]!;
  return Array.from({ length: count }, () => (rnd() < 0.5 ? pick() : `${pick()} ${pick()}`));
}
