import { positionOf } from './positionOf.ts';

export interface DecodedInput {
  text: string;
  /** The WHATWG name of the encoding used, e.g. `utf-8`, `windows-1252`. */
  encoding: string;
  /** What the reader should know: a guessed charset, bytes that were replaced, an unknown label. */
  warnings: string[];
}

/**
 * Bytes 0x80–0x9F in windows-1252 (the WHATWG index; ISO-8859-1 and ASCII labels mean this
 * encoding too). Node 20's `TextDecoder('windows-1252')` decodes them as ISO-8859-1 control
 * characters (a fast path that skips ICU), which would turn "€" and the curly quotes of every
 * Windows-made feed into invisible characters, so this encoding is decoded here.
 */
const windows1252High =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

function decode(bytes: Uint8Array, encoding: string): string {
  if (encoding !== 'windows-1252') return new TextDecoder(encoding).decode(bytes);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length)
    .toString('latin1')
    .replace(/[\u0080-\u009f]/g, (c) => windows1252High[c.charCodeAt(0) - 0x80]!);
}

/** The encoding a label names (`ISO-8859-1` → `windows-1252`, as WHATWG maps it), or `undefined` if unknown. */
function encodingOf(label: string): string | undefined {
  try {
    return new TextDecoder(label.trim()).encoding;
  } catch {
    return undefined;
  }
}

/** The `encoding` of an XML declaration at the start of the bytes (read as ASCII), if any. */
function declaredEncoding(bytes: Uint8Array, start: number): string | undefined {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset + start, Math.min(bytes.length - start, 1024)).toString('latin1');
  return /^\s*<\?xml\s[^>]*?\bencoding\s*=\s*["']([^"']*)["']/.exec(head)?.[1];
}

/** The `charset` parameter of an HTTP `Content-Type`, if any. */
function httpCharset(contentType: string | undefined): string | undefined {
  if (contentType === undefined) return undefined;
  return /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType)?.[1];
}

function bomEncoding(bytes: Uint8Array): { encoding: string; length: number } | undefined {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { encoding: 'utf-8', length: 3 };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le', length: 2 };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: 'utf-16be', length: 2 };
  return undefined;
}

/**
 * Decodes the bytes of an input. The encoding is, in this order: the `encoding` of the XML
 * declaration, the `charset` of the HTTP `Content-Type`, a byte order mark, UTF-8 when the bytes
 * are valid UTF-8, else windows-1252 (what browsers do with an undeclared page), with a warning.
 * A label that names no known encoding is ignored with a warning; a declaration of UTF-16 in a
 * file whose first bytes read as ASCII is ignored (it cannot be true). When UTF-8 is declared but
 * some bytes are not UTF-8, they become U+FFFD and a warning names the line of the first one.
 */
export function decodeInput(bytes: Uint8Array, contentType?: string): DecodedInput {
  const warnings: string[] = [];
  const bom = bomEncoding(bytes);
  const candidates: [label: string | undefined, from: string][] = [
    [bom?.encoding.startsWith('utf-16') ? undefined : declaredEncoding(bytes, bom?.length ?? 0), 'the XML declaration'],
    [httpCharset(contentType), 'the HTTP Content-Type'],
  ];
  for (const [label, from] of candidates) {
    if (label === undefined) continue;
    const encoding = encodingOf(label);
    if (encoding === undefined || (encoding.startsWith('utf-16') && from === 'the XML declaration')) {
      warnings.push(
        `${from} names the charset "${label}", which is ${encoding === undefined ? 'unknown' : 'not what the bytes are'}; ignored`,
      );
      continue;
    }
    return decodeAs(bytes, encoding, bom, warnings);
  }
  if (bom !== undefined) return decodeAs(bytes, bom.encoding, bom, warnings);
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8', warnings };
  } catch {
    warnings.push('declares no charset and is not valid UTF-8; read as windows-1252 (as browsers do)');
    return { text: decode(bytes, 'windows-1252'), encoding: 'windows-1252', warnings };
  }
}

function decodeAs(
  bytes: Uint8Array,
  encoding: string,
  bom: { encoding: string; length: number } | undefined,
  warnings: string[],
): DecodedInput {
  // A byte order mark of another encoding than the one declared is dropped, not decoded as text.
  const body = bom !== undefined && bom.encoding !== encoding ? bytes.subarray(bom.length) : bytes;
  if (encoding === 'utf-8') {
    try {
      return { text: new TextDecoder('utf-8', { fatal: true }).decode(body), encoding, warnings };
    } catch {
      const text = new TextDecoder('utf-8').decode(body);
      warnings.push(
        `is declared UTF-8 but has bytes that are not UTF-8 (the first on line ${positionOf(text, text.indexOf('\uFFFD')).line}); they were replaced with "\uFFFD"`,
      );
      return { text, encoding, warnings };
    }
  }
  return { text: decode(body, encoding), encoding, warnings };
}
