import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, configured, scriptConfig } from '../../src/elements/configure.ts';
import { defineElement } from '../../src/elements/defineElement.ts';
import { TroveRelatedPosts } from '../../src/elements/TroveRelatedPosts.ts';
import ar from '../../src/ui/catalogues/ar.json';
import de from '../../src/ui/catalogues/de.json';
import fr from '../../src/ui/catalogues/fr.json';
import pt from '../../src/ui/catalogues/pt.json';
import ptPT from '../../src/ui/catalogues/pt-PT.json';
import { envelope, fakeNetwork, post } from '../core/relatedFakeNetwork.ts';

defineElement('trove-related-posts', TroveRelatedPosts);

let collection = 0;

/** A related-posts block on a page whose network is faked at `fetch`, inside `around` (`<div lang="fr">…</div>`). */
function mount(around: (block: string) => string, attrs = '') {
  vi.stubGlobal('fetch', fakeNetwork(() => envelope([post(11), post(12)])).fetch);
  const block = `<trove-related-posts doc-id="42" base-url="https://search.example.com" project="demo" collection="l${++collection}" token="t" ${attrs}></trove-related-posts>`;
  document.body.innerHTML = around(block);
  return document.querySelector('trove-related-posts')!;
}
const heading = async (el: Element) => {
  let text = '';
  await vi.waitFor(() => {
    text = el.shadowRoot?.querySelector('h2')?.textContent ?? '';
    expect(text).not.toBe('');
  });
  return text;
};

describe("an element's texts in its language", () => {
  beforeEach(() => {
    configured.value = {};
    scriptConfig.value = {};
    vi.stubGlobal('IntersectionObserver', undefined);
  });
  afterEach(() => {
    document.body.innerHTML = '';
    document.documentElement.removeAttribute('lang');
    vi.unstubAllGlobals();
  });

  it("speaks the page's <html lang> with no setting, and English where the page says nothing", async () => {
    document.documentElement.lang = 'fr';
    expect(await heading(mount((block) => block))).toBe(fr.relatedHeading);
    document.documentElement.removeAttribute('lang');
    expect(await heading(mount((block) => block))).toBe('Related posts');
  });

  it('takes the nearest lang: an ancestor across a shadow root, before <html>', async () => {
    document.documentElement.lang = 'en';
    document.body.innerHTML = '<article lang="de-AT"><div id="host"></div></article>';
    const root = document.getElementById('host')!.attachShadow({ mode: 'open' });
    root.innerHTML = `<trove-related-posts doc-id="42" base-url="https://search.example.com" project="demo" collection="l${++collection}" token="t"></trove-related-posts>`;
    vi.stubGlobal('fetch', fakeNetwork(() => envelope([post(11)])).fetch);
    expect(await heading(root.querySelector('trove-related-posts')!)).toBe(de.relatedHeading);
  });

  it("lets the element's own lang win over configure({ lang }), and configure({ lang }) over the page", async () => {
    document.documentElement.lang = 'fr';
    configure({ lang: 'de' });
    expect(await heading(mount((block) => block))).toBe(de.relatedHeading);
    expect(await heading(mount((block) => block, 'lang="pt-PT"'))).toBe(ptPT.relatedHeading ?? pt.relatedHeading);
  });

  it('takes the data-lang of the script tag as a page-wide setting', async () => {
    document.documentElement.lang = 'en';
    scriptConfig.value = { lang: 'ar' };
    expect(await heading(mount((block) => block))).toBe(ar.relatedHeading);
  });

  it('keeps configure({ translations }) and the translations property over the language', async () => {
    document.documentElement.lang = 'fr';
    configure({ translations: { relatedHeading: 'À lire aussi' } });
    const el = mount((block) => block) as TroveRelatedPosts;
    expect(await heading(el)).toBe('À lire aussi');
    el.translations = { relatedHeading: 'Dans la même veine' };
    await vi.waitFor(() => expect(el.shadowRoot!.querySelector('h2')!.textContent).toBe('Dans la même veine'));
  });

  it('follows a change of its own lang attribute', async () => {
    const el = mount((block) => block, 'lang="fr"');
    expect(await heading(el)).toBe(fr.relatedHeading);
    el.setAttribute('lang', 'de');
    await vi.waitFor(() => expect(el.shadowRoot!.querySelector('h2')!.textContent).toBe(de.relatedHeading));
  });

  it('is right to left in Arabic, Hebrew and Persian unless a dir around it says otherwise', async () => {
    const direction = (el: Element) =>
      el.shadowRoot!.adoptedStyleSheets.some((sheet) =>
        [...sheet.cssRules].some((rule) => rule.cssText.replace(/\s/g, '').includes(':host{direction:rtl')),
      );
    for (const lang of ['ar', 'he', 'fa-IR']) {
      const el = mount((block) => `<div lang="${lang}">${block}</div>`);
      await heading(el);
      expect(direction(el), lang).toBe(true);
    }
    const ltr = mount((block) => `<div lang="ar" dir="ltr">${block}</div>`);
    await heading(ltr);
    expect(direction(ltr)).toBe(false);
    const french = mount((block) => `<div lang="fr">${block}</div>`);
    await heading(french);
    expect(direction(french)).toBe(false);
  });
});
