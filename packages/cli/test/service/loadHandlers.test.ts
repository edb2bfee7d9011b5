import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadHandlers, validateHandlers } from '../../src/service/endpoints/loadHandlers.ts';

describe('loadHandlers', () => {
  it('returns no custom handlers without a file', () => {
    expect(loadHandlers(undefined)).toEqual({ search: {}, autocomplete: {}, recommend: {} });
  });

  it('reads handlers per endpoint kind', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'trove-handlers-')), 'h.json');
    writeFileSync(
      file,
      JSON.stringify({
        search: { news: { filters: ['category:"News"'], boost: { title: 5 }, limit: 3 } },
        recommend: { six: { limit: 6 } },
      }),
    );
    expect(loadHandlers(file)).toEqual({
      search: { news: { filters: ['category:"News"'], boost: { title: 5 }, limit: 3 } },
      autocomplete: {},
      recommend: { six: { limit: 6 } },
    });
  });

  it('names the file when it is missing or not JSON', () => {
    expect(() => loadHandlers('/nonexistent/handlers.json')).toThrow(/Cannot read handlers config \/nonexistent\/handlers.json/);
    const file = join(mkdtempSync(join(tmpdir(), 'trove-handlers-')), 'bad.json');
    writeFileSync(file, '{ nope');
    expect(() => loadHandlers(file)).toThrow(/Invalid handlers config .*bad.json: not JSON/);
  });

  it.each<[string, unknown, RegExp]>([
    ['an array', [], /top level must be an object/],
    ['an unknown kind', { index: {} }, /unknown endpoint kind "index"/],
    ['a non-object group', { search: [] }, /"search" must be an object/],
    ['a bad name', { search: { 'a b': {} } }, /handler name "a b"/],
    ['an unknown setting', { search: { x: { rows: 3 } } }, /search.x: unknown setting "rows"/],
    ['a malformed filter', { search: { x: { filters: ['category:News'] } } }, /search.x.filters: Malformed filter/],
    ['non-string filters', { search: { x: { filters: [1] } } }, /search.x.filters must be an array of strings/],
    ['a bad boost', { search: { x: { boost: { title: -1 } } } }, /search.x.boost must be/],
    ['a bad limit', { recommend: { x: { limit: 1.5 } } }, /recommend.x.limit must be an integer 0..100/],
  ])('refuses %s', (_case, config, message) => {
    expect(() => validateHandlers(config, 'test.json')).toThrow(message);
  });
});
