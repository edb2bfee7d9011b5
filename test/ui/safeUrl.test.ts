import { describe, expect, it } from 'vitest';
import { safeUrl } from '../../src/ui/safeUrl.ts';

describe('safeUrl', () => {
  it('keeps http, https and relative URLs as given', () => {
    expect(safeUrl('https://example.com/a?b=1')).toBe('https://example.com/a?b=1');
    expect(safeUrl('http://example.com/')).toBe('http://example.com/');
    expect(safeUrl('/posts/1/hello')).toBe('/posts/1/hello');
    expect(safeUrl('  posts/2 ')).toBe('posts/2');
  });

  it('refuses script and data URLs, also when disguised', () => {
    expect(safeUrl('javascript:alert(1)')).toBeUndefined();
    expect(safeUrl(' JavaScript:alert(1)')).toBeUndefined();
    expect(safeUrl('java\tscript:alert(1)')).toBeUndefined();
    expect(safeUrl('data:text/html,<script>alert(1)</script>')).toBeUndefined();
    expect(safeUrl('vbscript:msgbox(1)')).toBeUndefined();
  });

  it('refuses non-strings and empty strings', () => {
    expect(safeUrl(undefined)).toBeUndefined();
    expect(safeUrl(null)).toBeUndefined();
    expect(safeUrl({ href: 'https://x' })).toBeUndefined();
    expect(safeUrl('')).toBeUndefined();
  });
});
