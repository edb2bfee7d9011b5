import { version } from '../version.ts';

/**
 * Register one custom element. Harmless to call twice; when another copy of Trove already
 * defined the tag, that one is kept and a warning names both versions.
 */
export function defineElement(tag: string, element: CustomElementConstructor & { version?: string }): void {
  if (typeof customElements === 'undefined') return;
  const existing = customElements.get(tag) as (CustomElementConstructor & { version?: string }) | undefined;
  if (!existing) customElements.define(tag, element);
  else if (existing !== element)
    console.warn(`Trove ${version}: <${tag}> is already defined by Trove ${existing.version ?? '(unknown version)'}; keeping that one.`);
}
