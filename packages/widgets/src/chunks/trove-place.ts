import type { PlacingConfig } from '../elements/configure.ts';
import { placeElements } from '../elements/placeElements.ts';
import { readPlacingConfig } from '../elements/readScriptConfig.ts';

let started = false;

/**
 * Chunk of the standalone script that places elements without a template edit (the theme's
 * search taken over, related posts after a selector), fetched by the loader only when the script
 * tag or a `configure()` call has a placing setting (`placingSettings`). Built on its own
 * (vite.config.ts, mode `place`): it shares no file with the elements' chunks.
 */
export default function place(script: HTMLScriptElement | undefined, config?: PlacingConfig): void {
  if (!started) {
    started = true;
    if (script) placeElements(readPlacingConfig(script));
  }
  if (config) placeElements(config);
}
