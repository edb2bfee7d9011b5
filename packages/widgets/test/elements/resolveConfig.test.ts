import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/elements/resolveConfig.ts';

const attrs = (values: Record<string, string>) => (name: string) => values[name] ?? null;
const full = { 'base-url': 'https://search.example', project: 'p', collection: 'c', token: 't' };

describe('resolveConfig', () => {
  it('prefers the attribute, then configure(), then the script data', () => {
    const result = resolveConfig(
      attrs({ project: 'from-attr' }),
      { project: 'from-configure', collection: 'c-configure', token: 't' },
      { baseUrl: 'https://script.example', project: 'from-script', collection: 'c-script', token: 'x' },
    );
    expect(result).toMatchObject({
      ok: true,
      config: { baseUrl: 'https://script.example/', project: 'from-attr', collection: 'c-configure', token: 't' },
    });
  });

  it('defaults to v2 with analytics on', () => {
    expect(resolveConfig(attrs(full), {}, {})).toMatchObject({ ok: true, config: { apiVersion: 'v2', analytics: true } });
  });

  it('names every missing required setting by its attribute', () => {
    const result = resolveConfig(attrs({ project: 'p' }), {}, {}, ['doc-id']);
    expect(result).toEqual({
      ok: false,
      problems: [
        { attribute: 'base-url', kind: 'missing' },
        { attribute: 'collection', kind: 'missing' },
        { attribute: 'token', kind: 'missing' },
        { attribute: 'doc-id', kind: 'missing' },
      ],
    });
  });

  it('treats blank values as missing', () => {
    const result = resolveConfig(attrs({ ...full, token: '   ' }), {}, {});
    expect(result).toEqual({ ok: false, problems: [{ attribute: 'token', kind: 'missing' }] });
  });

  it('rejects an unknown api version and a non-http base url', () => {
    const result = resolveConfig(attrs({ ...full, 'api-version': 'v3', 'base-url': 'javascript:alert(1)' }), {}, {});
    expect(result).toEqual({
      ok: false,
      problems: [
        { attribute: 'api-version', kind: 'invalid', value: 'v3' },
        { attribute: 'base-url', kind: 'invalid', value: 'javascript:alert(1)' },
      ],
    });
  });

  it('resolves a relative base url against the page', () => {
    const result = resolveConfig(attrs({ ...full, 'base-url': '/search-api/' }), {}, {}, [], 'https://blog.example/posts/1');
    expect(result).toMatchObject({ ok: true, config: { baseUrl: 'https://blog.example/search-api/' } });
  });

  it('turns feedback off with no-analytics, configure() or the script data', () => {
    const off = (r: ReturnType<typeof resolveConfig>) => r.ok && r.config.analytics;
    expect(off(resolveConfig(attrs({ ...full, 'no-analytics': '' }), {}, {}))).toBe(false);
    expect(off(resolveConfig(attrs(full), { analytics: false }, {}))).toBe(false);
    expect(off(resolveConfig(attrs(full), {}, { analytics: false }))).toBe(false);
    expect(off(resolveConfig(attrs(full), { analytics: true }, { analytics: false }))).toBe(true);
  });

  it('passes the handler and user id through', () => {
    const result = resolveConfig(attrs({ ...full, handler: 'blog', 'user-id': 'u1' }), {}, {});
    expect(result).toMatchObject({ ok: true, config: { handler: 'blog', userId: 'u1' } });
  });
});
