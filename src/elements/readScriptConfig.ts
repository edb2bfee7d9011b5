import type { ApiVersion } from '../api/types.ts';
import type { TroveConfig } from './configure.ts';

/** Read the `data-*` settings of the `<script>` that loaded the standalone bundle. */
export function readScriptConfig(script: HTMLScriptElement): TroveConfig {
  const data = script.dataset;
  const config: TroveConfig = {};
  if (data.baseUrl) config.baseUrl = data.baseUrl;
  if (data.project) config.project = data.project;
  if (data.collection) config.collection = data.collection;
  if (data.token) config.token = data.token;
  if (data.apiVersion) config.apiVersion = data.apiVersion as ApiVersion;
  if (data.userId) config.userId = data.userId;
  if (data.analytics !== undefined) config.analytics = data.analytics !== 'off' && data.analytics !== 'false';
  return config;
}
