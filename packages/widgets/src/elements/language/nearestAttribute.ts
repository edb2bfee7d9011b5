/** The value of `name` on `element` or its nearest ancestor that has it, across shadow roots (`lang`, `dir`). */
export function nearestAttribute(element: Element, name: string): string | null {
  for (let at: Element | null = element; at; ) {
    const found = at.closest(`[${name}]`);
    if (found) return found.getAttribute(name);
    const root = at.getRootNode();
    at = (root as ShadowRoot).host ?? null;
  }
  return null;
}
