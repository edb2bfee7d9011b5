import { describe, expect, it } from 'vitest';
import { articleText, readArticle } from '../../../src/cli/page/articleText.ts';

describe('articleText: the one HTML → text rule of an article body', () => {
  it('keeps paragraphs apart, headings and list items as text, entities decoded', () => {
    expect(articleText('<p>One &amp; two.</p><h2>A heading</h2><ul><li>Item</li></ul><p>Three <em>four</em>.</p>')).toBe(
      'One & two.\n\nA heading\n\n * Item\n\nThree four.',
    );
  });

  it('leaves out scripts, styles, forms, share blocks and what is marked data-trove-ignore', () => {
    const html =
      '<p>Kept.</p><script>bad()</script><style>p{}</style><form><button>Send</button></form><div class="sharedaddy">Share this</div><p data-trove-ignore>Ignored.</p>';
    expect(articleText(html)).toBe('Kept.');
  });

  it('finds the first image that can stand for the post, passing over pixels', () => {
    expect(
      readArticle('<img src="https://a.example/pixel.gif" width="1" height="1"><p>x</p><img src="https://a.example/photo.jpg">').firstImage,
    ).toBe('https://a.example/photo.jpg');
  });

  it('never throws on markup too deeply nested for the converter: it gives its bare text', () => {
    const depth = 20_000;
    expect(articleText(`${'<div>'.repeat(depth)}<p>Deep text.</p>${'</div>'.repeat(depth)}`)).toBe('Deep text.');
  }, 60_000);
});
