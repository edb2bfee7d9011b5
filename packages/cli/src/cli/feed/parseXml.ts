import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { CliError } from '../CliError.ts';
import { findUnclosed } from './findUnclosed.ts';

/** A parsed XML element as fast-xml-parser gives it: text, or attributes (`@_name`) and children. */
export type XmlNode = string | { [key: string]: XmlValue };
export type XmlValue = XmlNode | XmlNode[] | undefined;

export interface ParsedXml {
  /** The document, entities decoded and CDATA merged into text. */
  document: Record<string, XmlValue>;
  /**
   * The same document parsed again with the content-carrying elements (`description`,
   * `content:encoded`, Atom `content`/`summary`/`title`) kept as raw markup, for the feeds that
   * put unescaped (X)HTML inside them. Parsed on first use only.
   */
  raw(): Record<string, XmlValue>;
}

const options = {
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  textNodeName: '#text',
  parseTagValue: false, // a guid "00123" or a title "2024" stays a string
  parseAttributeValue: false,
  trimValues: true,
  htmlEntities: true, // numeric character references and the common named ones feeds use
  ignoreDeclaration: true,
  ignorePiTags: true,
} as const;

const contentElements = ['description', 'content:encoded', 'content', 'summary', 'title'];

/** Where `text` starts in the file: leading blank lines and spaces removed before parsing. */
export interface TextStart {
  /** Lines before the text. */
  lines: number;
  /** Columns before the text on its first line. */
  columns: number;
}

/** `line 3, column 7` of the file, from a position in the text that starts at `start`. */
function place(line: number, column: number, start: TextStart): string {
  return `line ${line + start.lines}, column ${line === 1 ? column + start.columns : column}`;
}

/**
 * What is wrong with XML the validator refuses, said so a person can fix it: for a text that ends
 * too early (the validator only says `Invalid '[ "rss", … ]' found` at line 1, column 1), what is
 * still open and where each was opened; otherwise the validator's message and position.
 */
function describeError(text: string, source: string, error: { msg: string; line: number; col: number }, start: TextStart): string {
  const unclosed = findUnclosed(text);
  if (unclosed.length > 0) {
    const [innermost, ...outer] = unclosed;
    const inside = outer.map((u) => `${u.what} (${place(u.line, u.column, start)})`).join(' in ');
    return (
      `${source} ends too early (cut off?): ${innermost!.what} opened at ${place(innermost!.line, innermost!.column, start)} ` +
      `is never closed${inside === '' ? '' : `, inside ${inside}`}`
    );
  }
  const open = /^Invalid '\[([\s\S]*)\]' found\.$/.exec(error.msg)?.[1];
  if (open !== undefined) {
    const names = [...open.matchAll(/"([^"]+)"/g)].map((m) => `<${m[1]}>`).reverse();
    return `${source} ends too early (cut off?): ${names.join(' in ')} ${names.length === 1 ? 'is' : 'are'} never closed`;
  }
  const message = error.msg
    .replace(/^char '&' is not expected\.$/, 'an "&" that does not start an entity (it must be written "&amp;")')
    .replace(/^Invalid space after '<'\.$/, 'a "<" that does not start a tag (it must be written "&lt;")')
    .replace(
      /\(opened in line (\d+), col (\d+)\)/,
      (_, line: string, column: string) => `(opened at ${place(Number(line), Number(column), start)})`,
    );
  return `${source} is not well-formed XML: ${message} (${place(error.line, error.col, start)})`;
}

/**
 * Parses an XML feed with fast-xml-parser after validating it, so malformed XML is reported with
 * its line and column in the file (`start` says where `text` starts in it) instead of being
 * half-read. Entity declarations in a DOCTYPE are not expanded (no entity-expansion attacks).
 */
export function parseXml(text: string, source: string, start: TextStart = { lines: 0, columns: 0 }): ParsedXml {
  const verdict = XMLValidator.validate(text, { allowBooleanAttributes: true });
  if (verdict !== true) throw new CliError(describeError(text, source, verdict.err, start));
  const document = new XMLParser(options).parse(text) as Record<string, XmlValue>;
  let rawDocument: Record<string, XmlValue> | undefined;
  return {
    document,
    raw() {
      rawDocument ??= new XMLParser({ ...options, stopNodes: contentElements.map((name) => `*.${name}`) }).parse(text) as Record<
        string,
        XmlValue
      >;
      return rawDocument;
    },
  };
}

/** The value as a list: nothing → `[]`, one → `[it]`, many → as is. */
export function list(value: XmlValue): XmlNode[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

/** The element's text (its `#text` when it has attributes too), trimmed; `undefined` when empty or not text. */
export function textOf(value: XmlValue): string | undefined {
  const node = Array.isArray(value) ? value[0] : value;
  let text: unknown = node;
  if (node !== null && typeof node === 'object') text = node['#text'];
  if (typeof text === 'number' || typeof text === 'boolean') text = String(text);
  if (typeof text !== 'string') return undefined;
  const trimmed = text.trim();
  return trimmed === '' ? undefined : trimmed;
}

/** An attribute of the element (`undefined` when absent or when the element is plain text). */
export function attrOf(value: XmlValue, name: string): string | undefined {
  const node = Array.isArray(value) ? value[0] : value;
  if (node === null || typeof node !== 'object') return undefined;
  const attr = node[`@_${name}`];
  return typeof attr === 'string' && attr.trim() !== '' ? attr.trim() : undefined;
}

/** The child element `name` of `node`, if `node` is an element. */
export function childOf(node: XmlValue, name: string): XmlValue {
  const element = Array.isArray(node) ? node[0] : node;
  return element !== null && typeof element === 'object' ? element[name] : undefined;
}

/**
 * The prefix this document uses for the namespace `uri` (feeds may pick any prefix), found in the
 * `xmlns:*` declarations of the root element (compared loosely, see `namespaceKey`); `fallback`
 * when it is not declared there.
 */
export function prefixFor(root: XmlValue, uri: string, fallback: string): string {
  const element = Array.isArray(root) ? root[0] : root;
  const wanted = namespaceKey(uri);
  if (element !== null && typeof element === 'object') {
    for (const [key, value] of Object.entries(element)) {
      if (key.startsWith('@_xmlns:') && typeof value === 'string' && namespaceKey(value) === wanted) return key.slice('@_xmlns:'.length);
    }
  }
  return fallback;
}

/** Namespace names as feeds misspell them compared alike: `https:` or `http:`, any case, a trailing `/` or not. */
function namespaceKey(uri: string): string {
  return uri
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/\/$/, '');
}

/** Whether the element holds child elements (as opposed to only text and attributes). */
export function hasChildElements(value: XmlValue): boolean {
  const node = Array.isArray(value) ? value[0] : value;
  if (node === null || typeof node !== 'object') return false;
  return Object.keys(node).some((key) => key !== '#text' && !key.startsWith('@_'));
}
