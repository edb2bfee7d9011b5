import type { EndpointContext, EndpointRequest } from './EndpointContext.ts';
import type { FeedbackEntry } from '../store/FeedbackLog.ts';
import { LIMITS } from '../limits.ts';
import type { Route } from './matchRoute.ts';
import { parseJsonBody } from './parseJsonBody.ts';
import { resolveHandler } from './resolveHandler.ts';
import { ServiceError } from '../ServiceError.ts';

/**
 * Feedback (v2 only): GET query, or POST body form-encoded (also `text/plain` from sendBeacon) or
 * JSON; body wins over query. Required: autocomplete `query` and `item_order`; recommendation
 * `source_id`, `target_id`, `item_order`; `item_order` a positive integer. Handlers: autocomplete
 * `suggest` or a custom autocomplete handler; recommendation `default` (as docs/http-api.md names it),
 * `recommend` or a custom recommend handler (the rows' `handlers`, src/api/endpoints.ts). Counted
 * by the analytics (analytics/createAnalytics.ts, through the session's daily hash), then appended
 * to the feedback log before the answer, without `session_id`, `user_id` and `user_ip`.
 * Bounded (limits.ts): at most 32 parameters, names and values of at most 2,048 characters, JSON
 * values strings, numbers or booleans (an object or array is a 400); the body's own limit is set
 * in createService.ts.
 */
export async function feedbackEndpoint(ctx: EndpointContext, request: EndpointRequest<Route & { kind: 'feedback' }>): Promise<null> {
  const { row, route, params, body, contentType } = request;
  ctx.registry.find(route.project, route.collection);
  resolveHandler(ctx.handlers, row, route.handler);
  const values: Record<string, string> = {};
  let count = 0;
  const set = (name: string, value: string) => {
    if (name.length > LIMITS.feedbackValueLength || value.length > LIMITS.feedbackValueLength) {
      const what = name.length > LIMITS.feedbackValueLength ? 'A parameter name' : `Parameter ${name}`;
      throw new ServiceError(400, `${what} is too long: feedback values are at most ${LIMITS.feedbackValueLength} characters`);
    }
    if (++count > LIMITS.feedbackParams) {
      throw new ServiceError(400, `Too many feedback parameters: at most ${LIMITS.feedbackParams}`);
    }
    values[name] = value;
  };
  for (const [name, value] of params) if (name !== 'token') set(name, value);
  if (body !== null && body.trim() !== '') {
    if (contentType.toLowerCase().includes('json')) {
      const parsed = parseJsonBody(body, 'feedback must be a JSON object or form-encoded');
      if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
        throw new ServiceError(400, 'Invalid feedback body: expected a JSON object of parameters');
      }
      for (const [name, value] of Object.entries(parsed)) {
        if (name === 'token' || value === null || value === undefined) continue;
        if (typeof value === 'object') {
          throw new ServiceError(
            400,
            `Invalid feedback parameter ${name}: must be a string or a number, not ${Array.isArray(value) ? 'an array' : 'an object'}`,
          );
        }
        set(name, String(value));
      }
    } else {
      for (const [name, value] of new URLSearchParams(body)) if (name !== 'token') set(name, value);
    }
  }
  const required = route.target === 'autocomplete' ? ['query', 'item_order'] : ['source_id', 'target_id', 'item_order'];
  const missing = required.filter((name) => values[name] === undefined);
  if (missing.length > 0) {
    throw new ServiceError(400, `Missing ${missing.join(', ')}: ${route.target} feedback needs ${required.join(', ')}`);
  }
  if (!/^[1-9]\d*$/.test(values.item_order!)) {
    throw new ServiceError(400, `Invalid item_order ${JSON.stringify(values.item_order)}: must be a positive integer (1-based position)`);
  }
  const entry: FeedbackEntry = {
    time: new Date().toISOString(),
    kind: route.target,
    version: 'v2',
    handler: route.handler,
    project: route.project,
    collection: route.collection,
    params: values,
  };
  ctx.analytics?.feedback(entry);
  // Accepted as the API defines them, never kept: no session id, user id or IP address at rest.
  const { session_id, user_id, user_ip, ...kept } = values;
  await ctx.feedback.append({ ...entry, params: kept });
  return null;
}
