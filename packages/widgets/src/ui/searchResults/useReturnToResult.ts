import type { RefObject } from 'preact';
import { useEffect, useLayoutEffect, useRef } from 'preact/hooks';
import { restoreReturn } from './restoreReturn.ts';
import type { ReturnRecord } from './returnRecord.ts';
import { takeReturn } from './takeReturn.ts';

/**
 * Back (or Forward, or reload) to a results page the reader left through a result: once the
 * results are shown (`shown`: the first render, when the client held the answer), restore the
 * scroll position, bring the opened result into view and give its link focus if they left by
 * keyboard. A page kept whole in the back/forward cache comes back with `pageshow` (persisted):
 * the same happens then. Off (`enabled` false, the `no-url-sync` setting): nothing.
 */
export function useReturnToResult(root: RefObject<HTMLElement | null>, shown: boolean, enabled: boolean): void {
  const pending = useRef<ReturnRecord | undefined>(undefined);
  const taken = useRef(false);

  useLayoutEffect(() => {
    if (!enabled || typeof history === 'undefined') return;
    if (!taken.current) {
      taken.current = true;
      pending.current = takeReturn();
    }
    if (!shown || !pending.current) return;
    const record = pending.current;
    pending.current = undefined;
    restoreReturn(record, root.current);
  }, [enabled, shown]);

  useEffect(() => {
    if (!enabled || typeof addEventListener === 'undefined') return;
    const onShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      const record = takeReturn();
      if (record) restoreReturn(record, root.current);
    };
    addEventListener('pageshow', onShow);
    return () => removeEventListener('pageshow', onShow);
  }, [enabled]);
}
