import { configure, scriptConfig, type TroveConfig } from '../elements/configure.ts';
import { defineElement } from '../elements/defineElement.ts';

/** What the standalone loader hands every chunk it loads. */
export interface LoaderHandoff {
  /** The loading `<script>`'s `data-*` settings. */
  script: TroveConfig;
  /** `Trove.configure()` calls made before this chunk arrived, in order. */
  configured: TroveConfig[];
}

let booted = false;

/**
 * The body of every per-element chunk of the standalone script: apply the loader's settings
 * once per page (the chunks share this module), define the chunk's element, and return the
 * real `configure` for the loader to forward later calls to.
 */
export function bootChunk(tag: string, element: CustomElementConstructor, handoff: LoaderHandoff): typeof configure {
  if (!booted) {
    booted = true;
    scriptConfig.value = handoff.script;
    for (const config of handoff.configured) configure(config);
  }
  defineElement(tag, element);
  return configure;
}
