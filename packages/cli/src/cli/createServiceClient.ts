import { createClient } from 'trove-search-client';
import type { TroveClient } from 'trove-search-client';
import { createRetryingFetch } from './createRetryingFetch.ts';
import type { CliIo, IndexCommand } from './types.ts';

/** The client `trove index` writes through: the command's service settings, no read cache, failed requests retried. */
export function createServiceClient(command: IndexCommand, io: CliIo): TroveClient {
  return createClient({
    baseUrl: command.baseUrl!,
    project: command.project!,
    collection: command.collection!,
    token: command.token!,
    apiVersion: command.apiVersion,
    fetch: createRetryingFetch(io.fetch ?? globalThis.fetch, io.retry),
    cache: false,
  });
}
