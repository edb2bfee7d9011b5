import { htmlToPlainText } from './htmlToPlainText.ts';
import { attrOf, childOf, list, textOf, type XmlValue } from './parseXml.ts';

/**
 * The text of an item's Media RSS `<media:description>` (on the item or inside a `media:group`,
 * where YouTube puts a video's whole description), HTML reduced to text when `type="html"`;
 * `undefined` if there is none. `media` is the prefix the feed uses for Media RSS.
 */
export function mediaDescription(node: XmlValue, media: string): string | undefined {
  for (const holder of [node, ...list(childOf(node, `${media}:group`))]) {
    const element = childOf(holder, `${media}:description`);
    const text = textOf(element);
    if (text === undefined) continue;
    if (attrOf(element, 'type')?.toLowerCase() !== 'html') return text;
    const converted = htmlToPlainText(text).text;
    if (converted !== '') return converted;
  }
  return undefined;
}
