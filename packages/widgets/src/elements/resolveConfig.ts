import { defaultApiVersion, isApiVersion } from 'trove-search-client';
import type { ApiVersion } from 'trove-search-client';
import type { TroveConfig } from './configure.ts';

export interface ResolvedConfig {
  baseUrl: string;
  project: string;
  collection: string;
  token: string;
  apiVersion: ApiVersion;
  userId?: string;
  /** false with `no-analytics`, `data-analytics="off"` or `configure({ analytics: false })`. */
  analytics: boolean;
  /** The element's own `handler` attribute. */
  handler?: string;
}

/** A setting that is missing or wrong, named by its element attribute. */
export interface ConfigProblem {
  attribute: string;
  kind: 'missing' | 'invalid';
  value?: string;
}

export type ConfigResult = { ok: true; config: ResolvedConfig } | { ok: false; problems: ConfigProblem[] };

type Read = (name: string) => string | null;

/**
 * Resolve an element's settings: its attribute → `configure()` → the script's `data-*`
 * (README, Settings). `required` adds element-specific required attributes (e.g. `doc-id`).
 */
export function resolveConfig(
  attr: Read,
  configured: TroveConfig,
  script: TroveConfig,
  required: readonly string[] = [],
  baseHref?: string,
): ConfigResult {
  const pick = (name: string, key: keyof TroveConfig) => {
    const value = attr(name) ?? (configured[key] as string | undefined) ?? (script[key] as string | undefined);
    return typeof value === 'string' ? value.trim() : undefined;
  };
  const problems: ConfigProblem[] = [];
  const need = (name: string, key: keyof TroveConfig) => {
    const value = pick(name, key);
    if (!value) problems.push({ attribute: name, kind: 'missing' });
    return value ?? '';
  };

  let baseUrl = need('base-url', 'baseUrl');
  const project = need('project', 'project');
  const collection = need('collection', 'collection');
  const token = need('token', 'token');
  const apiVersion = pick('api-version', 'apiVersion') || defaultApiVersion;
  for (const name of required) if (!attr(name)?.trim()) problems.push({ attribute: name, kind: 'missing' });

  if (!isApiVersion(apiVersion)) problems.push({ attribute: 'api-version', kind: 'invalid', value: apiVersion });
  if (baseUrl) {
    try {
      const url = new URL(baseUrl, baseHref);
      if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new TypeError(url.protocol);
      baseUrl = url.href;
    } catch {
      problems.push({ attribute: 'base-url', kind: 'invalid', value: baseUrl });
    }
  }
  if (problems.length) return { ok: false, problems };

  const analytics = attr('no-analytics') === null && (configured.analytics ?? script.analytics ?? true) !== false;
  return {
    ok: true,
    config: {
      baseUrl,
      project,
      collection,
      token,
      apiVersion: apiVersion as ApiVersion,
      userId: pick('user-id', 'userId') || undefined,
      analytics,
      handler: attr('handler')?.trim() || undefined,
    },
  };
}
