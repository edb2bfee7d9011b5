import type { Registry } from './createRegistry.ts';
import type { FeedbackLog } from './FeedbackLog.ts';
import type { Handlers } from './loadHandlers.ts';
import type { Route } from './matchRoute.ts';

/** What every endpoint function reads: the collections, the custom handlers and the feedback log. */
export interface EndpointContext {
  registry: Registry;
  handlers: Handlers;
  feedback: FeedbackLog;
}

export type ReadRoute = Extract<Route, { kind: 'search' | 'autocomplete' | 'recommend' }>;
