import { h, render, type ComponentChild } from 'preact';
import { signal, type Signal } from '@preact/signals';
import type { TroveClient } from '../api/types.ts';
import { baseMessages } from '../ui/baseMessages.ts';
import { ConfigError } from '../ui/ConfigError.tsx';
import { translate, type Messages, type Translate } from '../ui/translate.ts';
import baseStyles from '../styles/base.css?inline';
import { adoptStyles } from './adoptStyles.ts';
import type { AttributeProps, AttributeSpecs } from '../ui/attributeSpec.ts';
import { configured, scriptConfig } from './configure.ts';
import type { TroveErrorEvent } from './events.ts';
import { getClient } from './getClient.ts';
import { parseAttributes } from './parseAttribute.ts';
import { resolveConfig, type ConfigProblem, type ResolvedConfig } from './resolveConfig.ts';
import { sharedAttributes } from './sharedAttributes.ts';
import { TroveHost, type HostBehaviour } from './TroveHost.ts';

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
  /** A text of the merged catalogue: English ← `configure({ translations })` ← the `translations` property. */
  t: Translate;
  /** The page's language, for `Intl`. */
  locale: string;
}

/** What the element keeps per host while connected. */
interface HostState {
  attrs: Signal<Record<string, string | null>>;
  translations: Signal<Partial<Messages>>;
  loggedProblems: string;
  /** Watches the attributes of a host whose class observes none (the script loader's). */
  watcher?: MutationObserver;
}

/** The names of a class's `attributes` (a declaration, or a plain list of names). */
const namesOf = (attributes: AttributeSpecs | readonly string[]) => (Array.isArray(attributes) ? attributes : Object.keys(attributes));

/**
 * Base of every Trove element: resolves settings, renders the subclass's Preact view into an
 * open shadow root with adopted stylesheets, merges texts, and sends events through `emit()`.
 * Declaring a subclass has no side effects; `defineElements()` registers the tags.
 *
 * The element's life is its `behaviour` (see `TroveHost`), which the script loader also mounts
 * into its own small host once the element's chunk has arrived: `renderView` therefore runs
 * with `this` set to the host, so it uses only what every host has (attributes, `emit()`).
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
  /** The events this element sends (a type only: the typings read it; `@fires` documents each). */
  declare static readonly events: { 'trove-error': TroveErrorEvent };

  static get observedAttributes(): string[] {
    return [...Object.keys(sharedAttributes), ...namesOf(this.attributes)];
  }

  static #behaviours = new WeakMap<typeof TroveElement, HostBehaviour>();

  /** This class's implementation, for its own instances. */
  static override get behaviour(): HostBehaviour {
    return TroveElement.behaviourOf(this);
  }

  /**
   * The implementation of element class `element`, to mount into any `TroveHost` (its own
   * instances, or the script loader's host of the same tag).
   */
  static behaviourOf(element: typeof TroveElement): HostBehaviour {
    let behaviour = TroveElement.#behaviours.get(element);
    if (!behaviour) {
      behaviour = createBehaviour(element);
      TroveElement.#behaviours.set(element, behaviour);
    }
    return behaviour;
  }

  attributeChangedCallback(name: string, oldValue: string | null, newValue: string | null): void {
    if (oldValue !== newValue) TroveElement.behaviourOf(this.constructor as typeof TroveElement).attributeChanged(this, name);
  }

  /** Render the element's view; re-run whenever attributes or settings change. */
  protected abstract renderView(ctx: ElementContext): ComponentChild;

  /** @internal used by the root component. */
  static renderRoot(host: TroveHost, element: typeof TroveElement, state: HostState): ComponentChild {
    const attrs = state.attrs.value;
    const attr = (name: string) => (name in attrs ? attrs[name] : host.getAttribute(name));
    const declared = Array.isArray(element.attributes) ? {} : (element.attributes as AttributeSpecs);
    const required = [...element.required, ...Object.keys(declared).filter((name) => declared[name].required)];
    const global = configured.value;
    const messages: Messages = { ...baseMessages, ...element.messages, ...global.translations, ...state.translations.value } as Messages;
    const locale = host.closest('[lang]')?.getAttribute('lang') || globalThis.navigator?.language || 'en';
    const t: Translate = (key, vars) => translate(messages, key, vars, locale);
    const result = resolveConfig(attr, global, scriptConfig.value, required, globalThis.location?.href);
    if (!result.ok) {
      const texts = result.problems.map((problem) => describeProblem(problem, required, t));
      const key = texts.join('\n');
      if (state.loggedProblems !== key) {
        state.loggedProblems = key;
        console.error(`<${host.localName}>: ${key}`);
      }
      return h(ConfigError, { messages: texts });
    }
    state.loggedProblems = '';
    const ctx: ElementContext = {
      host,
      client: getClient(result.config),
      config: result.config,
      attr,
      props: parseAttributes(declared, attr),
      t,
      locale,
    };
    return element.prototype.renderView.call(host as TroveElement, ctx);
  }
}

/** Connect, disconnect and re-render hosts with the view of `element`. */
function createBehaviour(element: typeof TroveElement): HostBehaviour {
  const states = new WeakMap<TroveHost, HostState>();
  const readAttributes = (host: TroveHost) => Object.fromEntries(element.observedAttributes.map((name) => [name, host.getAttribute(name)]));
  return {
    connected(host) {
      let state = states.get(host);
      if (!state) {
        state = { attrs: signal({}), translations: signal(host.translations), loggedProblems: '' };
        states.set(host, state);
      }
      state.attrs.value = readAttributes(host);
      state.translations.value = host.translations;
      // The loader's hosts are defined before the declarations arrive: watch their attributes here.
      if (!(host.constructor as { observedAttributes?: string[] }).observedAttributes?.length) {
        const current = state;
        current.watcher ??= new MutationObserver(() => void (current.attrs.value = readAttributes(host)));
        current.watcher.observe(host, { attributes: true });
      }
      const root = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
      adoptStyles(root, [baseStyles, element.styles]);
      render(h(ElementRoot, { host, element, state }), root);
    },
    disconnected(host) {
      states.get(host)?.watcher?.disconnect();
      if (host.shadowRoot) render(null, host.shadowRoot);
    },
    attributeChanged(host, name) {
      const state = states.get(host);
      if (state) state.attrs.value = { ...state.attrs.value, [name]: host.getAttribute(name) };
    },
    propertyChanged(host) {
      const state = states.get(host);
      if (state) state.translations.value = host.translations;
    },
  };
}

function describeProblem(problem: ConfigProblem, required: readonly string[], t: Translate): string {
  if (problem.kind === 'invalid') return t('configInvalid', { attribute: problem.attribute, value: problem.value ?? '' });
  return t(required.includes(problem.attribute) ? 'configMissingElement' : 'configMissing', { attribute: problem.attribute });
}

function ElementRoot({ host, element, state }: { host: TroveHost; element: typeof TroveElement; state: HostState }) {
  // Signals read during render subscribe this component: attribute, configure() and translation changes re-render.
  return TroveElement.renderRoot(host, element, state);
}
