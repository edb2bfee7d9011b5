import type { TroveHost as LoaderHostClass } from '../elements/TroveHost.ts';

/**
 * `TroveHost` as the chunks of the standalone script see it: the loader's own class, not a
 * second copy. Only the `chunks` build uses this module (vite.config.ts aliases
 * `elements/TroveHost.ts` to it there): `TroveElement` extends `TroveHost` so that
 * `defineElements()` can register real elements, but the chunks never construct one: they only
 * build each element's `behaviour` (`TroveElement.behaviourOf`), which the loader mounts into its
 * own hosts. The loader has already run when any chunk runs (it is what imports them) and keeps
 * its class under `Symbol.for('trove.loader')` (src/standalone.ts); a second copy of the loader
 * does nothing, so the class found there is always the one of the loader that asked for this chunk.
 */
export const TroveHost = (globalThis as Record<symbol, unknown>)[Symbol.for('trove.loader')] as typeof LoaderHostClass;
