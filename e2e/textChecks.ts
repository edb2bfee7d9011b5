import type { BrowserContext, Page } from '@playwright/test';

/**
 * The checks of text and shapes that the theme tests run on the widgets (e2e/themes.spec.ts, and
 * e2e/platforms.spec.ts on the generators' themes): contrast against what is really behind each
 * text, and its size next to the page's.
 */
export type TextCheckWindow = {
  /**
   * Texts of the three elements' shadow roots (or of what `within` selects in them) that fail:
   * contrast < 4.5:1 or a size off by > 15 %.
   */
  troveTextProblems(within?: string): { checked: number; problems: string[] };
  /** Marks, chips and the active option (in what `within` selects) whose shape is < 3:1 against what is around it. */
  troveShapeProblems(within?: string): { checked: number; problems: string[] };
};

/**
 * Gives every page of `context` the two checks, before its own scripts. The colour behind an
 * element is its own background and its ancestors' (through slots and shadow hosts) painted
 * over one another down to the first opaque one; a text's colour is its computed colour times
 * the opacity of its ancestors, painted over that.
 */
export function installTextChecks(context: BrowserContext) {
  return context.addInitScript(() => {
    type Rgba = [number, number, number, number];
    let ctx: CanvasRenderingContext2D | null = null;
    const rgba = (color: string): Rgba => {
      ctx ??= document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
      ctx.clearRect(0, 0, 1, 1);
      ctx.fillStyle = '#000';
      ctx.fillStyle = color;
      ctx.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = ctx.getImageData(0, 0, 1, 1).data;
      return [r!, g!, b!, a! / 255];
    };
    const parentOf = (el: Element): Element | null =>
      el.assignedSlot ?? el.parentElement ?? ((el.parentNode as ShadowRoot | null)?.host || null);
    const over = (top: Rgba, under: Rgba): Rgba => [0, 1, 2].map((i) => top[i]! * top[3] + under[i]! * (1 - top[3])).concat(1) as Rgba;
    const behind = (el: Element): Rgba => {
      const layers: Rgba[] = [];
      for (let e: Element | null = el; e; e = parentOf(e)) {
        const color = rgba(getComputedStyle(e).backgroundColor);
        if (color[3] > 0) layers.push(color);
        if (color[3] >= 1) break;
      }
      let under: Rgba = layers.at(-1)?.[3] === 1 ? layers.pop()! : [255, 255, 255, 1];
      for (const layer of layers.reverse()) under = over(layer, under);
      return under;
    };
    const luminance = ([r, g, b]: Rgba) => {
      const f = (c: number) => ((c /= 255) <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
      return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    const ratio = (a: Rgba, b: Rgba) => {
      const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
      return (x! + 0.05) / (y! + 0.05);
    };
    const show = (c: Rgba) => `rgb(${c.slice(0, 3).map(Math.round).join(' ')})`;
    const hosts = () => [...document.querySelectorAll('trove-search-box, trove-search-results, trove-related-posts')];
    /** Shown, and not squeezed into a visually hidden 1px box. */
    const seen = (el: Element, host: Element) => {
      if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) return false;
      for (let e: Element | null = el; e && e !== host; e = parentOf(e)) {
        const r = e.getBoundingClientRect();
        if (getComputedStyle(e).display !== 'contents' && (r.width <= 1 || r.height <= 1)) return false;
      }
      return true;
    };
    const w = window as unknown as TextCheckWindow;
    /** The shadow roots of the three elements, or what `within` selects in them. */
    const scopes = (within?: string) =>
      hosts().flatMap((host) => {
        const scope = within ? host.shadowRoot?.querySelector(within) : host.shadowRoot;
        return scope ? [{ host, root: host.shadowRoot!, scope }] : [];
      });
    w.troveTextProblems = (within) => {
      const body = Number.parseFloat(getComputedStyle(document.body).fontSize);
      const problems: string[] = [];
      let checked = 0;
      const check = (el: Element, text: string, color: string, where: string) => {
        let [r, g, b, alpha] = rgba(color);
        for (let e: Element | null = el; e; e = parentOf(e)) alpha *= Number(getComputedStyle(e).opacity);
        const bg = behind(el);
        const fg = over([r, g, b, alpha], bg);
        const contrast = ratio(fg, bg);
        const size = Number.parseFloat(getComputedStyle(el).fontSize);
        checked++;
        if (contrast < 4.5) problems.push(`${where} "${text}": ${contrast.toFixed(2)}:1, ${show(fg)} on ${show(bg)}`);
        if (Math.abs(size / body - 1) > 0.15) problems.push(`${where} "${text}": ${size}px next to ${body}px`);
      };
      for (const { host, scope } of scopes(within)) {
        const walker = document.createTreeWalker(scope, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
          const text = node.data.trim();
          const el = node.parentElement!;
          if (!text || el.closest('select') || !seen(el, host)) continue;
          check(el, text.slice(0, 30), getComputedStyle(el).color, host.localName);
        }
        for (const field of scope.querySelectorAll<HTMLInputElement | HTMLSelectElement>('input, select')) {
          if (!seen(field, host)) continue;
          check(field, `${field.localName} ${field.value}`, getComputedStyle(field).color, host.localName);
          if (field instanceof HTMLInputElement && field.placeholder && !field.value)
            check(field, `placeholder ${field.placeholder}`, getComputedStyle(field, '::placeholder').color, host.localName);
        }
      }
      return { checked, problems };
    };
    w.troveShapeProblems = (within) => {
      const problems: string[] = [];
      let checked = 0;
      const shape = (el: Element, color: string, where: string) => {
        const around = behind(parentOf(el)!);
        const contrast = ratio(over(rgba(color), around), around);
        checked++;
        if (contrast < 3) problems.push(`${where} "${el.textContent?.trim().slice(0, 30)}": ${contrast.toFixed(2)}:1 on ${show(around)}`);
      };
      for (const { host, root, scope } of scopes(within)) {
        for (const mark of scope.querySelectorAll('mark'))
          if (seen(mark, host)) shape(mark, getComputedStyle(mark).backgroundColor, 'mark');
        const chips = '[part~="chip"], [part~="facet-chip"], [part~="active-filter"], [part~="suggestion-chip"], [part~="tag"]';
        for (const chip of scope.querySelectorAll(chips)) {
          if (!seen(chip, host)) continue;
          const style = getComputedStyle(chip);
          // A chip stands out by its border, or by its fill where that is opaque (a pressed facet).
          const fill = rgba(style.backgroundColor);
          shape(chip, fill[3] === 1 ? style.backgroundColor : style.borderTopColor, 'chip');
        }
        for (const option of scope.querySelectorAll('[part~="option-active"]'))
          shape(option, getComputedStyle(option).borderInlineStartColor, 'active option');
        const focused = root.activeElement;
        if (focused?.matches(':focus-visible') && scope.contains(focused))
          shape(focused, getComputedStyle(focused).outlineColor, 'focus ring');
      }
      return { checked, problems };
    };
  });
}

export const textProblems = (page: Page, within?: string) =>
  page.evaluate((w) => (window as unknown as TextCheckWindow).troveTextProblems(w), within);
export const shapeProblems = (page: Page, within?: string) =>
  page.evaluate((w) => (window as unknown as TextCheckWindow).troveShapeProblems(w), within);
