import { describe, expect, it } from 'vitest';
import { canonicalUrl, documentId, hash52 } from '../src/documentId.ts';

describe('documentId', () => {
  it('uses a whole number as it is, as a number or a string', () => {
    expect(documentId(42)).toBe(42);
    expect(documentId('2041')).toBe(2041);
    expect(documentId(' 0042 ')).toBe(42);
  });

  it('gives the same id on every run and every machine (fixed values: changing them changes every indexed id)', () => {
    expect(documentId('https://harbour.example.org/?p=1017')).toBe(hash52('//harbour.example.org/?p=1017'));
    expect(hash52('//harbour.example.org/?p=1017')).toBe(2892038949158848);
    expect(hash52('tag:workshop.example.net,2024:chisels')).toBe(529949015130428);
    expect(hash52('')).toBe(1415816903548849);
  });

  it('hashes any other string as it is, trimmed', () => {
    expect(documentId('post-7')).toBe(hash52('post-7'));
    expect(documentId('  post-7\n')).toBe(hash52('post-7'));
    expect(documentId('99999999999999999999')).toBe(hash52('99999999999999999999'));
  });

  it('gives the same id to the addresses of one post however a feed or a page writes them', () => {
    const id = documentId('https://example.com/2024/03/tides/');
    for (const same of [
      'http://example.com/2024/03/tides',
      'https://www.EXAMPLE.com:443/2024/03/tides/#comments',
      'https://example.com/2024/03/tides/?utm_source=rss&utm_medium=feed&fbclid=abc',
      ' https://example.com/2024/03/tides/?gclid=1 ',
    ]) {
      expect(documentId(same)).toBe(id);
    }
    expect(documentId('https://example.com/?p=123')).toBe(documentId('https://example.com/?p=123&utm_campaign=x'));
    expect(documentId('https://example.com/?p=123')).not.toBe(documentId('https://example.com/?p=124'));
    expect(documentId('https://example.com/2024/03/tides-2/')).not.toBe(id);
  });

  it('has no id for nothing, a negative or a fractional number', () => {
    for (const key of [undefined, null, '', '  ', -1, 1.5, Number.NaN, 2 ** 53]) expect(documentId(key)).toBeUndefined();
  });
});

describe('canonicalUrl', () => {
  it('drops the scheme, www., the default port, a trailing slash, tracking parameters and the fragment, and sorts the query', () => {
    expect(canonicalUrl('https://www.Example.com:443/a/?utm_source=x&b=2&a=1#c')).toBe('//example.com/a?a=1&b=2');
    expect(canonicalUrl('http://example.com:8080/')).toBe('//example.com:8080/');
    expect(canonicalUrl('https://example.com/a?ref=home')).toBe('//example.com/a?ref=home');
  });

  it('is undefined for what is not an absolute http(s) address', () => {
    for (const key of ['/posts/1', 'tag:x,2024:1', 'mailto:a@example.com', 'post-7']) expect(canonicalUrl(key)).toBeUndefined();
  });
});

describe('hash52', () => {
  it('is a safe integer below 2^52 for any text', () => {
    for (const text of ['a', 'b', 'ü', '🙂', 'x'.repeat(10_000)]) {
      const n = hash52(text);
      expect(Number.isSafeInteger(n)).toBe(true);
      expect(n).toBeGreaterThanOrEqual(0);
      expect(n).toBeLessThan(2 ** 52);
    }
  });

  it('gives different ids to 200 000 similar addresses', () => {
    const ids = new Set(Array.from({ length: 200_000 }, (_, i) => hash52(`//blog.example.com/posts/${i}`)));
    expect(ids.size).toBe(200_000);
  });
});
