import { defaultHandler, type EndpointRow } from 'trove-search-client';
import type { Handlers } from './loadHandlers.ts';
import { ServiceError } from '../ServiceError.ts';
import type { HandlerSettings } from '../types.ts';

/**
 * The settings of the handler a path names, in the row's group of handlers (its default handler
 * when `name` is null, src/api/endpoints.ts); 404 for an unknown name.
 */
export function resolveHandler(handlers: Handlers, row: EndpointRow, name: string | null): HandlerSettings {
  const kind = row.handlers!.group;
  const builtIn = defaultHandler(row)!;
  const alsoAccepted = row.handlers?.alsoAccepted ?? [];
  const wanted = name ?? builtIn;
  const custom = handlers[kind];
  if (Object.hasOwn(custom, wanted)) return custom[wanted]!;
  if (wanted === builtIn || alsoAccepted.includes(wanted)) return {};
  const known = [...new Set([builtIn, ...alsoAccepted, ...Object.keys(custom)])];
  throw new ServiceError(404, `Unknown ${kind} handler "${wanted}": known ${kind} handlers are ${known.join(', ')}`);
}
