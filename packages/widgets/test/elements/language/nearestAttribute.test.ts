import { afterEach, describe, expect, it } from 'vitest';
import { elementLanguage } from '../../../src/elements/language/elementLanguage.ts';
import { nearestAttribute } from '../../../src/elements/language/nearestAttribute.ts';

describe('nearestAttribute and elementLanguage', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    document.documentElement.removeAttribute('lang');
  });

  it("reads the element's own lang, then its ancestors', then <html>'s", () => {
    document.documentElement.lang = 'de';
    document.body.innerHTML = '<div lang="fr"><p><span id="a"></span></p></div><span id="b"></span><span id="c" lang="ja"></span>';
    expect(nearestAttribute(document.getElementById('a')!, 'lang')).toBe('fr');
    expect(nearestAttribute(document.getElementById('b')!, 'lang')).toBe('de');
    expect(nearestAttribute(document.getElementById('c')!, 'lang')).toBe('ja');
  });

  it('crosses shadow roots to their hosts, however deep', () => {
    document.body.innerHTML = '<section lang="ar"><div id="outer"></div></section>';
    const inner = document.getElementById('outer')!.attachShadow({ mode: 'open' });
    inner.innerHTML = '<p><i id="host"></i></p>';
    const deeper = inner.getElementById('host')!.attachShadow({ mode: 'open' });
    deeper.innerHTML = '<b></b>';
    expect(nearestAttribute(deeper.querySelector('b')!, 'lang')).toBe('ar');
    expect(nearestAttribute(deeper.querySelector('b')!, 'dir')).toBeNull();
  });

  it('gives a page-wide setting before the lang around the element, but after its own', () => {
    document.body.innerHTML = '<div lang="fr"><span id="a"></span><span id="b" lang="es"></span></div>';
    expect(elementLanguage(document.getElementById('a')!, 'de')).toBe('de');
    expect(elementLanguage(document.getElementById('b')!, 'de')).toBe('es');
    expect(elementLanguage(document.getElementById('a')!)).toBe('fr');
    expect(elementLanguage(document.body)).toBe('');
  });
});
