import type { TroveConfig } from './configure.ts';

/** The text settings a `<script>` tag can carry, as `data-base-url` and so on. */
const TEXT_SETTINGS = ['baseUrl', 'project', 'collection', 'token', 'apiVersion', 'userId'] as const;

/** Read the `data-*` settings of the `<script>` that loaded the standalone bundle. */
export function readScriptConfig(script: HTMLScriptElement): TroveConfig {
  const data = script.dataset;
  const config: Record<string, unknown> = {};
  for (const key of TEXT_SETTINGS) if (data[key]) config[key] = data[key];
  if (data.analytics !== undefined) config.analytics = data.analytics !== 'off' && data.analytics !== 'false';
  return config as TroveConfig;
}
