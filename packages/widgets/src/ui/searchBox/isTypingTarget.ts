const NOT_TEXT = /^(button|checkbox|radio|range|color|file|submit|reset|image|hidden)$/;

/** Is the key press going into a text field or editable content (checked through shadow roots)? */
export function isTypingTarget(event: Event): boolean {
  const target = event.composedPath?.()[0] ?? event.target;
  if (!(target instanceof Element)) return false;
  if (target instanceof HTMLInputElement) return !NOT_TEXT.test(target.type);
  return target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement || (target as HTMLElement).isContentEditable;
}
