import { afterEach, describe, expect, it } from 'vitest';
import { configured, scriptConfig } from '../../src/elements/configure.ts';
import { defineElement } from '../../src/elements/defineElement.ts';
import { TroveElement, type ElementContext } from '../../src/elements/TroveElement.ts';
import { TroveHost } from '../../src/elements/TroveHost.ts';

/** An element that shows one translated text and the parsed value of each declared attribute. */
class TextElement extends TroveElement {
  static override attributes = {
    count: { type: 'number', default: 3, max: 9 },
    mode: { type: ['a', 'b'], default: 'a' },
    on: { type: 'boolean' },
  } as const;
  static override messages = { hello: 'Hello' };
  protected renderView(ctx: ElementContext<typeof TextElement.attributes>) {
    return <p>{`${ctx.t('hello')} ${ctx.props.count} ${ctx.props.mode} ${ctx.props.on}`}</p>;
  }
}

const settings = 'base-url="https://search.example" project="p" collection="c" token="t"';
const text = (el: Element) => el.shadowRoot?.textContent?.trim();
const tick = () => new Promise((resolve) => setTimeout(resolve));
let n = 0;

describe('TroveHost', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    configured.value = {};
    scriptConfig.value = {};
  });

  it('applies a translations property set before the element was defined', () => {
    const tag = `trove-host-early-${++n}`;
    document.body.innerHTML = `<${tag} ${settings}></${tag}>`;
    const el = document.querySelector(tag) as HTMLElement & { translations?: object };
    el.translations = { hello: 'Hallo' };
    defineElement(tag, class extends TextElement {});
    expect(Object.hasOwn(el, 'translations')).toBe(false);
    expect(text(el)).toBe('Hallo 3 a false');
  });

  it('parses declared attributes: numbers within bounds, allowed words, presence', async () => {
    const tag = `trove-host-parse-${++n}`;
    defineElement(tag, class extends TextElement {});
    document.body.innerHTML = `<${tag} ${settings} count="12" mode="c" on></${tag}>`;
    const el = document.querySelector(tag)!;
    expect(text(el)).toBe('Hello 9 a true');
    el.setAttribute('count', 'x');
    el.setAttribute('mode', 'b');
    el.removeAttribute('on');
    await tick();
    expect(text(el)).toBe('Hello 3 b false');
  });

  it('keeps properties and attribute changes until its implementation arrives, then mounts with them', async () => {
    const tag = `trove-host-lazy-${++n}`;
    const waiting: TroveHost[] = [];
    // Like the script loader's hosts: no observed attributes, the implementation watches them.
    class Lazy extends TroveHost {
      static override load = (host: TroveHost) => void waiting.push(host);
    }
    defineElement(tag, Lazy);
    const shadowed = document.createElement('div');
    document.body.append(shadowed);
    const root = shadowed.attachShadow({ mode: 'open' });
    root.innerHTML = `<${tag} ${settings}></${tag}>`;
    // Until then a property is the instance's own (the element's class takes it over).
    const el = root.querySelector(tag) as TroveHost & { translations?: object };
    expect(waiting).toEqual([el]);
    el.translations = { hello: 'Salut' };
    el.setAttribute('count', '5');
    expect(el.shadowRoot).toBeNull();

    Lazy.become(class extends TextElement {});
    el.connectedCallback();
    expect(text(el)).toBe('Salut 5 a false');
    el.translations = { hello: 'Hej' };
    el.setAttribute('mode', 'b');
    el.setAttribute('count', '6');
    await tick();
    expect(text(el)).toBe('Hej 6 b false');
  });

  it('makes hosts made before their class arrived real instances of it, with its fields, and this in renderView the element', async () => {
    const tag = `trove-host-become-${++n}`;
    class Lazy extends TroveHost {
      static override load = () => {};
    }
    defineElement(tag, Lazy);
    document.body.innerHTML = `<${tag} ${settings} id="early"></${tag}>`;
    const made = () => {
      const el = document.createElement(tag);
      for (const [name, value] of [
        ['base-url', 'https://search.example'],
        ['project', 'p'],
        ['collection', 'c'],
        ['token', 't'],
      ])
        el.setAttribute(name, value);
      return el;
    };
    const detached = made();
    const early = document.querySelector(tag) as TroveHost;

    let count = 0;
    const innerTag = `trove-host-inner-${n}`;
    defineElement(innerTag, class extends TroveHost {});
    class Counter extends TroveElement {
      readonly serial = ++count;
      /** An element made while the host is being adopted is an element of its own. */
      readonly inner = document.createElement(innerTag);
      #greeting = 'Hi';
      protected renderView(ctx: ElementContext) {
        return <p>{`${this.#greeting} ${this.serial} ${this === ctx.host} ${this.id}`}</p>;
      }
    }
    Lazy.become(Counter);
    early.connectedCallback();
    expect(early).toBeInstanceOf(Counter);
    expect(text(early)).toBe('Hi 1 true early');
    expect((early as Counter).inner).not.toBe(early);
    expect((early as Counter).inner.localName).toBe(innerTag);

    // Made before, connected after the class arrived; and one made after.
    document.body.append(detached);
    expect(text(detached)).toBe('Hi 2 true');
    const later = made();
    document.body.append(later);
    expect(later).toBeInstanceOf(Counter);
    expect(text(later)).toBe('Hi 3 true');
    // Connecting again adopts nothing twice.
    early.remove();
    document.body.append(early);
    expect(text(early)).toBe('Hi 1 true early');
    expect(count).toBe(3);
  });
});
