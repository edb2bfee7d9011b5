import type { Analytics } from './analytics/createAnalytics.ts';
import type { Registry } from './createRegistry.ts';
import type { FeedbackLog } from './FeedbackLog.ts';
import type { Handlers } from './loadHandlers.ts';
import type { Route } from './matchRoute.ts';

/** What every endpoint function reads: the collections, the custom handlers, the feedback log and the analytics (when recorded). */
export interface EndpointContext {
  registry: Registry;
  handlers: Handlers;
  feedback: FeedbackLog;
  analytics?: Analytics;
}

export type ReadRoute = Extract<Route, { kind: 'search' | 'autocomplete' | 'recommend' }>;
