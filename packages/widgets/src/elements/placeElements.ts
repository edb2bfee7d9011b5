import type { PlacingConfig } from './configure.ts';
import { placeRelatedPosts } from './placeRelatedPosts.ts';
import { takeOverSearch } from './takeOverSearch.ts';

let settings: PlacingConfig = {};
let searchTaken = false;
let relatedPlaced = false;

/**
 * Apply placing settings (the script tag's, then each `configure()` call's, merged): take over
 * the page's search and place related posts, each once, when the page has been read.
 */
export function placeElements(config: PlacingConfig): void {
  settings = { ...settings, ...config, related: { ...settings.related, ...config.related } };
  const run = () => {
    if (settings.takeOverSearch && !searchTaken) {
      searchTaken = true;
      takeOverSearch();
    }
    if (settings.relatedAfter && !relatedPlaced) relatedPlaced = !!placeRelatedPosts(settings.relatedAfter, settings.related);
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', run, { once: true });
  else run();
}
