import { createClient } from 'trove-search-client';
import type { TroveClient } from 'trove-search-client';
import type { ResolvedConfig } from './resolveConfig.ts';

const clients = new Map<string, TroveClient>();

/**
 * One client per distinct setting, so elements on a page share its cache and in-flight requests.
 * The session tier of the cache is on: a page loaded again (Back, Forward, reload) shows its
 * results and related posts in the first render.
 */
export function getClient(config: ResolvedConfig): TroveClient {
  const { baseUrl, project, collection, token, apiVersion, userId } = config;
  const key = JSON.stringify([baseUrl, project, collection, token, apiVersion, userId]);
  let client = clients.get(key);
  if (!client) {
    client = createClient({ baseUrl, project, collection, token, apiVersion, userId, cache: { session: true } });
    clients.set(key, client);
  }
  return client;
}
