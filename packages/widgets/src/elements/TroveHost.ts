import { version } from '../version.ts';

// Importing this file in Node (SSR) must not throw: HTMLElement only exists in browsers.
const HTMLElementBase = (globalThis.HTMLElement ?? class {}) as typeof HTMLElement;

/** The host `adopt` is running its class's constructors on (see there). */
let adopting: TroveHost | undefined;

/**
 * The custom element class behind every Trove tag, small enough for the script loader: it hands
 * its life to `connected` and `disconnected`, which `TroveElement` implements. Until then (the
 * script loader's hosts, defined before their code has arrived) a connected host asks its class's
 * `load` for that code; once it is there the loader's class becomes the element's class
 * (`become`) and its hosts real instances of it (`adopt`), wherever they are: the document, open
 * or declarative shadow roots.
 */
export class TroveHost extends HTMLElementBase {
  /** Fetch the implementation for a connected host (the script loader's classes have it). */
  declare static load?: (host: TroveHost) => void;
  /** The Trove version that defined this class (tells two copies on one page apart). */
  static version = version;

  /**
   * The class that defined the tag (the loader's) becomes `element`: its prototype and its
   * constructor chain are `element`'s, so the hosts made from now on are instances of it, and those
   * made before are once `adopt` has run on them.
   */
  static become(element: abstract new () => TroveHost): void {
    Object.setPrototypeOf(this, element);
    Object.setPrototypeOf(this.prototype, element.prototype);
  }

  /**
   * Run the constructors of the host's class (since `become`) on a host made before: each
   * class's fields are set on it as on any instance (the chain stops here, returning the host,
   * so HTMLElement's constructor is not called twice).
   */
  static adopt(host: TroveHost): void {
    adopting = host;
    new (host.constructor as new () => TroveHost)();
  }

  // biome-ignore lint/correctness/noUnreachableSuper: `adopt` stops the chain here, the host's HTMLElement constructor has run already
  constructor() {
    const host = adopting;
    // Taken at once: an element that a field initializer makes meanwhile is constructed as usual.
    adopting = undefined;
    // biome-ignore lint/correctness/noConstructorReturn: `adopt` gives each class's fields to a host made before its class arrived
    if (host) return host;
    super();
  }

  connectedCallback(): void {
    this.connected();
  }

  disconnectedCallback(): void {
    this.disconnected();
  }

  /** The host is in a document: until its class has an implementation, ask for it. */
  protected connected(): void {
    (this.constructor as typeof TroveHost).load?.(this);
  }

  protected disconnected(): void {}
}
