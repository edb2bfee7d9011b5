/**
 * Where a top-layer (fixed) `popup` goes in browsers without CSS anchor positioning, as CSS
 * declarations: under `anchor` and as wide (so it mirrors by itself under `dir="rtl"`), or above
 * it when the popup does not fit below and there is more room above. Its vertical margins (the
 * gap) are the stylesheet's, as with anchor positioning.
 */
export function placeBelow(popup: HTMLElement, anchor: HTMLElement): string {
  const box = anchor.getBoundingClientRect();
  const height = popup.offsetHeight + 12;
  const below = innerHeight - box.bottom;
  return `top:${height > below && box.top > below ? box.top - height : box.bottom}px;left:${box.left}px;width:${box.width}px`;
}
