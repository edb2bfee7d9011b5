import { createClient } from '../api/createClient.ts';
import type { TroveClient } from '../api/types.ts';
import type { ResolvedConfig } from './resolveConfig.ts';

const clients = new Map<string, TroveClient>();

/** One client per distinct setting, so elements on a page share its cache and in-flight requests. */
export function getClient(config: ResolvedConfig): TroveClient {
  const { baseUrl, project, collection, token, apiVersion, userId } = config;
  const key = JSON.stringify([baseUrl, project, collection, token, apiVersion, userId]);
  let client = clients.get(key);
  if (!client) {
    client = createClient({ baseUrl, project, collection, token, apiVersion, userId });
    clients.set(key, client);
  }
  return client;
}
