import { h, render, type ComponentChild } from 'preact';
import { signal } from '@preact/signals';
import type { TroveClient } from '../api/types.ts';
import { baseMessages } from '../ui/baseMessages.ts';
import { ConfigError } from '../ui/ConfigError.tsx';
import { translate, type Messages, type Translate } from '../ui/translate.ts';
import baseStyles from '../styles/base.css?inline';
import { version } from '../version.ts';
import { adoptStyles } from './adoptStyles.ts';
import { configured, scriptConfig } from './configure.ts';
import type { TroveEventMap } from './events.ts';
import { getClient } from './getClient.ts';
import { resolveConfig, type ConfigProblem, type ResolvedConfig } from './resolveConfig.ts';

export type { ResolvedConfig };

/** What an element's view gets: a ready client and its settings, attribute reads, texts. */
export interface ElementContext {
  host: TroveElement;
  client: TroveClient;
  config: ResolvedConfig;
  /** Reactive read of an attribute (the view re-renders when it changes). */
  attr(name: string): string | null;
  /** Is the boolean attribute present? */
  bool(name: string): boolean;
  /** A text of the merged catalogue: English ← `configure({ translations })` ← the `translations` property. */
  t: Translate;
  /** The page's language, for `Intl`. */
  locale: string;
}

/** Attributes every element reads (DESIGN.md §1.1), plus `theme`. */
const sharedAttributes = ['base-url', 'project', 'collection', 'token', 'api-version', 'handler', 'user-id', 'no-analytics', 'theme'];

// Importing this file in Node (SSR) must not throw: HTMLElement only exists in browsers.
const HTMLElementBase = (globalThis.HTMLElement ?? class {}) as typeof HTMLElement;

/**
 * Base of every Trove element: resolves settings, renders the subclass's Preact view into an
 * open shadow root with adopted stylesheets, merges texts, and sends events through `emit()`.
 * Declaring a subclass has no side effects; `defineElements()` registers the tags.
 */
export abstract class TroveElement extends HTMLElementBase {
  /** Element-specific attributes to observe. */
  static attributes: readonly string[] = [];
  /** Element-specific required attributes. */
  static required: readonly string[] = [];
  /** This element's CSS text, adopted after base.css. */
  static styles = '';
  /** This element's English texts. */
  static messages: Messages = {};
  /** The Trove version that defined this class (tells two copies on one page apart). */
  static version = version;

  static get observedAttributes(): string[] {
    return [...sharedAttributes, ...this.attributes];
  }

  readonly #attrs = signal<Record<string, string | null>>({});
  readonly #translations = signal<Partial<Messages>>({});
  #loggedProblems = '';

  /** Overrides of any subset of this element's texts. */
  get translations(): Partial<Messages> {
    return this.#translations.value;
  }
  set translations(value: Partial<Messages>) {
    this.#translations.value = { ...value };
  }

  /** Render the element's view; re-run whenever attributes or settings change. */
  protected abstract renderView(ctx: ElementContext): ComponentChild;

  connectedCallback(): void {
    const ctor = this.constructor as typeof TroveElement;
    const root = this.shadowRoot ?? this.attachShadow({ mode: 'open' });
    adoptStyles(root, [baseStyles, ctor.styles]);
    this.#syncAttributes();
    render(h(ElementRoot, { host: this }), root);
  }

  disconnectedCallback(): void {
    if (this.shadowRoot) render(null, this.shadowRoot);
  }

  attributeChangedCallback(name: string, oldValue: string | null, newValue: string | null): void {
    if (oldValue !== newValue) this.#attrs.value = { ...this.#attrs.value, [name]: newValue };
  }

  /** Send a bubbling, composed event; returns `false` when a listener cancelled it. */
  emit<K extends keyof TroveEventMap>(type: K, detail: TroveEventMap[K], options: { cancelable?: boolean } = {}): boolean {
    return this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true, cancelable: !!options.cancelable }));
  }

  #syncAttributes(): void {
    const all: Record<string, string | null> = {};
    for (const name of (this.constructor as typeof TroveElement).observedAttributes) all[name] = this.getAttribute(name);
    this.#attrs.value = all;
  }

  /** @internal used by the root component. */
  static renderRoot(host: TroveElement): ComponentChild {
    const ctor = host.constructor as typeof TroveElement;
    const attrs = host.#attrs.value;
    const attr = (name: string) => (name in attrs ? attrs[name] : host.getAttribute(name));
    const global = configured.value;
    const messages: Messages = { ...baseMessages, ...ctor.messages, ...global.translations, ...host.#translations.value } as Messages;
    const locale = host.closest('[lang]')?.getAttribute('lang') || globalThis.navigator?.language || 'en';
    const t: Translate = (key, vars) => translate(messages, key, vars, locale);
    const result = resolveConfig(attr, global, scriptConfig.value, ctor.required, globalThis.location?.href);
    if (!result.ok) {
      const texts = result.problems.map((problem) => describeProblem(problem, ctor.required, t));
      const key = texts.join('\n');
      if (host.#loggedProblems !== key) {
        host.#loggedProblems = key;
        console.error(`<${host.localName}>: ${key}`);
      }
      return h(ConfigError, { messages: texts });
    }
    host.#loggedProblems = '';
    const ctx: ElementContext = {
      host,
      client: getClient(result.config),
      config: result.config,
      attr,
      bool: (name) => attr(name) !== null,
      t,
      locale,
    };
    return host.renderView(ctx);
  }
}

function describeProblem(problem: ConfigProblem, required: readonly string[], t: Translate): string {
  if (problem.kind === 'invalid') return t('configInvalid', { attribute: problem.attribute, value: problem.value ?? '' });
  return t(required.includes(problem.attribute) ? 'configMissingElement' : 'configMissing', { attribute: problem.attribute });
}

function ElementRoot({ host }: { host: TroveElement }) {
  // Signals read during render subscribe this component: attribute, configure() and translation changes re-render.
  return TroveElement.renderRoot(host);
}
