import { positionOf } from '../positionOf.ts';

/** An element (or a CDATA section, a comment, a tag) still open where the text ends. */
export interface Unclosed {
  /** `<description>`, `a CDATA section`, `a comment`, `the tag <item` … */
  what: string;
  line: number;
  column: number;
}

/**
 * What is still open at the end of an XML text that ends too early (a download cut off, a file
 * truncated): the innermost first, each with the line and column (1-based) where it was opened.
 * Empty when everything is closed or when the text goes wrong earlier (a closing tag that closes
 * nothing open: the validator's own message says where). Only used to explain an error, so it
 * scans the text once, simply: comments, CDATA, processing instructions, a DOCTYPE (with an
 * internal subset) and tags, quotes in attributes respected.
 */
export function findUnclosed(text: string): Unclosed[] {
  const open: { what: string; index: number }[] = [];
  let unterminated: { what: string; index: number } | undefined;
  let i = text.indexOf('<');
  while (i !== -1 && unterminated === undefined) {
    let end: number;
    if (text.startsWith('<!--', i)) {
      end = text.indexOf('-->', i + 4);
      if (end === -1) unterminated = { what: 'a comment', index: i };
      else end += 3;
    } else if (text.startsWith('<![CDATA[', i)) {
      end = text.indexOf(']]>', i + 9);
      if (end === -1) unterminated = { what: 'a CDATA section', index: i };
      else end += 3;
    } else if (text.startsWith('<?', i)) {
      end = text.indexOf('?>', i + 2);
      if (end === -1) unterminated = { what: 'a processing instruction', index: i };
      else end += 2;
    } else if (text.startsWith('<!', i)) {
      const close = text.indexOf('>', i);
      const subset = text.indexOf('[', i);
      end = subset !== -1 && (close === -1 || subset < close) ? text.indexOf(']', subset) : close;
      if (end !== -1 && text[end] === ']') end = text.indexOf('>', end);
      if (end === -1) unterminated = { what: 'a declaration', index: i };
      else end += 1;
    } else {
      const name = /^<\/?([^\s/>]+)/.exec(text.slice(i, i + 200))?.[1] ?? '';
      end = i + 1;
      let quote: string | undefined;
      for (; end < text.length; end++) {
        const c = text[end];
        if (quote !== undefined) {
          if (c === quote) quote = undefined;
        } else if (c === '"' || c === "'") quote = c;
        else if (c === '>') break;
      }
      if (end >= text.length) {
        unterminated = { what: `the tag <${text[i + 1] === '/' ? '/' : ''}${name}`, index: i };
      } else if (text[i + 1] === '/') {
        if (open.at(-1)?.what !== `<${name}>`) return [];
        open.pop();
      } else if (text[end - 1] !== '/') open.push({ what: `<${name}>`, index: i });
      end += 1;
    }
    i = unterminated === undefined ? text.indexOf('<', end) : -1;
  }
  const found = [...(unterminated ? [unterminated] : []), ...open.reverse()];
  return found.map(({ what, index }) => ({ what, ...positionOf(text, index) }));
}
