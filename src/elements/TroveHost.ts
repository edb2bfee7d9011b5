import type { TroveEventMap } from './events.ts';
import type { Messages } from '../ui/translate.ts';
import { version } from '../version.ts';

/** What brings a host element to life: an element's implementation (see `TroveElement`). */
export interface HostBehaviour {
  connected(host: TroveHost): void;
  disconnected(host: TroveHost): void;
  attributeChanged(host: TroveHost, name: string): void;
  propertyChanged(host: TroveHost, name: string): void;
}

// Importing this file in Node (SSR) must not throw: HTMLElement only exists in browsers.
const HTMLElementBase = (globalThis.HTMLElement ?? class {}) as typeof HTMLElement;

/**
 * The custom element class behind every Trove tag, small enough for the script loader: it keeps
 * its properties, sends events (attribute changes: see `TroveElement`), and hands its life (connect, disconnect, changes) to
 * its class's `behaviour`. Until that behaviour is there, `connectedCallback` asks the class's
 * `load` for it (the loader fetches the element's chunks); `TroveElement` has it built in.
 */
export class TroveHost extends HTMLElementBase {
  /**
   * The element's implementation, once known: the script loader sets it when the chunk arrives;
   * `TroveElement` builds its own (a static getter).
   */
  declare static behaviour?: HostBehaviour;
  /** Fetch the implementation for a connected host that has none yet (the script loader sets it). */
  declare static load?: (host: TroveHost) => void;
  /** The Trove version that defined this class (tells two copies on one page apart). */
  static version = version;

  #translations: Partial<Messages> = {};

  constructor() {
    super();
    // A property set before the element was defined (Vue, Svelte and the lazy loader do that)
    // sits on the instance and hides the accessor: take it off and set it through the accessor.
    if (Object.hasOwn(this, 'translations')) {
      const value = (this as { translations?: Partial<Messages> }).translations;
      delete (this as { translations?: unknown }).translations;
      this.translations = value ?? {};
    }
  }

  /** Overrides of any subset of this element's texts (kept until the element's code arrives). */
  get translations(): Partial<Messages> {
    return this.#translations;
  }
  set translations(value: Partial<Messages>) {
    this.#translations = { ...value };
    (this.constructor as typeof TroveHost).behaviour?.propertyChanged(this, 'translations');
  }

  connectedCallback(): void {
    const ctor = this.constructor as typeof TroveHost;
    if (ctor.behaviour) ctor.behaviour.connected(this);
    else ctor.load?.(this);
  }

  disconnectedCallback(): void {
    (this.constructor as typeof TroveHost).behaviour?.disconnected(this);
  }

  /** Send a bubbling, composed event; returns `false` when a listener cancelled it. */
  emit<K extends keyof TroveEventMap>(type: K, detail: TroveEventMap[K], options: { cancelable?: boolean } = {}): boolean {
    return this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true, cancelable: !!options.cancelable }));
  }
}
