import { afterEach, describe, expect, it } from 'vitest';
import { keepPlaced } from '../../src/ui/searchBox/keepPlaced.ts';
import { placeBelow } from '../../src/ui/searchBox/placeBelow.ts';

afterEach(() => {
  document.body.replaceChildren();
});

function inShadowRoot() {
  const host = document.createElement('div');
  document.body.append(host);
  const root = host.attachShadow({ mode: 'open' });
  const element = document.createElement('div');
  element.id = 'box-1-popup';
  root.append(element);
  return { root, element };
}

const ruleText = (root: ShadowRoot) =>
  root.adoptedStyleSheets.flatMap((sheet) => [...sheet.cssRules].map((rule) => rule.cssText.replace(/\s+/g, ''))).join('');

describe('keepPlaced', () => {
  it('places the element with a rule for its id adopted into its shadow root, never a style attribute', () => {
    const { root, element } = inShadowRoot();
    const stop = keepPlaced(element, () => 'top:12px');
    expect(ruleText(root)).toBe('#box-1-popup{top:12px;}');
    expect(element.hasAttribute('style')).toBe(false);
    stop();
  });

  it('places it again on scroll and resize, and takes the rule away when stopped', () => {
    const { root, element } = inShadowRoot();
    let top = 1;
    const stop = keepPlaced(element, () => `top:${top}px`);
    top = 2;
    window.dispatchEvent(new Event('resize'));
    expect(ruleText(root)).toBe('#box-1-popup{top:2px;}');
    top = 3;
    document.body.dispatchEvent(new Event('scroll'));
    expect(ruleText(root)).toBe('#box-1-popup{top:3px;}');
    stop();
    expect(root.adoptedStyleSheets).toHaveLength(0);
    top = 4;
    window.dispatchEvent(new Event('resize'));
    expect(ruleText(root)).toBe('');
  });
});

describe('placeBelow', () => {
  function geometry(anchorTop: number, popupHeight: number) {
    const anchor = document.createElement('div');
    const popup = document.createElement('div');
    anchor.getBoundingClientRect = () => ({ top: anchorTop, bottom: anchorTop + 40, left: 30, width: 300 }) as DOMRect;
    Object.defineProperty(popup, 'offsetHeight', { value: popupHeight });
    return { anchor, popup };
  }

  it('puts the popup under the anchor, as wide and at the same left', () => {
    const { anchor, popup } = geometry(100, 200);
    expect(placeBelow(popup, anchor)).toBe('top:140px;left:30px;width:300px');
  });

  it('puts it above the anchor when it does not fit below and there is more room above', () => {
    const { anchor, popup } = geometry(innerHeight - 100, 200);
    expect(placeBelow(popup, anchor)).toBe(`top:${innerHeight - 100 - 212}px;left:30px;width:300px`);
  });

  it('keeps it below when it fits nowhere but there is more room below', () => {
    const { anchor, popup } = geometry(50, innerHeight * 2);
    expect(placeBelow(popup, anchor)).toBe('top:90px;left:30px;width:300px');
  });
});
