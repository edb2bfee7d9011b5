import { NO_SPACE_SCRIPT } from 'trove-search-client';
import { LIMITS } from '../limits.ts';
import { normalizeTerm } from './normalizeTerm.ts';
import { STOP_WORDS } from './stopWords.ts';
import { tokenize } from './TextIndex.ts';

/**
 * Query terms: common words ("the", "with", …) are dropped — under AND they add nothing and
 * cost the most — unless the query has nothing else. A one-letter last term is dropped too when
 * other terms exist (as a prefix it matches everything: "getting s" waits for the next letter),
 * unless it is a character of Chinese or Japanese, often a word of its own. Words are cut as
 * in documents (TextIndex's tokenize: Intl.Segmenter inside Chinese, Japanese or Thai).
 * `isStopWord` (a normalised word): the collection's common words, English's by default.
 * The budget of a query: its first 32 terms (LIMITS.queryTerms) are used, later ones ignored, as
 * the large engines do; how each is matched is bounded in MiniSearchEngine.ts.
 */
export function queryTerms(text: string, isStopWord: (term: string) => boolean = (term) => STOP_WORDS.has(term)): string[] {
  const terms = tokenize(text).filter(Boolean);
  const meaningful = terms.filter((term) => !isStopWord(normalizeTerm(term)));
  const kept = (meaningful.length > 0 ? meaningful : terms).slice(0, LIMITS.queryTerms);
  const last = kept[kept.length - 1];
  if (kept.length > 1 && last!.length === 1 && !NO_SPACE_SCRIPT.test(last!)) kept.pop();
  return kept;
}
