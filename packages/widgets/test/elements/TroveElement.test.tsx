import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, configured, scriptConfig } from '../../src/elements/configure.ts';
import { defineElement } from '../../src/elements/defineElement.ts';
import { TroveElement, type ElementContext } from '../../src/elements/TroveElement.ts';

/** A minimal element: shows its settings and a translated text. */
class TestElement extends TroveElement {
  static override attributes = ['greeting'];
  static override required = ['doc-id'];
  static override styles = '.shown { color: red; }';
  static override messages = { hello: 'Hello {name}' };
  lastContext?: ElementContext;
  protected renderView(ctx: ElementContext) {
    this.lastContext = ctx;
    return (
      <p part="shown" class="shown">
        {ctx.t('hello', { name: ctx.attr('greeting') ?? '?' })} {ctx.config.project} {ctx.config.apiVersion}
      </p>
    );
  }
}
defineElement('trove-test-element', TestElement);

const settings = 'base-url="https://search.example" project="p" collection="c" token="t" doc-id="1"';
const mount = (attrs: string) => {
  document.body.innerHTML = `<trove-test-element ${attrs}></trove-test-element>`;
  return document.querySelector('trove-test-element') as TestElement;
};
const text = (el: TestElement) => el.shadowRoot?.textContent?.replace(/\s+/g, ' ').trim();

describe('TroveElement', () => {
  beforeEach(() => {
    configured.value = {};
    scriptConfig.value = {};
  });
  afterEach(() => {
    document.body.innerHTML = '';
    vi.restoreAllMocks();
  });

  it('renders its view into an open shadow root with adopted stylesheets and no style element', () => {
    const el = mount(`${settings} greeting="Ada"`);
    expect(text(el)).toBe('Hello Ada p v2');
    expect(el.shadowRoot?.mode).toBe('open');
    expect(el.shadowRoot?.adoptedStyleSheets.length).toBe(2);
    expect(el.shadowRoot?.querySelector('style')).toBeNull();
  });

  it('re-renders when an attribute changes', async () => {
    const el = mount(`${settings} greeting="Ada"`);
    el.setAttribute('greeting', 'Grace');
    el.setAttribute('api-version', 'v1');
    await Promise.resolve();
    await new Promise((r) => setTimeout(r));
    expect(text(el)).toBe('Hello Grace p v1');
  });

  it('shows an explained error and logs once when settings are missing', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const el = mount('project="p" doc-id="1"');
    const alert = el.shadowRoot?.querySelector('[role="alert"]');
    expect(alert?.getAttribute('part')).toContain('error');
    expect(alert?.textContent).toContain('“base-url” setting is missing');
    expect(alert?.textContent).toContain('“token” setting is missing');
    el.setAttribute('greeting', 'again');
    await new Promise((r) => setTimeout(r));
    expect(error).toHaveBeenCalledTimes(1);
    expect(String(error.mock.calls[0][0])).toContain('base-url');
  });

  it('names a missing element attribute', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const el = mount('base-url="https://s.example" project="p" collection="c" token="t"');
    expect(text(el)).toContain('the “doc-id” attribute is missing');
  });

  it('takes settings from configure() and updates when it is called later', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const el = mount('doc-id="1"');
    configure({ baseUrl: 'https://s.example', project: 'configured', collection: 'c', token: 't' });
    await new Promise((r) => setTimeout(r));
    expect(text(el)).toBe('Hello ? configured v2');
  });

  it('lets the element attribute win over configure() and the script data', () => {
    scriptConfig.value = { baseUrl: 'https://s.example', project: 'script', collection: 'c', token: 't' };
    configure({ project: 'configured' });
    expect(text(mount('doc-id="1"'))).toBe('Hello ? configured v2');
    expect(text(mount('doc-id="1" project="attr"'))).toBe('Hello ? attr v2');
  });

  it('applies translations from configure() and the translations property, the property last', async () => {
    configure({ translations: { hello: 'Hallo {name}' } });
    const el = mount(`${settings} greeting="Ada"`);
    expect(text(el)).toBe('Hallo Ada p v2');
    el.translations = { hello: 'Bonjour {name}' };
    await new Promise((r) => setTimeout(r));
    expect(text(el)).toBe('Bonjour Ada p v2');
  });

  it('shares one client between elements with the same settings', () => {
    document.body.innerHTML = `<trove-test-element ${settings}></trove-test-element><trove-test-element ${settings}></trove-test-element>`;
    const [a, b] = document.querySelectorAll<TestElement>('trove-test-element');
    expect(a.lastContext?.client).toBeDefined();
    expect(a.lastContext?.client).toBe(b.lastContext?.client);
  });

  it('emits bubbling, composed events that report cancellation', () => {
    const el = mount(settings);
    const seen: Event[] = [];
    document.addEventListener(
      'trove-search',
      (event) => {
        seen.push(event);
        event.preventDefault();
      },
      { once: true },
    );
    expect(el.emit('trove-search', { q: 'x', filters: [] }, { cancelable: true })).toBe(false);
    expect(seen[0]).toMatchObject({ bubbles: true, composed: true, detail: { q: 'x', filters: [] } });
    expect(el.emit('trove-search', { q: 'y', filters: [] })).toBe(true);
  });

  it('warns and keeps the first definition when another copy defines the same tag', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    class Other extends TestElement {
      static override version = '9.9.9';
    }
    defineElement('trove-test-element', Other);
    defineElement('trove-test-element', TestElement);
    expect(customElements.get('trove-test-element')).toBe(TestElement);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0][0])).toMatch(/already defined by Trove/);
  });
});
