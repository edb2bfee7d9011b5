/** Lower-case, accents removed: the same for documents, queries and suggestion matching. */
export function normalizeTerm(term: string): string {
  const lower = term.toLowerCase();
  // The fast path matters: this runs for every word of every indexed document.
  return /[^\x00-\x7f]/.test(lower) ? lower.normalize('NFD').replace(/\p{M}/gu, '') : lower;
}
