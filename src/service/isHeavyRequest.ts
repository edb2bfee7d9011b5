import type { ReadRoute } from './EndpointContext.ts';
import { SPACE_OR_PUNCTUATION } from './TextIndex.ts';

/**
 * Whether a read request may cost more than an ordinary one (createWorkQueue.ts lets ordinary
 * ones go first): more than 3 words, two words of 9 letters or more (two typos tolerated each),
 * a recommend `title`, or more than 3 filters. What a reader types in a search box is light, and
 * so is a recommend by id: the words it relates by are bounded (LIMITS.relatedTerms of the first
 * LIMITS.relatedTextChars, none in more than half the posts; distinctiveTerms.ts).
 */
export function isHeavyRequest(route: ReadRoute, params: URLSearchParams): boolean {
  if (params.getAll('filter').length > 3) return true;
  const text = route.kind === 'recommend' ? (params.get('title') ?? '') : (params.get('q') ?? '');
  if (route.kind === 'recommend' && text.trim() !== '') return true;
  const words = text.split(SPACE_OR_PUNCTUATION, 8).filter(Boolean);
  return words.length > 3 || words.filter((w) => w.length >= 9).length > 1;
}
