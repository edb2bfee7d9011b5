/** How many pages `found` documents fill at `limit` per page (0 when nothing was found or the input is nonsense). */
export function pageCount(found: unknown, limit: number): number {
  if (typeof found !== 'number' || !Number.isFinite(found) || found <= 0 || !(limit > 0)) return 0;
  return Math.ceil(found / limit);
}
