import type { EndpointRow } from 'trove-search-client';
import type { Analytics } from '../analytics/createAnalytics.ts';
import type { Registry } from '../store/createRegistry.ts';
import type { FeedbackLog } from '../store/FeedbackLog.ts';
import type { Handlers } from './loadHandlers.ts';
import type { Route } from './matchRoute.ts';

/** What every endpoint function reads: the collections, the custom handlers, the feedback log and the analytics (when recorded). */
export interface EndpointContext {
  registry: Registry;
  handlers: Handlers;
  feedback: FeedbackLog;
  analytics?: Analytics;
}

/** A request as an endpoint function gets it, its path, method, token and body limits checked (createService.ts). */
export interface EndpointRequest<R = Route> {
  /** The endpoint's row in src/api/endpoints.ts. */
  row: EndpointRow;
  route: R;
  params: URLSearchParams;
  /** The body of a request that is not GET or HEAD, else null. */
  body: string | null;
  /** Its `Content-Type` header ('' without one). */
  contentType: string;
}
