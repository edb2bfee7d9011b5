import { describe, expect, it } from 'vitest';
import { matchRoute } from '../../src/service/endpoints/matchRoute.ts';

const v2 = '/api/v2/projects/demo/collections/blog';
const v1 = '/api/v1/demo/collections/blog';
const where2 = { version: 'v2', project: 'demo', collection: 'blog' };
const where1 = { version: 'v1', project: 'demo', collection: 'blog' };

describe('matchRoute', () => {
  it('matches every v2 endpoint', () => {
    expect(matchRoute(`${v2}/documents`)).toEqual({ ...where2, kind: 'index' });
    expect(matchRoute(`${v2}/search/default`)).toEqual({ ...where2, kind: 'search', handler: 'default' });
    expect(matchRoute(`${v2}/autocomplete/`)).toEqual({ ...where2, kind: 'autocomplete', handler: null });
    expect(matchRoute(`${v2}/autocomplete`)).toEqual({ ...where2, kind: 'autocomplete', handler: null });
    expect(matchRoute(`${v2}/autocomplete/titles`)).toEqual({ ...where2, kind: 'autocomplete', handler: 'titles' });
    expect(matchRoute(`${v2}/recommend/`)).toEqual({ ...where2, kind: 'recommend', handler: null });
    expect(matchRoute(`${v2}/recommend/similar`)).toEqual({ ...where2, kind: 'recommend', handler: 'similar' });
    expect(matchRoute(`${v2}/recommend/feedback/hits`)).toEqual({ ...where2, kind: 'feedback', target: 'recommendation', handler: null });
    expect(matchRoute(`${v2}/recommend/default/feedback/hits`)).toEqual({
      ...where2,
      kind: 'feedback',
      target: 'recommendation',
      handler: 'default',
    });
    expect(matchRoute(`${v2}/autocomplete/feedback/hits`)).toEqual({ ...where2, kind: 'feedback', target: 'autocomplete', handler: null });
    expect(matchRoute(`${v2}/autocomplete/suggest/feedback/hits`)).toEqual({
      ...where2,
      kind: 'feedback',
      target: 'autocomplete',
      handler: 'suggest',
    });
  });

  it('matches every v1 endpoint, without feedback', () => {
    expect(matchRoute(`${v1}/documents`)).toEqual({ ...where1, kind: 'index' });
    expect(matchRoute(`${v1}/search/default`)).toEqual({ ...where1, kind: 'search', handler: 'default' });
    expect(matchRoute(`${v1}/autocomplete/`)).toEqual({ ...where1, kind: 'autocomplete', handler: null });
    expect(matchRoute(`${v1}/recommend/x`)).toEqual({ ...where1, kind: 'recommend', handler: 'x' });
    expect(matchRoute(`${v1}/recommend/feedback/hits`)).toBeNull();
    expect(matchRoute(`${v1}/autocomplete/suggest/feedback/hits`)).toBeNull();
  });

  it('decodes percent-encoded segments', () => {
    expect(matchRoute('/api/v2/projects/my%20site/collections/a%2Fb/search/h%C3%A9')).toEqual({
      version: 'v2',
      project: 'my site',
      collection: 'a/b',
      kind: 'search',
      handler: 'hé',
    });
  });

  it('needs the handler on search and knows no other paths', () => {
    expect(matchRoute(`${v2}/search`)).toBeNull();
    expect(matchRoute(`${v2}/search/`)).toBeNull();
    expect(matchRoute(`${v2}/search/a/b`)).toBeNull();
    expect(matchRoute(`${v2}/documents/1`)).toBeNull();
    expect(matchRoute('/api/v2/demo/collections/blog/search/default')).toBeNull();
    expect(matchRoute('/api/v1/projects/demo/collections/blog/search/default')).toBeNull();
    expect(matchRoute('/api/v3/projects/demo/collections/blog/search/default')).toBeNull();
    expect(matchRoute(`${v2}//search/default`)).toBeNull();
    expect(matchRoute('/api')).toBeNull();
  });

  it('throws 400 on broken percent-encoding', () => {
    expect(() => matchRoute(`${v2}/search/%E0%A4%A`)).toThrow(/broken percent-encoding/);
  });
});
