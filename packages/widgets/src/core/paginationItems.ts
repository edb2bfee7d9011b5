/** One slot of a pagination bar: a page number, or a gap shown as an ellipsis. */
export type PaginationItem = number | 'gap';

/**
 * The page numbers to show for page `current` of `total`: every page when they fit in
 * 2 × `siblings` + 5 slots; else always the first and the last, `siblings` on each side of the
 * current one and gaps for the rest (1 … 9 10 11 … 20), with the same number of slots near the
 * ends (1 2 3 4 5 … 20) so the bar keeps its width while paging.
 */
export function paginationItems(current: number, total: number, siblings = 1): PaginationItem[] {
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
  const slots = 2 * siblings + 5;
  if (total <= slots) return range(1, Math.max(0, total));
  const page = Math.min(Math.max(1, Math.floor(current) || 1), total);
  const from = Math.max(page - siblings, 1);
  const to = Math.min(page + siblings, total);
  const edge = slots - 2;
  if (from <= 3) return [...range(1, edge), 'gap', total];
  if (to >= total - 2) return [1, 'gap', ...range(total - edge + 1, total)];
  return [1, 'gap', ...range(from, to), 'gap', total];
}
