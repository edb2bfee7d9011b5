import { LIMITS } from './limits.ts';
import { normalizeTerm } from './normalizeTerm.ts';
import { STOP_WORDS } from './stopWords.ts';
import { SPACE_OR_PUNCTUATION } from './TextIndex.ts';

/**
 * Query terms: common words ("the", "with", …) are dropped — under AND they add nothing and
 * cost the most — unless the query has nothing else. A one-letter last term is dropped too when
 * other terms exist (as a prefix it matches everything: "getting s" waits for the next letter).
 * The budget of a query: its first 32 terms (LIMITS.queryTerms) are used, later ones ignored, as
 * the large engines do; how each is matched is bounded in MiniSearchEngine.ts.
 */
export function queryTerms(text: string): string[] {
  const terms = text.split(SPACE_OR_PUNCTUATION).filter(Boolean);
  const meaningful = terms.filter((term) => !STOP_WORDS.has(normalizeTerm(term)));
  const kept = (meaningful.length > 0 ? meaningful : terms).slice(0, LIMITS.queryTerms);
  if (kept.length > 1 && kept[kept.length - 1]!.length === 1) kept.pop();
  return kept;
}
