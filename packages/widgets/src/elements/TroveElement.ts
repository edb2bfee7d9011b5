import { h, render, type ComponentChild } from 'preact';
import { computed, signal, type Signal } from '@preact/signals';
import { useMemo } from 'preact/hooks';
import type { TroveClient } from 'trove-search-client';
import { anchorScroll } from '../ui/anchorScroll.ts';
import { baseMessages } from '../ui/baseMessages.ts';
import { ConfigError } from '../ui/ConfigError.tsx';
import { translate, type Messages, type Translate } from '../ui/translate.ts';
import { useSignalValue } from '../ui/useSignalValue.ts';
import baseStyles from '../styles/base.css?inline';
import { adoptStyles } from './adoptStyles.ts';
import type { AttributeProps, AttributeSpecs } from '../ui/attributeSpec.ts';
import { configured, scriptConfig } from './configure.ts';
import { followPageColors } from './followPageColors.ts';
import type { TroveErrorEvent, TroveEventMap } from './events.ts';
import { getClient } from './getClient.ts';
import { catalogueOf, loadCatalogue } from './language/catalogueOf.ts';
import { catalogues } from './language/catalogues.ts';
import { elementLanguage } from './language/elementLanguage.ts';
import { nearestAttribute } from './language/nearestAttribute.ts';
import { parseAttributes } from './parseAttribute.ts';
import { resolveConfig, type ConfigProblem, type ResolvedConfig } from './resolveConfig.ts';
import { sharedAttributes } from './sharedAttributes.ts';
import { TroveHost } from './TroveHost.ts';

export type { ResolvedConfig };

/** What an element's view gets: a ready client and its settings, attribute reads, texts. */
export interface ElementContext<S extends AttributeSpecs = AttributeSpecs> {
  host: TroveHost;
  client: TroveClient;
  config: ResolvedConfig;
  /** Reactive read of an attribute (the view re-renders when it changes). */
  attr(name: string): string | null;
  /** The declared attributes, parsed as their declaration says, each under its prop name (`min-chars` → `minChars`). */
  props: AttributeProps<S>;
  /** A text of the merged catalogue: English ← the element's language ← `configure({ translations })` ← the `translations` property. */
  t: Translate;
  /** The element's language (its `lang`, the page's, or the browser's), for `Intl`. */
  locale: string;
}

/** What an element keeps while connected. */
interface HostState {
  attrs: Signal<Record<string, string | null>>;
  translations: Signal<Partial<Messages>>;
  loggedProblems: string;
  /** Watches the attributes of a host whose class observes none (the script loader's). */
  watcher?: MutationObserver;
  /** Stops following the page's colours. */
  unfollow?: () => void;
  /** Stops the scroll anchoring done here where the browser has none (`anchorScroll`). */
  unanchor?: () => void;
}

/** Languages written right to left, in which the elements are too unless a `dir` around them says otherwise. */
const rightToLeft = /^(ar|he|fa)$/;

/** The names of a class's `attributes` (a declaration, or a plain list of names). */
const namesOf = (attributes: AttributeSpecs | readonly string[]) => (Array.isArray(attributes) ? attributes : Object.keys(attributes));

/**
 * Base of every Trove element: resolves settings, renders the subclass's Preact view into an
 * open shadow root with adopted stylesheets, merges texts, and sends events through `emit()`.
 * Declaring a subclass has no side effects; `defineElements()` registers the tags. Where the
 * browser does not anchor scrolling (Safari), an element that changes above the viewport keeps
 * what the reader reads in place itself (`anchorScroll`).
 *
 * In the script build the loader's host class becomes the element's class once its chunk has
 * arrived (`TroveHost.become`), and a host made before is adopted on connection: every element
 * is a real instance of its class in both builds, with its fields, and `this` in `renderView`
 * is the element.
 */
export abstract class TroveElement extends TroveHost {
  /** Element-specific attributes: their declaration (or just their names). */
  static attributes: AttributeSpecs | readonly string[] = [];
  /** Element-specific required attributes (besides those declared `required`). */
  static required: readonly string[] = [];
  /** This element's CSS text, adopted after base.css. */
  static styles = '';
  /** This element's English texts. */
  static messages: Messages = {};
  /** Whether it changes size in the page's flow, and so keeps the reader in place where the browser does not (`anchorScroll`). */
  static grows = true;
  /** The events this element sends (a type only: the typings read it; `@fires` documents each). */
  declare static readonly events: { 'trove-error': TroveErrorEvent };

  static get observedAttributes(): string[] {
    return [...Object.keys(sharedAttributes), ...namesOf(this.attributes)];
  }

  #state: HostState = { attrs: signal({}), translations: signal({}), loggedProblems: '' };

  constructor() {
    super();
    // A property set before this class arrived (before the tag was defined, as Vue and Svelte do,
    // or on the loader's host) sits on the instance and hides the accessor: set it through the accessor.
    if (Object.hasOwn(this, 'translations')) {
      const value = (this as { translations?: Partial<Messages> }).translations;
      delete (this as { translations?: unknown }).translations;
      this.translations = value ?? {};
    }
  }

  /** Overrides of any subset of this element's texts (the manifest lists it on each element: custom-elements-manifest.config.mjs). @internal */
  get translations(): Partial<Messages> {
    return this.#state.translations.value;
  }
  /** @internal */
  set translations(value: Partial<Messages>) {
    this.#state.translations.value = { ...value };
  }

  #readAttributes(): Record<string, string | null> {
    return Object.fromEntries((this.constructor as typeof TroveElement).observedAttributes.map((name) => [name, this.getAttribute(name)]));
  }

  protected override connected(): void {
    // A host the script loader made before this class arrived: give it this class's fields first.
    if (!(#state in this)) TroveHost.adopt(this);
    const state = this.#state;
    state.attrs.value = this.#readAttributes();
    // The loader's classes observe no attributes (the registry read none when it defined them): watch them here.
    if ((this.constructor as typeof TroveHost).load) {
      state.watcher ??= new MutationObserver(() => void (state.attrs.value = this.#readAttributes()));
      state.watcher.observe(this, { attributes: true });
    }
    // In another language than English the first render waits for its texts (the loader has started them with this code).
    const language = this.#language();
    if (catalogueOf(language)) this.#render();
    else loadCatalogue(language).then(() => this.isConnected && this.#render());
  }

  #render(): void {
    const state = this.#state;
    const root = this.shadowRoot ?? this.attachShadow({ mode: 'open' });
    const { grows } = this.constructor as typeof TroveElement;
    const styles = (this.constructor as typeof TroveElement).styles + (this.#rightToLeft() ? ':host{direction:rtl}' : '');
    // Where the browser does not anchor scrolling: what is drawn after the element, measured before its styles and first render.
    if (grows) state.unanchor ??= anchorScroll(this, root);
    // base.css with the page's colours after it (light or dark, its background, its link colour), then the element's own.
    adoptStyles(root, [baseStyles, styles]);
    state.unfollow ??= followPageColors(this, (palette) => adoptStyles(root, [baseStyles + palette, styles]));
    render(h(ElementRoot, { view: () => this.#view() }), root);
  }

  /** The language of the element's texts as `lang` says it (`''` when nothing does); its own `lang` read through the attributes' signal, so that a change renders again. */
  #tag(): string {
    const own = this.#state.attrs.value.lang;
    const global = configured.value.lang || scriptConfig.value.lang;
    return own || elementLanguage(this, global);
  }

  /** The catalogue of the element's language (`en` for English and for a language with none). */
  #language(): string {
    return catalogues.match(this.#tag());
  }

  #rightToLeft(): boolean {
    return rightToLeft.test(this.#language()) && !nearestAttribute(this, 'dir');
  }

  protected override disconnected(): void {
    if (!(#state in this)) return;
    this.#state.watcher?.disconnect();
    this.#state.unfollow?.();
    this.#state.unfollow = undefined;
    this.#state.unanchor?.();
    this.#state.unanchor = undefined;
    if (this.shadowRoot) render(null, this.shadowRoot);
  }

  attributeChangedCallback(name: string, oldValue: string | null, newValue: string | null): void {
    if (oldValue !== newValue && #state in this) this.#state.attrs.value = { ...this.#state.attrs.value, [name]: newValue };
  }

  /** Render the element's view; re-run whenever attributes or settings change. */
  /** Send a bubbling, composed event; returns `false` when a listener cancelled it. @internal */
  emit<K extends keyof TroveEventMap>(type: K, detail: TroveEventMap[K], options: { cancelable?: boolean } = {}): boolean {
    const event = new CustomEvent(type, { detail, bubbles: true, composed: true, cancelable: !!options.cancelable });
    return this.dispatchEvent(event);
  }

  protected abstract renderView(ctx: ElementContext): ComponentChild;

  /** The settings resolved and the context built, the view; or the explained error. */
  #view(): ComponentChild {
    const element = this.constructor as typeof TroveElement;
    const state = this.#state;
    const attrs = state.attrs.value;
    const attr = (name: string) => (name in attrs ? attrs[name] : this.getAttribute(name));
    const declared = Array.isArray(element.attributes) ? {} : (element.attributes as AttributeSpecs);
    const required = [...element.required, ...Object.keys(declared).filter((name) => declared[name].required)];
    const global = configured.value;
    const language = this.#language();
    const catalogue = catalogueOf(language);
    // Until a language's texts arrive (its `lang` changed), English: then they render.
    if (!catalogue) void loadCatalogue(language);
    const messages = {
      ...baseMessages,
      ...element.messages,
      ...catalogue,
      ...global.translations,
      ...state.translations.value,
    } as Messages;
    const locale = this.#tag() || globalThis.navigator?.language || 'en';
    const t: Translate = (key, vars) => translate(messages, key, vars, locale);
    const result = resolveConfig(attr, global, scriptConfig.value, required, globalThis.location?.href);
    if (!result.ok) {
      const texts = result.problems.map((problem) => describeProblem(problem, required, t));
      const key = texts.join('\n');
      if (state.loggedProblems !== key) {
        state.loggedProblems = key;
        console.error(`<${this.localName}>: ${key}`);
      }
      return h(ConfigError, { messages: texts });
    }
    state.loggedProblems = '';
    return this.renderView({
      host: this,
      client: getClient(result.config),
      config: result.config,
      attr,
      props: parseAttributes(declared, attr),
      t,
      locale,
    });
  }
}

function describeProblem(problem: ConfigProblem, required: readonly string[], t: Translate): string {
  if (problem.kind === 'invalid') return t('configInvalid', { attribute: problem.attribute, value: problem.value ?? '' });
  return t(required.includes(problem.attribute) ? 'configMissingElement' : 'configMissing', { attribute: problem.attribute });
}

function ElementRoot({ view }: { view: () => ComponentChild }) {
  // Attribute, configure() and translation changes (the signals the view reads) render it again.
  return useSignalValue(useMemo(() => computed(view), [view]));
}
