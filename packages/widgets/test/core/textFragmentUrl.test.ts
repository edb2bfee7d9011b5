import { describe, expect, it } from 'vitest';
import { type TextRange, textDirective, textFragmentUrl } from '../../src/core/textFragmentUrl.ts';

/** The ranges of each `[…]` in `marked`, and the text without the brackets. */
function parse(marked: string): [string, TextRange[]] {
  const ranges: TextRange[] = [];
  let text = '';
  for (const part of marked.split(/(\[[^\]]*\])/)) {
    if (part.startsWith('[')) {
      ranges.push({ from: text.length, to: text.length + part.length - 2 });
      text += part.slice(1, -1);
    } else text += part;
  }
  return [text, ranges];
}

const directiveOf = (marked: string) => textDirective(...parse(marked));

describe('textDirective', () => {
  it('takes the whole matched word, with the words around it as context', () => {
    expect(directiveOf('We took the night [train] to Vienna in May.')).toEqual({ prefix: 'night', start: 'train', suffix: 'to' });
  });

  it('extends a match that starts a word to the whole word', () => {
    expect(directiveOf('I waited for [rain]y days')).toEqual({ prefix: 'for', start: 'rainy', suffix: 'days' });
  });

  it('spans from the first to the last matched word of the sentence', () => {
    expect(directiveOf('A [slow] week of [trains] and rain. More [trains] here')).toEqual({
      prefix: 'A',
      start: 'slow week of trains',
      suffix: 'and',
    });
  });

  it('keeps the punctuation between the context and the words', () => {
    expect(directiveOf('Bread, [salt] and water')).toEqual({ prefix: 'Bread,', start: 'salt', suffix: 'and' });
    expect(directiveOf('Bread and [salt], water')).toEqual({ prefix: 'and', start: 'salt', suffix: ', water' });
  });

  it('takes no context across the end of a sentence or an ellipsis', () => {
    expect(directiveOf('…ended. [Rain] came…')).toEqual({ start: 'Rain', suffix: 'came' });
    expect(directiveOf('The [rain]… Later')).toEqual({ prefix: 'The', start: 'rain' });
  });

  it('finds the passage in text written without spaces', () => {
    const directive = directiveOf('我在学习[异步]编程');
    expect(directive?.start).toBe('异步');
  });

  it('is undefined when nothing matched', () => {
    expect(directiveOf('Nothing here')).toBeUndefined();
    expect(textDirective('', [{ from: 0, to: 3 }])).toBeUndefined();
  });
});

describe('textFragmentUrl', () => {
  it('adds a text fragment to a link without a fragment', () => {
    expect(textFragmentUrl('/posts/1/rain', { prefix: 'night', start: 'train', suffix: 'to' }, true)).toBe(
      '/posts/1/rain#:~:text=night-,train,-to',
    );
  });

  it('percent-encodes the dash, the comma, the ampersand and spaces of the words', () => {
    expect(textFragmentUrl('https://blog.example/a', { prefix: 'slow-roasted,', start: 'Tips & Tricks', suffix: 'x-y' }, true)).toBe(
      'https://blog.example/a#:~:text=slow%2Droasted%2C-,Tips%20%26%20Tricks,-x%2Dy',
    );
  });

  it('encodes letters outside ASCII as UTF-8', () => {
    expect(textFragmentUrl('/a', { start: 'Zürich 天気' }, true)).toBe('/a#:~:text=Z%C3%BCrich%20%E5%A4%A9%E6%B0%97');
  });

  it('leaves the link unchanged where the browser does not support text fragments', () => {
    expect(textFragmentUrl('/posts/1/rain', { start: 'train' }, false)).toBe('/posts/1/rain');
  });

  it('never adds a second fragment directive', () => {
    expect(textFragmentUrl('/posts/1#:~:text=other', { start: 'train' }, true)).toBe('/posts/1#:~:text=other');
    expect(textFragmentUrl('/posts/1#top:~:text=other', { start: 'train' }, true)).toBe('/posts/1#top:~:text=other');
  });

  it('keeps a fragment the link already has, and adds the directive after it', () => {
    expect(textFragmentUrl('/posts/1#comments', { start: 'train' }, true)).toBe('/posts/1#comments:~:text=train');
    expect(textFragmentUrl('/posts/1#', { start: 'train' }, true)).toBe('/posts/1#:~:text=train');
  });

  it('leaves the link unchanged without a directive or without a link', () => {
    expect(textFragmentUrl('/posts/1', undefined, true)).toBe('/posts/1');
    expect(textFragmentUrl('', { start: 'x' }, true)).toBe('');
  });
});
