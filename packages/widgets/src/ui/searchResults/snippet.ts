import { highlight } from '../highlight.ts';

/**
 * A short excerpt of `content` around the first place that matches a term of `query`
 * (case- and diacritic-insensitive, as highlighted), cut at word boundaries with “…” where
 * text was left out; the start of the text when nothing matches. Whitespace is collapsed.
 * Plain text in, plain text out: the caller renders it as text nodes.
 */
export function snippet(content: unknown, query: string, maxLength = 180): string {
  const text = typeof content === 'string' ? content.replace(/\s+/g, ' ').trim() : '';
  if (text.length <= maxLength) return text;
  let at = 0;
  for (const segment of highlight(text, query)) {
    if (segment.match) break;
    at += segment.text.length;
  }
  if (at >= text.length) at = 0;
  // Start a little before the match, at a word boundary, so the match has some context.
  let start = Math.max(0, Math.min(at - Math.floor(maxLength / 4), text.length - maxLength));
  if (start > 0) {
    const space = text.indexOf(' ', start);
    start = space !== -1 && space < at ? space + 1 : start;
  }
  let end = Math.min(text.length, start + maxLength);
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    if (space > at && space > start) end = space;
  }
  return `${start > 0 ? '…' : ''}${text.slice(start, end).replace(/[\s,;:.]+$/, '')}${end < text.length ? '…' : ''}`;
}
