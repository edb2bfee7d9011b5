import { describe, expect, it } from 'vitest';
import { escapeControl } from '../../src/service/escapeControl.ts';
import { fitResults } from '../../src/service/http/fitResults.ts';
import { isLoopbackHost } from '../../src/service/http/isLoopbackHost.ts';
import { LIMITS } from '../../src/service/limits.ts';
import { parseJsonBody } from '../../src/service/endpoints/parseJsonBody.ts';
import { tokensEqual } from '../../src/service/http/tokensEqual.ts';

describe('the small guards of the service', () => {
  it('tokensEqual matches equal tokens only, whatever their lengths, and never a missing one', () => {
    expect(tokensEqual('secret', 'secret')).toBe(true);
    expect(tokensEqual('secret', 'secreT')).toBe(false);
    expect(tokensEqual('secret', 'secret-but-longer')).toBe(false);
    expect(tokensEqual('', 'x')).toBe(false);
    expect(tokensEqual('x', undefined)).toBe(false);
  });

  it('escapeControl writes control and bidirectional characters as escapes and keeps the rest', () => {
    expect(escapeControl('evil\u001b[2J\u009b\u202ename')).toBe('evil\\u{1b}[2J\\u{9b}\\u{202e}name');
    expect(escapeControl('Café ☕ 日本 tab\there')).toBe('Café ☕ 日本 tab\\u{9}here');
  });

  it('isLoopbackHost reads Host headers with ports', () => {
    for (const host of ['127.0.0.1:8787', 'localhost:5173', '[::1]:8787', 'LOCALHOST']) expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ['attacker.example:8787', '192.0.2.1:80', '[2001:db8::1]:8787']) expect(isLoopbackHost(host), host).toBe(false);
  });

  it('parseJsonBody counts nesting outside strings only', () => {
    const inString = `{"a":"${'['.repeat(100)}\\"${'{'.repeat(100)}"}`;
    expect(parseJsonBody(inString, 'x')).toEqual({ a: `${'['.repeat(100)}"${'{'.repeat(100)}` });
    const atLimit = `${'['.repeat(LIMITS.jsonDepth)}${']'.repeat(LIMITS.jsonDepth)}`;
    expect(() => parseJsonBody(atLimit, 'x')).not.toThrow();
    expect(() => parseJsonBody(`[${atLimit}]`, 'x')).toThrow(/nests too deep/);
  });

  it('fitResults cuts a page at the size ceiling, keeping at least one record', () => {
    const page = { found_documents: 3, results: ['a'.repeat(40), 'b'.repeat(40), 'c'.repeat(40)], facets: null };
    expect(fitResults(page, 100).results).toHaveLength(2);
    expect(fitResults(page, 100).found_documents).toBe(3);
    expect(fitResults(page, 10).results).toHaveLength(1);
    expect(fitResults(page, 1000)).toBe(page);
    expect(fitResults(null, 10)).toBe(null);
  });
});
