import type { TroveHost as LoaderHostClass } from '../elements/TroveHost.ts';

/**
 * `TroveHost` as the chunks of the standalone script see it: the loader's own class, not a
 * second copy. Only the `chunks` build uses this module (vite.config.ts aliases
 * `elements/TroveHost.ts` to it there): the element classes of the chunks extend the loader's
 * class, so that the loader's class of each tag can become the element's (`TroveHost.become`) and
 * its hosts real instances of it, with one `HTMLElement` constructor call each. The loader has already run when any chunk runs (it is what imports them) and keeps
 * its class under `Symbol.for('trove.loader')` (src/standalone.ts); a second copy of the loader
 * does nothing, so the class found there is always the one of the loader that asked for this chunk.
 */
export const TroveHost = (globalThis as Record<symbol, unknown>)[Symbol.for('trove.loader')] as typeof LoaderHostClass;
