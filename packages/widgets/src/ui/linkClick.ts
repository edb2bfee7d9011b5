import type { SelectHow } from '../core/Controller.ts';

/**
 * How a click or auxclick opens a link: in this tab (`viaLink`: the browser follows it unless the
 * handler prevents it), or in another tab or window (`newTab`: Ctrl/Cmd/Shift/Alt-click, the
 * middle button). `null` for a click that opens nothing (the right button's auxclick).
 */
export function linkClick(event: MouseEvent): SelectHow | null {
  if (event.type === 'auxclick') return event.button === 1 ? { newTab: true } : null;
  if (event.button !== 0) return null;
  return event.ctrlKey || event.metaKey || event.shiftKey || event.altKey ? { newTab: true } : { viaLink: true };
}
