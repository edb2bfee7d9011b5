/** Where the reader was when they opened a result, kept in the results page's own history entry. */
export interface ReturnRecord {
  /** The page's scroll position when the result was opened. */
  x: number;
  y: number;
  /** 1-based position of the result in the whole list. */
  position: number;
  /** The result link's `href` as written. */
  href: string;
  /** Opened by keyboard (Enter on the link): focus goes back to it on return. */
  keyboard: boolean;
  /** The Filters panel of a narrow layout was open: it opens again, so the page has the same layout. */
  filtersOpen?: boolean;
}

/** The key of the record in `history.state` (other keys of the state are the page's own and stay). */
export const RETURN_KEY = 'troveReturn';

/** A well-formed record, else `undefined`. */
export function toReturnRecord(value: unknown): ReturnRecord | undefined {
  const r = value as Partial<ReturnRecord> | null;
  const ok = [r?.x, r?.y, r?.position].every(Number.isFinite) && typeof r?.href === 'string';
  return ok ? { ...(r as ReturnRecord), keyboard: r!.keyboard === true, filtersOpen: r!.filtersOpen === true } : undefined;
}
