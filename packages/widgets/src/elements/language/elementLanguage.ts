import { nearestAttribute } from './nearestAttribute.ts';

/**
 * The language of an element's texts: its own `lang`, else the page-wide setting (`configure({ lang })`,
 * `data-lang`), else the nearest `lang` around it (an ancestor's, a shadow host's, `<html>`'s); `''` when none says.
 */
export const elementLanguage = (element: Element, forced?: string): string =>
  element.getAttribute('lang') || forced || nearestAttribute(element, 'lang') || '';
