import { BUILT_IN_HANDLERS, type Handlers } from './loadHandlers.ts';
import { ServiceError } from './ServiceError.ts';
import type { EndpointKind, HandlerSettings } from './types.ts';

/** The settings of the handler a path names (its endpoint's built-in one when `name` is null); 404 for an unknown name. */
export function resolveHandler(handlers: Handlers, kind: EndpointKind, name: string | null, alsoAccepted: string[] = []): HandlerSettings {
  const wanted = name ?? BUILT_IN_HANDLERS[kind];
  const custom = handlers[kind];
  if (Object.hasOwn(custom, wanted)) return custom[wanted]!;
  if (wanted === BUILT_IN_HANDLERS[kind] || alsoAccepted.includes(wanted)) return {};
  const known = [...new Set([BUILT_IN_HANDLERS[kind], ...alsoAccepted, ...Object.keys(custom)])];
  throw new ServiceError(404, `Unknown ${kind} handler "${wanted}": known ${kind} handlers are ${known.join(', ')}`);
}
