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
}

/** The key of the record in `history.state` (other keys of the state are the page's own and stay). */
export const RETURN_KEY = 'troveReturn';

/** A well-formed record, else `undefined`. */
export function toReturnRecord(value: unknown): ReturnRecord | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { x, y, position, href, keyboard } = value as Partial<ReturnRecord>;
  const finite = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n);
  if (!finite(x) || !finite(y) || !finite(position) || typeof href !== 'string' || typeof keyboard !== 'boolean') return undefined;
  return { x, y, position, href, keyboard };
}
