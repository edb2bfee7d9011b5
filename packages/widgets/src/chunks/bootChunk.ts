import { configure, scriptConfig, type TroveConfig } from '../elements/configure.ts';
import type { TroveElement } from '../elements/TroveElement.ts';
import type { Catalogues } from '../elements/language/catalogues.ts';
import { readScriptConfig } from '../elements/readScriptConfig.ts';
import { catalogues } from './loaderCatalogues.ts';

/** What the standalone loader hands every chunk it loads. */
export interface LoaderHandoff {
  /** The loading `<script>` (its `data-*` settings are read here, not in the loader). */
  script: HTMLScriptElement | undefined;
  /** `Trove.configure()` calls made before this chunk arrived, in order. */
  configured: TroveConfig[];
  /** The languages of the texts, fetched from beside the chunks (the loader starts those of the waiting elements with their code). */
  catalogues: Catalogues;
}

/** What a chunk gives back: the element's class and the real `configure`. */
export interface LoadedElement {
  element: typeof TroveElement;
  configure: typeof configure;
}

/** The shape of a per-element chunk module. */
export interface ChunkExports {
  default(handoff: LoaderHandoff): LoadedElement;
}

let booted = false;

/**
 * The body of every per-element chunk of the standalone script: apply the loader's settings
 * once per page (the chunks share this module) and return the element's class, which the
 * loader's host class becomes (`TroveHost.become`), and the real `configure` for later calls.
 */
export function bootChunk(element: typeof TroveElement, handoff: LoaderHandoff): LoadedElement {
  if (!booted) {
    booted = true;
    Object.assign(catalogues, handoff.catalogues);
    scriptConfig.value = handoff.script ? readScriptConfig(handoff.script) : {};
    for (const config of handoff.configured) configure(config);
  }
  return { element, configure };
}
