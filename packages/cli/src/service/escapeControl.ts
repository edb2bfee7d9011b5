/**
 * Text safe to print on a terminal: control characters (C0, DEL, C1 — an escape sequence could
 * clear the screen or rewrite a line) and the invisible bidirectional controls are written as
 * `\u{…}` escapes; everything else is left as it is.
 */
export function escapeControl(text: string): string {
  return text.replace(
    /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g,
    (c) => `\\u{${c.codePointAt(0)!.toString(16)}}`,
  );
}
