import { afterEach, describe, expect, it } from 'vitest';
import { passageLink } from '../../src/ui/passageLink.ts';

const withTextFragments = () => Object.defineProperty(document, 'fragmentDirective', { value: {}, configurable: true });

afterEach(() => {
  delete (document as { fragmentDirective?: unknown }).fragmentDirective;
});

describe('passageLink', () => {
  it('links to the highlighted words of the snippet where the browser supports text fragments', () => {
    withTextFragments();
    expect(passageLink('/posts/3/a', 'rain', ['…the trains were late, rain made reflections…', 'Rain, trains and Lisbon'])).toBe(
      '/posts/3/a#:~:text=late%2C-,rain,-made',
    );
  });

  it('falls back to the title when the snippet has no highlighted word', () => {
    withTextFragments();
    expect(passageLink('/posts/3/a', 'lisbon', ['Nothing matches here', 'Rain, trains and Lisbon'])).toBe('/posts/3/a#:~:text=and-,Lisbon');
  });

  it('leaves the link as it is without text fragments in the browser, when turned off, or with no match', () => {
    expect(passageLink('/posts/3/a', 'rain', ['rain'])).toBe('/posts/3/a');
    withTextFragments();
    expect(passageLink('/posts/3/a', 'rain', ['rain'], false)).toBe('/posts/3/a');
    expect(passageLink('/posts/3/a', 'snow', ['rain', 'trains'])).toBe('/posts/3/a');
    expect(passageLink('/posts/3/a', '  ', ['rain'])).toBe('/posts/3/a');
  });
});
