import type { Registry } from './createRegistry.ts';
import type { Handlers } from './loadHandlers.ts';
import type { Route } from './matchRoute.ts';

/** What every endpoint function reads: the collections and the custom handlers. */
export interface EndpointContext {
  registry: Registry;
  handlers: Handlers;
}

export type ReadRoute = Extract<Route, { kind: 'search' | 'autocomplete' | 'recommend' }>;
