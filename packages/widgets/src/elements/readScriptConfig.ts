import type { PlacingConfig, TroveConfig } from './configure.ts';

/** The text settings a `<script>` tag can carry, as `data-base-url` and so on. */
const TEXT_SETTINGS = ['baseUrl', 'project', 'collection', 'token', 'apiVersion', 'userId', 'lang'] as const;

/** Whether an on/off `data-*` setting is on: present and not `off` or `false`. */
const isOn = (value: string | undefined) => value !== undefined && value !== 'off' && value !== 'false';

/** Read the `data-*` settings of the `<script>` that loaded the standalone bundle. */
export function readScriptConfig(script: HTMLScriptElement): TroveConfig {
  const data = script.dataset;
  const config: Record<string, unknown> = {};
  for (const key of TEXT_SETTINGS) if (data[key]) config[key] = data[key];
  if (data.analytics !== undefined) config.analytics = data.analytics !== 'off' && data.analytics !== 'false';
  return config as TroveConfig;
}

/**
 * The settings that place elements on the page without a template edit (README, "Without a
 * template edit"), by their name in `configure()` and on the script tag (`data-take-over-search`,
 * `data-related-after`): the loader fetches the code that places them (`chunks/trove-place.js`)
 * only when one is there, so these names are all it carries of them.
 */
export const placingSettings = ['takeOverSearch', 'relatedAfter'] as const satisfies readonly (keyof PlacingConfig)[];

/** The prefix of the script tag's attributes of the placed `<trove-related-posts>` (`data-related-limit="3"`). */
const RELATED = 'related';

/**
 * Read the placing settings of the script tag: `data-take-over-search` (on unless `off` or
 * `false`), `data-related-after` (a selector), and every other `data-related-*` as an attribute
 * of the placed `<trove-related-posts>` (`data-related-heading="Read next"` → `heading`).
 */
export function readPlacingConfig(script: HTMLScriptElement): PlacingConfig {
  const data = script.dataset;
  const config: PlacingConfig = {};
  if (data.takeOverSearch !== undefined) config.takeOverSearch = isOn(data.takeOverSearch);
  if (data.relatedAfter) config.relatedAfter = data.relatedAfter;
  const related: Record<string, string> = {};
  for (const [key, value] of Object.entries(data))
    if (key !== 'relatedAfter' && /^related[A-Z]/.test(key) && value !== undefined)
      related[key.slice(RELATED.length).replace(/[A-Z]/g, (c, at: number) => `${at ? '-' : ''}${c.toLowerCase()}`)] = value;
  if (Object.keys(related).length) config.related = related;
  return config;
}
