/** The line and column (both 1-based) of a position in a text, for messages that say where. */
export function positionOf(text: string, index: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let n = text.indexOf('\n'); n !== -1 && n < index; n = text.indexOf('\n', n + 1)) {
    line++;
    lineStart = n + 1;
  }
  return { line, column: index - lineStart + 1 };
}
